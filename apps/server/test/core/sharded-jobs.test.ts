import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import type { Clock } from '../../src/infra/jobs/clock';
import { type Job, Scheduler, type ShardedWork } from '../../src/infra/jobs/scheduler';
import { FLEX_HOURLY_JOB, flexibleHour, runFlexibleHour } from '../../src/lines/simple-earn/engine';
import { SeReason } from '../../src/lines/simple-earn/model';
import { freshDatabase } from '../harness';
import { flexBooks, period, seedFlexBook } from './flex-book';

async function entries(db: Db): Promise<Record<string, number>> {
  const found = await rows<{ reason: string; n: number }>(
    db,
    sql`SELECT reason, COUNT(*)::int AS n FROM journal_entries GROUP BY reason ORDER BY reason`,
  );
  return Object.fromEntries(found.map((r) => [r.reason, r.n]));
}

const clockAt = (at: () => Date): Clock => ({ kind: 'test', now: at, refresh: async () => undefined });

function flexJob(work: ShardedWork = flexibleHour): Job {
  return {
    name: FLEX_HOURLY_JOB,
    periodSeconds: 3600,
    run: (tx, p) => runFlexibleHour(tx, p),
    sharded: work,
  };
}

describe('a period in shards books what the period whole books', () => {
  let whole: { database: Database; drop(): Promise<void> };
  let sharded: { database: Database; drop(): Promise<void> };
  let faulty: { database: Database; drop(): Promise<void> };
  beforeAll(async () => {
    whole = await freshDatabase();
    sharded = await freshDatabase();
    faulty = await freshDatabase();
    for (const d of [whole, sharded, faulty]) {
      await d.database.migrate();
      await seedFlexBook(d.database.db, { users: 90, positions: 84, btcDemand: 7.5 });
    }
    for (let i = 0; i < 3; i++) await whole.database.db.transaction((tx) => runFlexibleHour(tx, period(i)));
  }, 300_000);
  afterAll(async () => {
    for (const d of [whole, sharded, faulty]) {
      await d?.database.close();
      await d?.drop();
    }
  });

  it('three hours in shards of 7 positions: every row, balance and index to the 8th decimal, one entry per shard', async () => {
    const db = sharded.database.db;
    let now = period(0).end;
    const scheduler = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      { shardRows: 7, shardWaitMs: 5 },
    );
    const job = flexJob();
    for (let i = 0; i < 3; i++) {
      now = period(i).end;
      expect(await scheduler.runPeriod(job, period(i))).toBe(true);
    }
    // 42 USDT holders (6 ranges of 7) and 42 BTC holders (6 ranges): 12 shards an hour, each booked once.
    const shards = await rows<{ n: number; done: number; periods: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n, COUNT(done_at)::int AS done, COUNT(DISTINCT period_start)::int AS periods FROM job_shards WHERE job = ${FLEX_HOURLY_JOB}`,
    );
    expect(shards[0]).toEqual({ n: 36, done: 36, periods: 3 });
    expect(scheduler.shardsBooked.get(FLEX_HOURLY_JOB)).toBe(36);
    const closed = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM job_periods WHERE job = ${FLEX_HOURLY_JOB} AND closed_at IS NOT NULL AND shards = 12`,
    );
    expect(closed[0]?.n).toBe(3);

    const a = await flexBooks(whole.database.db);
    const b = await flexBooks(db);
    // USDT: 38 holders offer at 0 % (4 ask 9 %), BTC: lent in order until 7.5 BTC run out.
    expect(a.interest?.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
    const ea = await entries(whole.database.db);
    const eb = await entries(db);
    // Whole: one interest entry per asset and hour, one bonus entry per hour (USDT's pool). Sharded:
    // one per shard that lent: every USDT range, and the BTC ranges before the demand ran out.
    const lending = await rows<{ interest: number; bonus: number }>(
      db,
      sql`SELECT COUNT(*) FILTER (WHERE (result->>'interest')::numeric > 0)::int AS interest,
            COUNT(*) FILTER (WHERE (result->>'bonus')::numeric > 0)::int AS bonus FROM job_shards`,
    );
    expect(ea[SeReason.flexInterest]).toBe(6);
    expect(ea[SeReason.flexBonus]).toBe(3);
    expect(lending[0]).toEqual({ interest: 33, bonus: 18 });
    expect(eb[SeReason.flexInterest]).toBe(33);
    expect(eb[SeReason.flexBonus]).toBe(18);
  }, 300_000);

  it('a shard whose transaction fails is claimed again and booked once; the period closes after it', async () => {
    const db = faulty.database.db;
    let failed = 0;
    const failing: ShardedWork = {
      ...flexibleHour,
      async book(tx, p, params) {
        const result = await flexibleHour.book(tx, p, params);
        // After the shard's rows and entries are written, inside its transaction.
        if (params.asset === 'BTC' && params.part === 2 && failed === 0) {
          failed++;
          throw new Error('injected fault in shard BTC/2');
        }
        return result;
      },
    };
    let now = period(0).end;
    const scheduler = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      { shardRows: 7, shardWaitMs: 5 },
    );
    await expect(scheduler.runPeriod(flexJob(failing), period(0))).rejects.toThrow('injected fault');
    const open = await rows<{ done: number; left: number; runs: number }>(
      db,
      sql`SELECT COUNT(done_at)::int AS done, COUNT(*) FILTER (WHERE done_at IS NULL)::int AS left,
            (SELECT COUNT(*)::int FROM job_runs WHERE job = ${FLEX_HOURLY_JOB}) AS runs
          FROM job_shards WHERE job = ${FLEX_HOURLY_JOB}`,
    );
    // Shards go in asset order: BTC's first 2 were booked, BTC/2 rolled back; nothing closed.
    expect(open[0]).toEqual({ done: 2, left: 10, runs: 0 });
    const half = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM job_periods WHERE job = ${FLEX_HOURLY_JOB} AND closed_at IS NULL`,
    );
    expect(half[0]?.n).toBe(1);

    // Another instance (a second scheduler) takes the period up where it stopped.
    const other = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      { shardRows: 7, shardWaitMs: 5 },
    );
    expect(await other.runPeriod(flexJob(failing), period(0))).toBe(true);
    expect(other.shardsBooked.get(FLEX_HOURLY_JOB)).toBe(10);
    for (let i = 1; i < 3; i++) {
      now = period(i).end;
      expect(await scheduler.runPeriod(flexJob(failing), period(i))).toBe(true);
    }
    expect(failed).toBe(1);
    expect(await flexBooks(db)).toEqual(await flexBooks(whole.database.db));
    expect((await entries(db))[SeReason.flexInterest]).toBe(33);
    const runs = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM job_runs WHERE job = ${FLEX_HOURLY_JOB}`,
    );
    expect(runs[0]?.n).toBe(3);
  }, 300_000);
});
