import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import { TestClock } from '../../src/infra/jobs/clock';
import { type Job, Scheduler } from '../../src/infra/jobs/scheduler';
import { FLEX_HOURLY_JOB, flexibleHour, runFlexibleHour } from '../../src/lines/simple-earn/engine';
import { freshDatabase } from '../harness';
import { flexBooks, H0, period, seedFlexBook } from './flex-book';

const HOURS = 7;

const flexJob: Job = {
  name: FLEX_HOURLY_JOB,
  periodSeconds: 3600,
  run: (tx, p) => runFlexibleHour(tx, p),
  sharded: flexibleHour,
};

/**
 * A clock advance runs each stop (the clock's move, the periods due, the due work) in one
 * transaction; a stop holding a sharded period larger than a shard is rolled back and run again a
 * period a transaction. Either way the books are those of each hour run whole, to the 8th decimal.
 */
describe('a clock advance in stops books what each hour whole books', () => {
  type Fresh = { database: Database; drop(): Promise<void> };
  const dbs: Record<'whole' | 'grouped' | 'split', Fresh | undefined> = {
    whole: undefined,
    grouped: undefined,
    split: undefined,
  };
  beforeAll(async () => {
    for (const key of ['whole', 'grouped', 'split'] as const) {
      const fresh = await freshDatabase();
      dbs[key] = fresh;
      await fresh.database.migrate();
      await seedFlexBook(fresh.database.db, { users: 40, positions: 40, btcDemand: 3.5 });
    }
    const whole = dbs.whole?.database.db;
    if (!whole) throw new Error('no database');
    for (let i = 0; i < HOURS; i++) await whole.transaction((tx) => runFlexibleHour(tx as Db, period(i)));
  }, 300_000);
  afterAll(async () => {
    for (const d of Object.values(dbs)) {
      await d?.database.close();
      await d?.drop();
    }
  });

  for (const [key, shardRows, shards] of [
    ['grouped', 1_000_000, 2 * HOURS],
    ['split', 7, 6 * HOURS],
  ] as const)
    it(`${key}: shard rows ${shardRows}, ${HOURS} hours in one advance, ${shards} shards booked`, async () => {
      const db = dbs[key]?.database.db;
      const reference = dbs.whole?.database.db;
      if (!db || !reference) throw new Error('no database');
      const clock = await TestClock.open(db, period(0).end.getTime());
      const scheduler = new Scheduler(db, clock, undefined, { shardRows, shardWaitMs: 5 });
      scheduler.register(flexJob);
      const now = await scheduler.advance(clock, (HOURS - 1) * 3600);
      expect(now.getTime()).toBe(period(HOURS - 1).end.getTime());
      const runs = await rows<{ n: number; first: string }>(
        db,
        sql`SELECT COUNT(*)::int AS n, MIN(period_start)::text AS first FROM job_runs WHERE job = ${FLEX_HOURLY_JOB}`,
      );
      expect(runs[0]?.n).toBe(HOURS);
      expect(new Date(runs[0]?.first ?? '').getTime()).toBe(H0);
      // Grouped: one shard per asset and hour, booked in the stop; split: 20 holders per asset in
      // ranges of 7, each a transaction of its own.
      expect(scheduler.shardsBooked.get(FLEX_HOURLY_JOB)).toBe(shards);
      const a = await flexBooks(reference);
      const b = await flexBooks(db);
      expect(a.interest?.length).toBeGreaterThan(100);
      expect(b).toEqual(a);
    }, 300_000);
});
