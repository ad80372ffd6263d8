import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import type { Clock } from '../../src/infra/jobs/clock';
import { type Job, type Period, Scheduler, type ShardedWork } from '../../src/infra/jobs/scheduler';
import { readsOf, rollupsOf } from '../../src/kernel/module';
import { UserPurpose } from '../../src/ledger/accounts';
import { postBulkEntry } from '../../src/ledger/bulk';
import { reconcile } from '../../src/ledger/reconcile';
import { FIXED_DAILY_JOB, fixedMaturity, runFixedMaturity } from '../../src/lines/simple-earn/engine';
import { SeReason } from '../../src/lines/simple-earn/model';
import {
  runSoftStakingDay,
  SOFT_STAKING_DAILY_JOB,
  SoftStakingReason,
  softStakingDay,
} from '../../src/lines/soft-staking/engine';
import { earnModules } from '../../src/modules';
import { freshDatabase, testConfig } from '../harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A UTC midnight well in the past, so that every row's time is fixed. */
const D0 = Date.UTC(2026, 0, 5);
/** Soft staking's day i: midnight to midnight. */
const softDay = (i: number): Period => ({ start: new Date(D0 + i * DAY), end: new Date(D0 + (i + 1) * DAY) });
/** The fixed maturities' day i: 00:30 to 00:30, paying the orders whose maturity day began by D0 + i + 1. */
const fixedDay = (i: number): Period => ({
  start: new Date(D0 + i * DAY + HOUR / 2),
  end: new Date(D0 + (i + 1) * DAY + HOUR / 2),
});

const clockAt = (at: () => Date): Clock => ({ kind: 'test', now: at, refresh: async () => undefined });
const text = async (db: Db, query: ReturnType<typeof sql>) =>
  (await rows<{ r: string }>(db, query)).map((x) => x.r);

async function entries(db: Db, reason: string): Promise<number> {
  const [n] = await rows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM journal_entries WHERE reason = ${reason}`,
  );
  return n?.n ?? 0;
}

async function seedUsers(db: Db, n: number, at: string): Promise<void> {
  await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
    ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz), ('BTC', 'Bitcoin', 60000, ${at}::timestamptz, ${at}::timestamptz),
    ('ETH', 'Ether', 3000, ${at}::timestamptz, ${at}::timestamptz)`);
  await db.execute(
    sql`INSERT INTO users (email, password_hash, created_at, referral_code) SELECT 'u' || g || '@example.com', 'x', ${at}::timestamptz, 'R' || g FROM generate_series(1, ${n}) g`,
  );
}

/**
 * 40 users' spot balances in USDT (rate 2.5 %, from 10, capped at 3000), BTC (1.8 %, no cap) and ETH
 * (offline): some switched off, two switched on during day 0, some with loans; the opening snapshot of
 * day 0 above the balance for some, below for others.
 */
async function seedSoft(db: Db): Promise<void> {
  const at = new Date(D0 - 2 * DAY).toISOString();
  await seedUsers(db, 40, at);
  await db.execute(sql`INSERT INTO soft_staking_coins (coin, rate, min_amount, max_amount, status, updated_at) VALUES
    ('USDT', 2.5, 10, 3000, 'online', ${at}::timestamptz), ('BTC', 1.8, 0.01, -1, 'online', ${at}::timestamptz),
    ('ETH', 4.2, 0.1, -1, 'offline', ${at}::timestamptz)`);
  await db.execute(sql`INSERT INTO soft_staking_users (user_id, enabled, enabled_at, disabled_at, updated_at)
    SELECT g, g % 9 <> 0 OR g % 18 = 0,
      CASE WHEN g % 18 = 0 THEN ${new Date(D0 + 12 * HOUR).toISOString()}::timestamptz ELSE ${at}::timestamptz END,
      CASE WHEN g % 9 = 0 AND g % 18 <> 0 THEN ${at}::timestamptz END, ${at}::timestamptz
    FROM generate_series(1, 40) g`);
  await postBulkEntry(db, {
    reason: 'test.seed',
    ref: 'soft',
    at: new Date(at),
    legs: sql`WITH b AS (
        SELECT g AS user_id, 'USDT' AS asset, (g * 137 % 5000) + 5.123456 AS amount FROM generate_series(1, 40) g
        UNION ALL SELECT g, 'BTC', (g % 7) * 0.37 + 0.01234567 FROM generate_series(1, 40) g WHERE g % 3 = 0
        UNION ALL SELECT g, 'ETH', 1.5 FROM generate_series(1, 40) g WHERE g % 4 = 0
      ) SELECT user_id, asset, ${UserPurpose.spot}::text AS purpose, amount FROM b
      UNION ALL SELECT 0, asset, 'test_funding', -SUM(amount) FROM b GROUP BY asset`,
  });
  await db.execute(
    sql`INSERT INTO user_loans (user_id, asset, amount) SELECT g, 'USDT', 100 FROM generate_series(1, 40) g WHERE g % 10 = 1`,
  );
  await db.execute(sql`INSERT INTO soft_staking_snapshots (at, user_id, coin, balance)
    SELECT ${new Date(D0).toISOString()}::timestamptz, a.user_id, a.asset,
      CASE a.user_id % 4 WHEN 0 THEN a.balance * 2 WHEN 1 THEN trunc(a.balance * 0.5, 8) ELSE a.balance END
    FROM ledger_accounts a JOIN soft_staking_users u ON u.user_id = a.user_id AND u.enabled AND u.enabled_at < ${new Date(D0).toISOString()}::timestamptz
    WHERE a.is_user AND a.purpose = ${UserPurpose.spot} AND a.asset <> 'ETH'`);
}

