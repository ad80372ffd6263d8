import { dec, toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';

/** A user's simple-earn totals, per asset and in USDT at today's prices. */
export async function statistics(db: Db, userId: number, now: Date) {
  const since = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const list = await rows<{
    asset: string;
    flexible: string;
    fixed: string;
    interest: string;
    interest_24h: string;
    price: string;
  }>(
    db,
    sql`WITH flex AS (
        SELECT p.asset, p.principal + p.frozen_amount + COALESCE((SELECT SUM(amount) FROM se_flex_pending d WHERE d.position_id = p.id), 0)
            + trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn AS held,
          trunc(p.acc_offset + p.principal * pr.acc_index, 8) AS earned
        FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset WHERE p.user_id = ${userId}
      ), fixed AS (
        SELECT asset, SUM(principal) AS held FROM se_fixed_orders WHERE user_id = ${userId} AND status = 1 GROUP BY asset
      ), fixed_paid AS (
        SELECT asset, SUM(amount) AS earned FROM se_history WHERE user_id = ${userId} AND line = 'fixed' AND type IN (3, 5) GROUP BY asset
      ), recent AS (
        SELECT i.asset, SUM(i.interest) AS earned FROM se_flex_positions p
        CROSS JOIN LATERAL generate_series(date_trunc('hour', ${since}::timestamptz), ${now.toISOString()}::timestamptz, interval '1 hour') g(hour)
        JOIN se_flex_interest i ON i.period_start = g.hour AND i.position_id = p.id
        WHERE p.user_id = ${userId} GROUP BY i.asset
      ), all_assets AS (SELECT asset FROM flex UNION SELECT asset FROM fixed UNION SELECT asset FROM fixed_paid)
      SELECT a.asset, COALESCE(f.held, 0)::text AS flexible, COALESCE(x.held, 0)::text AS fixed,
        (COALESCE(f.earned, 0) + COALESCE(fp.earned, 0))::text AS interest, COALESCE(r.earned, 0)::text AS interest_24h,
        COALESCE((SELECT price_usdt FROM assets WHERE symbol = a.asset), 0)::text AS price
      FROM all_assets a LEFT JOIN flex f ON f.asset = a.asset LEFT JOIN fixed x ON x.asset = a.asset
      LEFT JOIN fixed_paid fp ON fp.asset = a.asset LEFT JOIN recent r ON r.asset = a.asset ORDER BY a.asset`,
  );
  let flexible = dec(0);
  let fixed = dec(0);
  let interest = dec(0);
  let interest24h = dec(0);
  for (const r of list) {
    flexible = flexible.plus(dec(r.flexible).times(r.price));
    fixed = fixed.plus(dec(r.fixed).times(r.price));
    interest = interest.plus(dec(r.interest).times(r.price));
    interest24h = interest24h.plus(dec(r.interest_24h).times(r.price));
  }
  return {
    total_usdt: toWire(flexible.plus(fixed), 8),
    flexible_usdt: toWire(flexible, 8),
    fixed_usdt: toWire(fixed, 8),
    cumulative_interest_usdt: toWire(interest, 8),
    last_24h_interest_usdt: toWire(interest24h, 8),
    list: list.map((r) => ({
      asset: r.asset,
      flexible: toWire(r.flexible),
      fixed: toWire(r.fixed),
      cumulative_interest: toWire(r.interest),
      last_24h_interest: toWire(r.interest_24h),
    })),
  };
}
