import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import type { Clock } from '../../src/infra/jobs/clock';
import { type Job, type Period, Scheduler, type ShardedWork } from '../../src/infra/jobs/scheduler';
import { FLEX_HOURLY_JOB, flexibleHour, runFlexibleHour } from '../../src/lines/simple-earn/engine';
import { SeReason } from '../../src/lines/simple-earn/model';
import { freshDatabase } from '../harness';

const HOUR = 3_600_000;
/** A whole hour well in the past, so that every row's time is fixed. */
const H0 = Date.UTC(2026, 0, 5, 10);
const period = (i: number): Period => ({
  start: new Date(H0 + i * HOUR),
  end: new Date(H0 + (i + 1) * HOUR),
});

/**
 * Two assets whose positions interleave by id: USDT, whose demand covers every offer, with a bonus
 * pool and some holders whose minimum APR is above the rate; BTC, whose demand runs out part-way
 * through the offers, so one offer is lent in part. Pending amounts from an earlier hour start
 * earning in the first hour.
 */
async function seed(db: Db): Promise<void> {
  const at = new Date(H0 - 2 * HOUR).toISOString();
  await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
    ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz), ('BTC', 'Bitcoin', 60000, ${at}::timestamptz, ${at}::timestamptz)`);
  await db.execute(
    sql`INSERT INTO users (email, password_hash, created_at, referral_code) SELECT 'u' || g || '@example.com', 'x', ${at}::timestamptz, 'R' || g FROM generate_series(1, 90) g`,
  );
  await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until, ext_award_rate_year, ext_award_limit, is_open_award_pool)
    VALUES ('USDT', 1, 0.0523, 1e15, ${at}::timestamptz, 0.031, 2000, true), ('BTC', 0.001, 0.0150, 7.5, ${at}::timestamptz, 0, 0, false)`);
  await db.execute(sql`INSERT INTO se_flex_positions (user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
    SELECT g, CASE WHEN g % 2 = 0 THEN 'USDT' ELSE 'BTC' END,
      CASE WHEN g % 2 = 0 THEN (g * 137 % 5000) + 10.123456 ELSE (g % 7) * 0.37 + 0.01234567 END,
      CASE WHEN g % 2 = 0 THEN (CASE WHEN g % 10 = 0 THEN 0.09 ELSE 0 END) ELSE (g % 5) * 0.005 END,
      ${at}::timestamptz - make_interval(mins => g % 13), ${at}::timestamptz
    FROM generate_series(1, 84) g`);
  await db.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    SELECT id, ${new Date(H0 - HOUR).toISOString()}::timestamptz, asset, CASE WHEN asset = 'USDT' THEN 250.5 ELSE 0.125 END
    FROM se_flex_positions WHERE id % 9 = 0`);
}

/** Everything the hour writes, as text: rows, positions, products, hours and balances. */
async function books(db: Db): Promise<Record<string, string[]>> {
  const q = async (query: ReturnType<typeof sql>) => (await rows<{ r: string }>(db, query)).map((x) => x.r);
  return {
    interest: await q(
      sql`SELECT concat_ws(' ', period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset) AS r
          FROM se_flex_interest ORDER BY period_start, position_id`,
    ),
    positions: await q(
      sql`SELECT concat_ws(' ', id, principal, acc_offset, bonus_cum, frozen_amount) AS r FROM se_flex_positions ORDER BY id`,
    ),
    products: await q(
      sql`SELECT concat_ws(' ', asset, acc_index, accrued_until, last_rate_year, last_supplied, last_lent, liquidity_left, bonus_paid_total) AS r
          FROM se_flex_products ORDER BY asset`,
    ),
    hours: await q(
      sql`SELECT concat_ws(' ', asset, period_start, rate_year, demand, supplied, lent, interest_paid, bonus_paid, bonus_asset, index_after) AS r
          FROM se_flex_hours ORDER BY asset, period_start`,
    ),
    balances: await q(
      sql`SELECT concat_ws(' ', user_id, asset, purpose, balance) AS r FROM ledger_accounts WHERE balance <> 0 ORDER BY user_id, asset, purpose`,
    ),
    pending: await q(
      sql`SELECT concat_ws(' ', position_id, hour_start, amount) AS r FROM se_flex_pending ORDER BY position_id`,
    ),
  };
}

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
      await seed(d.database.db);
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

    const a = await books(whole.database.db);
    const b = await books(db);
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
    expect(await books(db)).toEqual(await books(whole.database.db));
    expect((await entries(db))[SeReason.flexInterest]).toBe(33);
    const runs = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM job_runs WHERE job = ${FLEX_HOURLY_JOB}`,
    );
    expect(runs[0]?.n).toBe(3);
  }, 300_000);
});
