import { dec } from '@earn/domain';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import { TestClock } from '../../src/infra/jobs/clock';
import { type Period, Scheduler } from '../../src/infra/jobs/scheduler';
import { systemAccount } from '../../src/ledger/accounts';
import { postEntry } from '../../src/ledger/ledger';
import { freshDatabase } from '../harness';

/*
 * The flexible book that the clock and sharding tests run hours over (core/advance-stops,
 * core/sharded-jobs): two assets whose positions interleave by id, seeded at a fixed past hour, and
 * everything an hour writes read back as text so that two ways of booking can be compared whole.
 */

export const HOUR = 3_600_000;
/** A whole hour well in the past, so that every row's time is fixed. */
export const H0 = Date.UTC(2026, 0, 5, 10);
export const period = (i: number): Period => ({
  start: new Date(H0 + i * HOUR),
  end: new Date(H0 + (i + 1) * HOUR),
});

/** How large the book is: users, the flexible positions among them, and BTC's borrow demand. */
export interface FlexBookSize {
  users: number;
  positions: number;
  btcDemand: number;
}

/**
 * Two assets whose positions interleave by id: USDT, whose demand covers every offer, with a bonus
 * pool and some holders whose minimum APR is above the rate; BTC, whose demand runs out part-way
 * through the offers, so one offer is lent in part. Pending amounts from an earlier hour start
 * earning in the first hour.
 */