async function softBooks(db: Db): Promise<Record<string, string[]>> {
  return {
    payouts: await text(
      db,
      sql`SELECT concat_ws(' ', day, user_id, coin, eligible, rate, gross, amount, carry, created_at) AS r
          FROM soft_staking_payouts ORDER BY day, user_id, coin`,
    ),
    carries: await text(
      db,
      sql`SELECT concat_ws(' ', user_id, coin, carry) AS r FROM soft_staking_carries ORDER BY user_id, coin`,
    ),
    snapshots: await text(
      db,
      sql`SELECT concat_ws(' ', at, user_id, coin, balance) AS r FROM soft_staking_snapshots ORDER BY at, user_id, coin`,
    ),
    balances: await text(
      db,
      sql`SELECT concat_ws(' ', user_id, asset, purpose, balance) AS r FROM ledger_accounts WHERE balance <> 0 ORDER BY user_id, asset, purpose`,
    ),
  };
}

function softJob(work: ShardedWork = softStakingDay): Job {
  return { name: SOFT_STAKING_DAILY_JOB, periodSeconds: 86_400, run: runSoftStakingDay, sharded: work };
}

type Fresh = { database: Database; drop(): Promise<void> };

async function fresh(n: number, seed: (db: Db) => Promise<void>): Promise<Fresh[]> {
  const made: Fresh[] = [];
  for (let i = 0; i < n; i++) {
    const d = await freshDatabase();
    await d.database.migrate();
    await seed(d.database.db);
    made.push(d);
  }
  return made;
}

async function dropAll(made: Fresh[]): Promise<void> {
  for (const d of made) {
    await d.database.close();
    await d.drop();
  }
}

