import { type Db, rows, sql } from '../../src/infra/db/client';
import type { Period } from '../../src/infra/jobs/scheduler';

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
