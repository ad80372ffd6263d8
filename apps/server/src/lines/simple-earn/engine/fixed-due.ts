import { SimpleEarnHistoryMode, SimpleEarnHistoryType } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { notices } from '../../../kernel/notices';
import { SYSTEM_OWNER, UserPurpose } from '../../../ledger/accounts';
import { postBulkEntry } from '../../../ledger/bulk';
import { LINE_FIXED, LINE_FLEXIBLE, SePurpose, SeReason } from '../model';
import { iso } from './util';

/** Orders of the period still active whose maturity day started by its end − 30 min. */
export function maturing(period: Period): SQL {
  const cut = iso(new Date(period.end.getTime() - 30 * 60 * 1000));
  return sql`status = 1 AND finish_at <= ${cut}::timestamptz`;
}

/** The period's due orders, one row each, in a temporary table of the transaction. */
export async function prepareDue(tx: Db): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS se_due (order_id bigint, user_id bigint, product_id int, asset text,
    principal numeric, interest numeric, coupon numeric, payout numeric, bonus numeric, bonus_asset text, dest text,
    finish_at timestamptz, reinvest boolean NOT NULL DEFAULT false, new_order_id bigint) ON COMMIT DELETE ROWS`);
  await tx.execute(sql`DELETE FROM se_due`);
}

/** Fills se_due from the orders of `u` (a CTE the caller names); `reinvest` says which roll over. */
export function insertDue(reinvest: SQL): SQL {
  return sql`INSERT INTO se_due (order_id, user_id, product_id, asset, principal, interest, coupon, payout, bonus, bonus_asset, dest, finish_at, reinvest)
    SELECT id, user_id, product_id, asset, principal, interest, coupon_interest, principal + interest + coupon_interest,
      bonus_amount, bonus_asset,
      CASE WHEN redeem_account_type = 2 AND EXISTS (SELECT 1 FROM se_flex_products f WHERE f.asset = u.asset)
        THEN ${UserPurpose.flexible} ELSE ${UserPurpose.spot} END,
      finish_at, ${reinvest} FROM u`;
}

/** The due principal leaves each product's sold amount and each holder's personal quota. */
export async function releaseQuota(tx: Db): Promise<void> {
  await tx.execute(sql`UPDATE se_fixed_products p SET sold_amount = p.sold_amount - d.total
    FROM (SELECT product_id, SUM(principal) AS total FROM se_due GROUP BY product_id) d WHERE p.id = d.product_id`);
  await tx.execute(sql`UPDATE se_fixed_user_quota q SET used = q.used - d.total
    FROM (SELECT product_id, user_id, SUM(principal) AS total FROM se_due GROUP BY product_id, user_id) d
    WHERE q.product_id = d.product_id AND q.user_id = d.user_id`);
}

/**
 * Auto-reinvest as far as each product's room and each holder's cap allow, in order id order: an
 * order refused rolls no new order and is paid to its redeem-to account.
 */
export async function decideReinvest(tx: Db, now: string): Promise<void> {
  await tx.execute(sql`UPDATE se_due d SET reinvest = false WHERE d.reinvest AND d.order_id NOT IN (
    SELECT order_id FROM (
      SELECT d2.order_id, p.total_quota - p.sold_amount AS room, p.user_max_lend_volume AS cap, COALESCE(q.used, 0) AS used,
        SUM(d2.payout) OVER (PARTITION BY d2.product_id ORDER BY d2.order_id) AS cum,
        SUM(d2.payout) OVER (PARTITION BY d2.product_id, d2.user_id ORDER BY d2.order_id) AS ucum
      FROM se_due d2 JOIN se_fixed_products p ON p.id = d2.product_id
      LEFT JOIN se_fixed_user_quota q ON q.product_id = d2.product_id AND q.user_id = d2.user_id
      WHERE d2.reinvest AND p.status = 1 AND p.reinvest = 1 AND p.start_time <= ${now}::timestamptz
        AND (p.end_time IS NULL OR p.end_time > ${now}::timestamptz)
    ) ok WHERE cum <= room AND (cap = 0 OR used + ucum <= cap))`);
}

/**
 * Books the due orders (one balanced entry keyed by `ref`): principal and yield to the redeem-to
 * account or into a new order, bonuses to spot; flexible payouts earn from the next hour.
 */
export async function payDue(tx: Db, period: Period, ref: string): Promise<void> {
  const now = iso(period.end);
  await postBulkEntry(tx, {
    reason: SeReason.fixedMaturity,
    ref,
    at: period.end,
    legs: sql`SELECT user_id, asset, ${UserPurpose.fixed}::text AS purpose, -principal AS amount FROM se_due
      UNION ALL SELECT ${SYSTEM_OWNER}::bigint, asset, ${SePurpose.fixedInterestExpense}::text, -(interest + coupon) FROM se_due
      UNION ALL SELECT user_id, asset, CASE WHEN reinvest THEN ${UserPurpose.fixed} ELSE dest END, payout FROM se_due
      UNION ALL SELECT ${SYSTEM_OWNER}::bigint, bonus_asset, ${SePurpose.fixedBonusExpense}::text, -bonus FROM se_due WHERE bonus > 0
      UNION ALL SELECT user_id, bonus_asset, ${UserPurpose.spot}::text, bonus FROM se_due WHERE bonus > 0`,
  });

  // Paid into flexible: the holding earns from the next hour.
  await tx.execute(sql`INSERT INTO se_flex_positions (user_id, asset, min_lend_rate_year, offer_at, created_at)
    SELECT DISTINCT d.user_id, d.asset, earn_percent_to_fraction(p.limit_min_lend_rate_year), ${now}::timestamptz, ${now}::timestamptz
    FROM se_due d JOIN se_flex_products p ON p.asset = d.asset WHERE NOT d.reinvest AND d.dest = ${UserPurpose.flexible}
    ON CONFLICT (user_id, asset) DO NOTHING`);
  await tx.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    SELECT p.id, date_trunc('hour', ${now}::timestamptz), d.asset, SUM(d.payout)
    FROM se_due d JOIN se_flex_positions p ON p.user_id = d.user_id AND p.asset = d.asset
    WHERE NOT d.reinvest AND d.dest = ${UserPurpose.flexible} GROUP BY p.id, d.asset
    ON CONFLICT (position_id, hour_start) DO UPDATE SET amount = se_flex_pending.amount + EXCLUDED.amount`);

  // Reinvested: a new order of the same product, from the old maturity, at the product's current rate.
  await tx.execute(sql`WITH ins AS (
      INSERT INTO se_fixed_orders (user_id, product_id, asset, product_type, principal, year_rate, lock_up_period, interest,
        bonus_asset, bonus_amount, reinvest_status, redeem_account_type, status, parent_order_id, created_at, start_at, finish_at)
      SELECT d.user_id, p.id, d.asset, p.type, d.payout, p.year_rate, p.lock_up_period,
        earn_term_interest(d.payout, p.year_rate, p.lock_up_period),
        CASE WHEN p.bonus_asset IS NOT NULL AND jsonb_array_length(p.ladder_apr) > 0 THEN p.bonus_asset END,
        COALESCE(CASE WHEN p.bonus_asset IS NOT NULL AND jsonb_array_length(p.ladder_apr) > 0 THEN earn_term_bonus(
          earn_ladder_yearly(d.payout, p.ladder_apr), p.lock_up_period,
          (SELECT a.price_usdt FROM assets a WHERE a.symbol = d.asset) / (SELECT b.price_usdt FROM assets b WHERE b.symbol = p.bonus_asset)
        ) END, 0),
        1, 0, 1, d.order_id, ${now}::timestamptz, d.finish_at, d.finish_at + make_interval(days => p.lock_up_period)
      FROM se_due d JOIN se_fixed_products p ON p.id = d.product_id WHERE d.reinvest
      RETURNING id, parent_order_id
    ) UPDATE se_due d SET new_order_id = ins.id FROM ins WHERE ins.parent_order_id = d.order_id`);
}