describe('the soft-staking day in shards books what the day whole books', () => {
  let made: Fresh[] = [];
  beforeAll(async () => {
    made = await fresh(3, seedSoft);
    const whole = made[0] as Fresh;
    for (let i = 0; i < 3; i++)
      await whole.database.db.transaction((tx) => runSoftStakingDay(tx, softDay(i)));
  }, 300_000);
  afterAll(() => dropAll(made));

  it('three days in shards of 7 snapshots: every payout, carry, snapshot and balance to the 8th decimal, one entry per shard', async () => {
    const [whole, sharded] = made as [Fresh, Fresh];
    const db = sharded.database.db;
    let now = softDay(0).end;
    const scheduler = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      { shardRows: 7, shardWaitMs: 5 },
    );
    for (let i = 0; i < 3; i++) {
      now = softDay(i).end;
      expect(await scheduler.runPeriod(softJob(), softDay(i))).toBe(true);
    }
    const periods = await rows<{ shards: number }>(
      db,
      sql`SELECT shards FROM job_periods WHERE job = ${SOFT_STAKING_DAILY_JOB} AND closed_at IS NOT NULL ORDER BY period_start`,
    );
    // Day 0 opens with 45 snapshots of 36 users (7 ranges of user ids); days 1 and 2 with 59 of 38 (9):
    // the two switched on during day 0 and the offline coin's balances are in the closing snapshots.
    expect(periods.map((p) => p.shards)).toEqual([7, 9, 9]);
    const shards = await rows<{ n: number; done: number; paying: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n, COUNT(done_at)::int AS done,
            COUNT(*) FILTER (WHERE (result->>'payouts')::int > 0)::int AS paying
          FROM job_shards WHERE job = ${SOFT_STAKING_DAILY_JOB}`,
    );
    expect(shards[0]).toMatchObject({ n: 25, done: 25 });
    expect(scheduler.shardsBooked.get(SOFT_STAKING_DAILY_JOB)).toBe(25);

    const a = await softBooks(whole.database.db);
    const b = await softBooks(db);
    expect(a.payouts?.length).toBeGreaterThan(120);
    expect(b).toEqual(a);
    // Whole: one entry a day. In shards: one per shard that paid anyone.
    expect(await entries(whole.database.db, SoftStakingReason.payout)).toBe(3);
    expect(shards[0]?.paying).toBeGreaterThan(20);
    expect(await entries(db, SoftStakingReason.payout)).toBe(shards[0]?.paying);
    const paid = await rows<{ shards: string; rows: string }>(
      db,
      sql`SELECT (SELECT SUM((result->>'paid')::numeric) FROM job_shards WHERE job = ${SOFT_STAKING_DAILY_JOB})::text AS shards,
            (SELECT SUM(amount) FROM soft_staking_payouts)::text AS rows`,
    );
    expect(paid[0]?.shards).toBe(paid[0]?.rows);
  }, 300_000);

  it('a shard whose transaction fails is claimed again and booked once; the day closes after it', async () => {
    const [whole, , faulty] = made as [Fresh, Fresh, Fresh];
    const db = faulty.database.db;
    let failed = 0;
    const failing: ShardedWork = {
      ...softStakingDay,
      async book(tx, p, params) {
        const result = await softStakingDay.book(tx, p, params);
        // After the shard's payouts, entry and snapshots are written, inside its transaction.
        if (params.part === 3 && failed === 0) {
          failed++;
          throw new Error('injected fault in shard 3');
        }
        return result;
      },
    };
    let now = softDay(0).end;
    const options = { shardRows: 7, shardWaitMs: 5 };
    const scheduler = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      options,
    );
    await expect(scheduler.runPeriod(softJob(failing), softDay(0))).rejects.toThrow('injected fault');
    const open = await rows<{ done: number; left: number; runs: number; open: number }>(
      db,
      sql`SELECT COUNT(done_at)::int AS done, COUNT(*) FILTER (WHERE done_at IS NULL)::int AS left,
            (SELECT COUNT(*)::int FROM job_runs WHERE job = ${SOFT_STAKING_DAILY_JOB}) AS runs,
            (SELECT COUNT(*)::int FROM job_periods WHERE job = ${SOFT_STAKING_DAILY_JOB} AND closed_at IS NULL) AS open
          FROM job_shards WHERE job = ${SOFT_STAKING_DAILY_JOB}`,
    );
    expect(open[0]).toEqual({ done: 3, left: 4, runs: 0, open: 1 });

    const other = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      options,
    );
    expect(await other.runPeriod(softJob(failing), softDay(0))).toBe(true);
    expect(other.shardsBooked.get(SOFT_STAKING_DAILY_JOB)).toBe(4);
    for (let i = 1; i < 3; i++) {
      now = softDay(i).end;
      expect(await scheduler.runPeriod(softJob(failing), softDay(i))).toBe(true);
    }
    expect(failed).toBe(1);
    expect(await softBooks(db)).toEqual(await softBooks(whole.database.db));
    const runs = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM job_runs WHERE job = ${SOFT_STAKING_DAILY_JOB}`,
    );
    expect(runs[0]?.n).toBe(3);
  }, 300_000);
});

/**
 * Fixed orders of three one-day products maturing on days 0 to 2, booked in the ledger as the holders'
 * fixed balances:
 * - product 1 (USDT, BTC bonus ladder): sold out, so a day's reinvesting orders fit only in the room
 *   its other maturities free (a refusal by the product's room, in order id order); some paid to
 *   flexible, some with a voucher's yield;
 * - product 2 (USDT): a personal cap of 1000 that the second of some holders' orders would pass;
 * - product 3 (BTC): no longer on sale at maturity, so none of its orders roll over.
 * Reinvested orders mature again the next day.
 */
