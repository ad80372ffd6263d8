import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import { TestClock } from '../../src/infra/jobs/clock';
import { type Job, type Period, Scheduler } from '../../src/infra/jobs/scheduler';
import { FLEX_HOURLY_JOB, flexibleHour, runFlexibleHour } from '../../src/lines/simple-earn/engine';
import { freshDatabase } from '../harness';

const HOUR = 3_600_000;
/** A whole hour well in the past, so that every row's time is fixed. */
const H0 = Date.UTC(2026, 0, 5, 10);
const HOURS = 7;
const period = (i: number): Period => ({
  start: new Date(H0 + i * HOUR),
  end: new Date(H0 + (i + 1) * HOUR),
});

/**
 * USDT, whose demand covers every offer, with a bonus pool; BTC, whose demand runs out part-way
 * through the offers (one offer lent in part); pending amounts from the hour before start earning.
 */
async function seed(db: Db): Promise<void> {
  const at = new Date(H0 - 2 * HOUR).toISOString();
  await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
    ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz), ('BTC', 'Bitcoin', 60000, ${at}::timestamptz, ${at}::timestamptz)`);
  await db.execute(
    sql`INSERT INTO users (email, password_hash, created_at, referral_code) SELECT 'u' || g || '@example.com', 'x', ${at}::timestamptz, 'R' || g FROM generate_series(1, 40) g`,
  );
  await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until, ext_award_rate_year, ext_award_limit, is_open_award_pool)
    VALUES ('USDT', 1, 0.0523, 1e15, ${at}::timestamptz, 0.031, 2000, true), ('BTC', 0.001, 0.0150, 3.5, ${at}::timestamptz, 0, 0, false)`);
  await db.execute(sql`INSERT INTO se_flex_positions (user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
    SELECT g, CASE WHEN g % 2 = 0 THEN 'USDT' ELSE 'BTC' END,
      CASE WHEN g % 2 = 0 THEN (g * 137 % 5000) + 10.123456 ELSE (g % 7) * 0.37 + 0.01234567 END,
      CASE WHEN g % 2 = 0 THEN (CASE WHEN g % 10 = 0 THEN 0.09 ELSE 0 END) ELSE (g % 5) * 0.005 END,
      ${at}::timestamptz - make_interval(mins => g % 13), ${at}::timestamptz
    FROM generate_series(1, 40) g`);
  await db.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    SELECT id, ${new Date(H0 - HOUR).toISOString()}::timestamptz, asset, CASE WHEN asset = 'USDT' THEN 250.5 ELSE 0.125 END
    FROM se_flex_positions WHERE id % 9 = 0`);
}

/** Everything the hours write, as text: rows, positions, products, hours and balances. */
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
  };
}

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
      await seed(fresh.database.db);
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
      const a = await books(reference);
      const b = await books(db);
      expect(a.interest?.length).toBeGreaterThan(100);
      expect(b).toEqual(a);
    }, 300_000);
});