/** The reinvested payouts take their products' quota and their holders' personal quota. */
export async function takeReinvestQuota(tx: Db): Promise<void> {
  await tx.execute(sql`UPDATE se_fixed_products p SET sold_amount = p.sold_amount + d.total
    FROM (SELECT product_id, SUM(payout) AS total FROM se_due WHERE reinvest GROUP BY product_id) d WHERE p.id = d.product_id`);
  await tx.execute(sql`INSERT INTO se_fixed_user_quota (product_id, user_id, used)
    SELECT product_id, user_id, SUM(payout) FROM se_due WHERE reinvest GROUP BY product_id, user_id
    ON CONFLICT (product_id, user_id) DO UPDATE SET used = se_fixed_user_quota.used + EXCLUDED.used`);
}

/** The holders' notices and history lines of the due orders. */
export async function reportDue(tx: Db, period: Period): Promise<void> {
  const now = iso(period.end);
  await notices().notifyMany(
    tx,
    'fixed_matured',
    sql`SELECT user_id, 'order:' || order_id AS cause,
        jsonb_build_object('order_id', order_id, 'asset', asset, 'amount', payout::text, 'principal', principal::text,
          'interest', (interest + coupon)::text, 'bonus', bonus::text, 'bonus_asset', bonus_asset,
          'dest', CASE WHEN reinvest THEN 'reinvest' WHEN dest = ${UserPurpose.flexible} THEN 'flexible' ELSE 'spot' END,
          'new_order_id', new_order_id) AS params
      FROM se_due`,
    period.end,
  );

  const H = SimpleEarnHistoryType;
  await tx.execute(sql`INSERT INTO se_history (user_id, line, type, mode, asset, amount, order_id, product_id, coupon_principal,
      coupon_interest, rate_ratio, bonus_amount, bonus_asset, redeem_type, lend_rate_year, at)
    SELECT d.user_id, ${LINE_FIXED}, ${H.interest}::int, 0, d.asset, d.interest, d.order_id, d.product_id, NULL::numeric, NULL::numeric, NULL::numeric, NULL::numeric, NULL::text, NULL::int, o.year_rate, ${now}::timestamptz
      FROM se_due d JOIN se_fixed_orders o ON o.id = d.order_id WHERE d.interest > 0
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.rateUp}::int, 0, d.asset, d.coupon, d.order_id, d.product_id, d.principal, d.coupon, o.coupon_rate_ratio, NULL, NULL, NULL, NULL, ${now}::timestamptz
      FROM se_due d JOIN se_fixed_orders o ON o.id = d.order_id WHERE d.coupon > 0
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.bonus}::int, 0, d.asset, d.bonus, d.order_id, d.product_id, NULL, NULL, NULL, d.bonus, d.bonus_asset, NULL, NULL, ${now}::timestamptz
      FROM se_due d WHERE d.bonus > 0
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.redeem}::int,
        CASE WHEN d.reinvest THEN ${SimpleEarnHistoryMode.autoReinvest}::int WHEN d.dest = ${UserPurpose.spot} THEN ${SimpleEarnHistoryMode.redeemSpot}::int ELSE 0 END,
        d.asset, d.payout, d.order_id, d.product_id, NULL, NULL, NULL, NULL, NULL, 2, NULL, ${now}::timestamptz
      FROM se_due d
    UNION ALL SELECT d.user_id, ${LINE_FIXED}, ${H.subscribe}::int, ${SimpleEarnHistoryMode.autoReinvest}::int, d.asset, d.payout, d.new_order_id, d.product_id,
        NULL, NULL, NULL, NULL, NULL, NULL, p.year_rate, ${now}::timestamptz
      FROM se_due d JOIN se_fixed_products p ON p.id = d.product_id WHERE d.reinvest
    UNION ALL SELECT d.user_id, ${LINE_FLEXIBLE}, ${H.subscribe}::int, 0, d.asset, d.payout, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ${now}::timestamptz
      FROM se_due d WHERE NOT d.reinvest AND d.dest = ${UserPurpose.flexible}`);
}