async function seedFixed(db: Db): Promise<void> {
  const at = new Date(D0 - 3 * DAY).toISOString();
  await seedUsers(db, 30, at);
  await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until, limit_min_lend_rate_year)
    VALUES ('USDT', 1, 0.0523, 1e15, ${at}::timestamptz, 0.5)`);
  await db.execute(sql`INSERT INTO se_fixed_products (id, asset, lock_up_period, year_rate, total_quota, min_lend_amount, user_max_lend_volume,
      start_time, end_time, bonus_asset, ladder_apr, created_at) VALUES
    (1, 'USDT', 1, 0.05, 1e9, 1, 0, ${at}::timestamptz, NULL, 'BTC', '[{"left":"0","right":"500","apr":"0.02"}]'::jsonb, ${at}::timestamptz),
    (2, 'USDT', 1, 0.08, 1e9, 1, 1000, ${at}::timestamptz, NULL, NULL, '[]'::jsonb, ${at}::timestamptz),
    (3, 'BTC', 1, 0.03, 1e9, 0.001, 0, ${at}::timestamptz, ${new Date(D0 - DAY).toISOString()}::timestamptz, NULL, '[]'::jsonb, ${at}::timestamptz)`);
  const order = (
    product: number,
    asset: string,
    rate: string,
    users: string,
    principal: string,
    extra: string,
  ) => sql`
    INSERT INTO se_fixed_orders (user_id, product_id, asset, product_type, principal, year_rate, lock_up_period, interest,
      coupon_rate_ratio, coupon_interest, bonus_asset, bonus_amount, reinvest_status, redeem_account_type, status, created_at, start_at, finish_at)
    SELECT g, ${sql.raw(`${product}, '${asset}'`)}, 1, x.principal, ${sql.raw(rate)}, 1, trunc(x.principal * ${sql.raw(rate)} / 365, 8),
      ${sql.raw(extra)}, ${at}::timestamptz, ${new Date(D0).toISOString()}::timestamptz + make_interval(days => (g % 3)),
      ${new Date(D0 + DAY).toISOString()}::timestamptz + make_interval(days => (g % 3))
    FROM generate_series(${sql.raw(users)}) g CROSS JOIN LATERAL (SELECT ${sql.raw(principal)} AS principal) x`;
  await db.execute(
    order(
      1,
      'USDT',
      '0.05',
      '1, 24',
      '100 + g * 7.5',
      `CASE WHEN g % 5 = 0 THEN 1.5 ELSE 0 END, CASE WHEN g % 5 = 0 THEN trunc(x.principal * 0.015 / 365, 8) ELSE 0 END,
       'BTC', trunc(LEAST(x.principal, 500) * 0.02 / 365 / 60000, 8),
       CASE WHEN g % 3 <> 2 THEN 1 ELSE 0 END, CASE WHEN g % 3 = 2 AND g % 2 = 0 THEN 2 WHEN g % 3 = 2 THEN 1 ELSE 0 END, 1`,
    ),
  );
  for (const copy of [0, 1])
    await db.execute(
      order(
        2,
        'USDT',
        '0.08',
        copy === 0 ? '5, 22' : '6, 22, 2',
        copy === 0 ? '400 + g * 13' : '900 - g * 11',
        `0, 0, NULL, 0, 1, 0, 1`,
      ),
    );
  await db.execute(order(3, 'BTC', '0.03', '1, 12', '0.05 * g', `0, 0, NULL, 0, 1, 0, 1`));
  await db.execute(sql`UPDATE se_fixed_products p SET sold_amount = o.total
    FROM (SELECT product_id, SUM(principal) AS total FROM se_fixed_orders GROUP BY product_id) o WHERE o.product_id = p.id`);
  // Product 1 is sold out: a day's maturities make room only for as much as they pay out elsewhere.
  await db.execute(sql`UPDATE se_fixed_products SET total_quota = sold_amount WHERE id = 1`);
  await db.execute(sql`INSERT INTO se_fixed_user_quota (product_id, user_id, used)
    SELECT product_id, user_id, SUM(principal) FROM se_fixed_orders GROUP BY product_id, user_id`);
  await postBulkEntry(db, {
    reason: 'test.seed',
    ref: 'fixed',
    at: new Date(at),
    legs: sql`SELECT user_id, asset, ${UserPurpose.fixed}::text AS purpose, principal AS amount FROM se_fixed_orders
      UNION ALL SELECT 0, asset, 'test_funding', -SUM(principal) FROM se_fixed_orders GROUP BY asset
      UNION ALL SELECT 0, 'USDT', 'test_funding', -1000 UNION ALL SELECT 0, 'USDT', 'test_pool', 1000`,
  });
}

/**
 * Everything the maturities write, as text. New orders get ids in the order they are inserted, so
 * every order is named by its first order's id and its place in the chain of reinvestments ("7>>").
 */
async function fixedBooks(db: Db): Promise<Record<string, string[]>> {
  const keys = sql`WITH RECURSIVE k AS (
      SELECT id, id::text AS key FROM se_fixed_orders WHERE parent_order_id IS NULL
      UNION ALL SELECT o.id, k.key || '>' FROM se_fixed_orders o JOIN k ON o.parent_order_id = k.id
    )`;
  return {
    orders: await text(
      db,
      sql`${keys} SELECT concat_ws(' ', k.key, pk.key, user_id, product_id, asset, principal, year_rate, interest, coupon_interest,
            bonus_asset, bonus_amount, reinvest_status, redeem_account_type, status, redeem_type, created_at, start_at, finish_at, settled_at) AS r
          FROM se_fixed_orders o JOIN k ON k.id = o.id LEFT JOIN k pk ON pk.id = o.parent_order_id ORDER BY k.key`,
    ),
    products: await text(
      db,
      sql`SELECT concat_ws(' ', id, total_quota, sold_amount) AS r FROM se_fixed_products ORDER BY id`,
    ),
    quota: await text(
      db,
      sql`SELECT concat_ws(' ', product_id, user_id, used) AS r FROM se_fixed_user_quota ORDER BY product_id, user_id`,
    ),
    history: await text(
      db,
      sql`${keys} SELECT concat_ws(' ', user_id, line, type, mode, asset, amount, k.key, product_id, lend_rate_year, coupon_principal,
            coupon_interest, rate_ratio, bonus_amount, bonus_asset, redeem_type, at) AS r
          FROM se_history h LEFT JOIN k ON k.id = h.order_id ORDER BY 1`,
    ),
    notices: await text(
      db,
      sql`${keys} SELECT concat_ws(' ', user_id, kind, k.key, nk.key, params - 'order_id' - 'new_order_id', created_at) AS r
          FROM notifications n LEFT JOIN k ON k.id = (n.params->>'order_id')::bigint
          LEFT JOIN k nk ON nk.id = (n.params->>'new_order_id')::bigint ORDER BY 1`,
    ),
    flexible: await text(
      db,
      sql`SELECT concat_ws(' ', p.user_id, p.asset, p.min_lend_rate_year, p.offer_at, q.hour_start, q.amount) AS r
          FROM se_flex_pending q JOIN se_flex_positions p ON p.id = q.position_id ORDER BY 1`,
    ),
    balances: await text(
      db,
      sql`SELECT concat_ws(' ', user_id, asset, purpose, balance) AS r FROM ledger_accounts WHERE balance <> 0 ORDER BY user_id, asset, purpose`,
    ),
  };
}

function fixedJob(work: ShardedWork = fixedMaturity): Job {
  return {
    name: FIXED_DAILY_JOB,
    periodSeconds: 86_400,
    offsetSeconds: 1800,
    run: runFixedMaturity,
    sharded: work,
  };
}

/** npm run reconcile's checks, the fixed quota's included (registered when the app is built). */
async function reconciled(db: Db): Promise<unknown[]> {
  const clock = clockAt(() => new Date(D0));
  const app = await buildApp(
    {
      db,
      clock,
      scheduler: new Scheduler(db, clock),
      config: testConfig(),
      reads: readsOf(earnModules),
      rollups: rollupsOf(earnModules),
    },
    earnModules,
  );
  await app.close();
  return (await reconcile(db)).differences;
}

describe('the fixed maturities of a day in shards book what the day whole books', () => {
  let made: Fresh[] = [];
  beforeAll(async () => {
    made = await fresh(3, seedFixed);
    const whole = made[0] as Fresh;
    for (let i = 0; i < 3; i++)
      await whole.database.db.transaction((tx) => runFixedMaturity(tx, fixedDay(i)));
  }, 300_000);
  afterAll(() => dropAll(made));

  it('three days in shards of 4 orders: every order, quota, history line, notice and balance, one entry per shard', async () => {
    const [whole, sharded] = made as [Fresh, Fresh];
    const db = sharded.database.db;
    let now = fixedDay(0).end;
    const scheduler = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      { shardRows: 4, shardWaitMs: 5 },
    );
    for (let i = 0; i < 3; i++) {
      now = fixedDay(i).end;
      expect(await scheduler.runPeriod(fixedJob(), fixedDay(i))).toBe(true);
    }
    const a = await fixedBooks(whole.database.db);
    const b = await fixedBooks(db);
    // Some orders rolled over (and again), some were refused by product 1's room, product 2's cap or
    // product 3's end, some went to flexible.
    const reinvested = (a.orders ?? []).filter((r) => r.split(' ')[0]?.endsWith('>')).length;
    expect(reinvested).toBeGreaterThan(10);
    expect(a.flexible?.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    const refused = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM se_fixed_orders o WHERE status = 2 AND reinvest_status = 1
            AND NOT EXISTS (SELECT 1 FROM se_fixed_orders c WHERE c.parent_order_id = o.id)`,
    );
    expect(refused[0]?.n).toBeGreaterThan(10);
    const shards = await rows<{ n: number; done: number; orders: number; capped: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n, COUNT(done_at)::int AS done, SUM((result->>'orders')::int)::int AS orders,
            SUM(jsonb_array_length(params->'refused'))::int AS capped FROM job_shards WHERE job = ${FIXED_DAILY_JOB}`,
    );
    const matured = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM se_fixed_orders WHERE status = 2`,
    );
    expect(shards[0]?.orders).toBe(matured[0]?.n);
    expect(shards[0]?.done).toBe(shards[0]?.n);
    // Holders over product 2's cap are listed by the plan; product 3's orders are refused by its end.
    expect(shards[0]?.capped).toBeGreaterThan(0);
    expect(await entries(whole.database.db, SeReason.fixedMaturity)).toBe(3);
    expect(await entries(db, SeReason.fixedMaturity)).toBe(shards[0]?.n);
    expect(shards[0]?.n).toBeGreaterThan(9);
    expect(await reconciled(db)).toEqual([]);
  }, 300_000);

  it('a shard whose transaction fails is claimed again and booked once; quota reconciles while the day is open', async () => {
    const [whole, , faulty] = made as [Fresh, Fresh, Fresh];
    const db = faulty.database.db;
    let failed = 0;
    const failing: ShardedWork = {
      ...fixedMaturity,
      async book(tx, p, params) {
        const result = await fixedMaturity.book(tx, p, params);
        if (params.part === 2 && failed === 0) {
          failed++;
          throw new Error('injected fault in shard 2');
        }
        return result;
      },
    };
    let now = fixedDay(0).end;
    const options = { shardRows: 4, shardWaitMs: 5 };
    const scheduler = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      options,
    );
    await expect(scheduler.runPeriod(fixedJob(failing), fixedDay(0))).rejects.toThrow('injected fault');
    const open = await rows<{ done: number; left: number; runs: number }>(
      db,
      sql`SELECT COUNT(done_at)::int AS done, COUNT(*) FILTER (WHERE done_at IS NULL)::int AS left,
            (SELECT COUNT(*)::int FROM job_runs WHERE job = ${FIXED_DAILY_JOB}) AS runs
          FROM job_shards WHERE job = ${FIXED_DAILY_JOB}`,
    );
    expect(open[0]?.done).toBe(2);
    expect(open[0]?.left).toBeGreaterThan(1);
    expect(open[0]?.runs).toBe(0);
    // The plan moved the whole day's quota; the shards not yet booked account for the difference.
    expect(await reconciled(db)).toEqual([]);

    const other = new Scheduler(
      db,
      clockAt(() => now),
      undefined,
      options,
    );
    expect(await other.runPeriod(fixedJob(failing), fixedDay(0))).toBe(true);
    expect(other.shardsBooked.get(FIXED_DAILY_JOB)).toBe(open[0]?.left);
    for (let i = 1; i < 3; i++) {
      now = fixedDay(i).end;
      expect(await scheduler.runPeriod(fixedJob(failing), fixedDay(i))).toBe(true);
    }
    expect(failed).toBe(1);
    expect(await fixedBooks(db)).toEqual(await fixedBooks(whole.database.db));
    const runs = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM job_runs WHERE job = ${FIXED_DAILY_JOB}`,
    );
    expect(runs[0]?.n).toBe(3);
    expect(await reconciled(db)).toEqual([]);
  }, 300_000);
});