export async function seedFlexBook(db: Db, size: FlexBookSize): Promise<void> {
  const at = new Date(H0 - 2 * HOUR).toISOString();
  await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
    ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz), ('BTC', 'Bitcoin', 60000, ${at}::timestamptz, ${at}::timestamptz)`);
  await db.execute(
    sql`INSERT INTO users (email, password_hash, created_at, referral_code) SELECT 'u' || g || '@example.com', 'x', ${at}::timestamptz, 'R' || g FROM generate_series(1, ${size.users}) g`,
  );
  await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until, ext_award_rate_year, ext_award_limit, is_open_award_pool)
    VALUES ('USDT', 1, 0.0523, 1e15, ${at}::timestamptz, 0.031, 2000, true), ('BTC', 0.001, 0.0150, ${size.btcDemand}, ${at}::timestamptz, 0, 0, false)`);
  await db.execute(sql`INSERT INTO se_flex_positions (user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
    SELECT g, CASE WHEN g % 2 = 0 THEN 'USDT' ELSE 'BTC' END,
      CASE WHEN g % 2 = 0 THEN (g * 137 % 5000) + 10.123456 ELSE (g % 7) * 0.37 + 0.01234567 END,
      CASE WHEN g % 2 = 0 THEN (CASE WHEN g % 10 = 0 THEN 0.09 ELSE 0 END) ELSE (g % 5) * 0.005 END,
      ${at}::timestamptz - make_interval(mins => g % 13), ${at}::timestamptz
    FROM generate_series(1, ${size.positions}) g`);
  await db.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    SELECT id, ${new Date(H0 - HOUR).toISOString()}::timestamptz, asset, CASE WHEN asset = 'USDT' THEN 250.5 ELSE 0.125 END
    FROM se_flex_positions WHERE id % 9 = 0`);
}

/** Everything the hours write, as text: rows, positions, products, hours and balances. */
export async function flexBooks(db: Db): Promise<Record<string, string[]>> {
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

/**
 * Every row the hours and the clock's jobs write, as text, in a fixed order (instance ids differ by
 * scheduler, so are left out): what core/flex-batch compares between ways of advancing the clock.
 */
export async function books(db: Db): Promise<Record<string, string[]>> {
  // '*': the whole row, as PostgreSQL writes it.
  const q = async (table: string, cols: string, order: string) => {
    const r = cols === '*' ? 't::text' : `concat_ws(' | ', ${cols})`;
    return (await rows<{ r: string }>(db, sql.raw(`SELECT ${r} AS r FROM ${table} t ORDER BY ${order}`))).map(
      (x) => x.r,
    );
  };
  return {
    entries: await q('journal_entries', 'id, reason, ref, created_at, memo', 'id'),
    postings: await q('postings', 'entry_id, account_id, asset, amount', 'entry_id, account_id, amount'),
    accounts: await q('ledger_accounts', 'id, user_id, asset, purpose, is_user, balance', 'id'),
    interest: await q(
      'se_flex_interest',
      'period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset',
      'period_start, position_id',
    ),
    hours: await q(
      'se_flex_hours',
      'asset, period_start, rate_year, demand, supplied, lent, interest_paid, bonus_paid, bonus_asset, index_after, bonus_tiers, bonus_ratio',
      'asset, period_start',
    ),
    products: await q('se_flex_products', '*', 'asset'),
    positions: await q('se_flex_positions', '*', 'id'),
    pending: await q('se_flex_pending', '*', 'position_id, hour_start'),
    history: await q(
      'se_history',
      'user_id, line, type, mode, asset, amount, at',
      'at, user_id, type, asset',
    ),
    runs: await q('job_runs', 'job, period_start, period_end, started_at', 'job, period_start'),
    periods: await q(
      'job_periods',
      'job, period_start, period_end, shards, planned_at, closed_at',
      'job, period_start',
    ),
    shards: await q(
      'job_shards',
      'job, period_start, shard, params, result, done_at',
      'job, period_start, shard',
    ),
    prices: await q('asset_prices', 'asset, at, price_usdt, source', 'asset, at'),
    // Launch pools' own rows (core/flex-batch-pool runs pools beside the flexible hours).
    lpProjects: await q('launchpool_projects', 'pid, start_at, end_at, settled_at', 'pid'),
    lpPools: await q('launchpool_pools', '*', 'rid'),
    lpPositions: await q('launchpool_positions', '*', 'rid, user_id'),
    lpOrders: await q('launchpool_orders', '*', 'id'),
    lpRewards: await q('launchpool_rewards', '*', 'rid, user_id, hour_start'),
    lpInterest: await q('launchpool_interest', '*', 'rid, user_id, hour_start'),
    observations: await q('apr_observations', 'line, target, rate, observed_at, changes', 'line, target'),
    sequences: await q(
      `(SELECT 'accounts' AS s, last_value FROM ledger_accounts_id_seq UNION ALL SELECT 'entries', last_value FROM journal_entries_id_seq
        UNION ALL SELECT 'postings', last_value FROM postings_id_seq UNION ALL SELECT 'positions', last_value FROM se_flex_positions_id_seq)`,
      's, last_value',
      's',
    ),
  };
}

/** A user's account credited from a house account of the test's (a balanced entry). */
export async function fund(tx: Db, userId: number, asset: string, purpose: string, amount: string, at: Date) {
  await postEntry(tx, {
    reason: 'test.fund',
    ref: `${userId}:${purpose}:${at.toISOString()}`,
    at,
    postings: [
      { account: systemAccount(asset, 'test_source'), amount: dec(amount).negated() },
      { account: { userId, asset, purpose }, amount: dec(amount) },
    ],
  });
}

/**
 * Three databases with the same quiet flexible book (every offer lent in full: BTC's demand covers its
 * offers, no minimum APR above the rate) and `more` seeded on each: booked hour by hour, in batches,
 * and in batches with stops cut by wall time, to be compared whole.
 */
export async function threeQuietBooks(more?: (db: Db) => Promise<void>) {
  const dbs: { database: Database; drop(): Promise<void> }[] = [];
  for (let i = 0; i < 3; i++) {
    const fresh = await freshDatabase();
    dbs.push(fresh);
    await fresh.database.migrate();
    const db = fresh.database.db;
    await seedFlexBook(db, { users: 40, positions: 40, btcDemand: 3.5 });
    await db.execute(sql`UPDATE se_flex_products SET borrow_demand = 1e12 WHERE asset = 'BTC'`);
    await db.execute(sql`UPDATE se_flex_positions SET min_lend_rate_year = 0`);
    await more?.(db);
  }
  return {
    dbs: dbs.map((d) => d.database.db),
    async drop() {
      for (const d of dbs) {
        await d.database.close();
        await d.drop();
      }
    },
  };
}

/** A test clock from period 0 and a scheduler whose stops span `stopSpanMs` (and `stopSpanWallMs` of wall time). */
export async function spanningScheduler(db: Db, stopSpanMs: number, stopSpanWallMs = 0) {
  const clock = await TestClock.open(db, period(0).start.getTime());
  const scheduler = new Scheduler(db, clock, undefined, {
    shardRows: 1_000_000,
    shardWaitMs: 5,
    stopSpanMs,
    stopSpanWallMs,
  });
  return { clock, scheduler };
}
