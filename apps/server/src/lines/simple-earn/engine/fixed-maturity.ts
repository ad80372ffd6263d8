import { type Db, rows, sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { shardedWork } from '../../../kernel/jobs';
import { lockFlexShared } from '../store/flex-positions';
import {
  decideReinvest,
  insertDue,
  maturing,
  payDue,
  prepareDue,
  releaseQuota,
  reportDue,
  takeReinvestQuota,
} from './fixed-due';
import { iso } from './util';

/**
 * Fixed maturities of the day, set-based: orders whose maturity day started by period end − 30 min are
 * paid principal + interest + voucher yield into their redeem-to account (spot, or flexible earning
 * from the next hour), or rolled into a new order of the same product when auto-reinvest is on and
 * the product still takes them (on sale, quota and personal cap allowing, in order id order). Bonuses
 * go to spot in the bonus coin.
 */
export async function runFixedMaturity(tx: Db, period: Period): Promise<void> {
  // Most days nothing matures: one look, and nothing to lock or stage.
  if (!(await anyMaturing(tx, period.end))) return;
  const now = iso(period.end);
  await lockFlexShared(tx);
  await prepareDue(tx);
  await tx.execute(sql`WITH u AS (
      UPDATE se_fixed_orders SET status = 2, redeem_type = 2, settled_at = ${now}::timestamptz
      WHERE ${maturing(period)} RETURNING *
    ) ${insertDue(sql`reinvest_status = 1`)}`);
  const [n] = await rows<{ n: string }>(tx, sql`SELECT COUNT(*)::text AS n FROM se_due`);
  if (!n || n.n === '0') return;
  await releaseQuota(tx);
  await decideReinvest(tx, now);
  await payDue(tx, period, iso(period.start));
  await takeReinvestQuota(tx);
  await reportDue(tx, period);
}

/** Whether a period of the maturity job ending by `to` has an order to mature (maturing()). */
export async function anyMaturing(db: Db, to: Date): Promise<boolean> {
  const [r] = await rows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM se_fixed_orders WHERE ${maturing({ start: to, end: to })}) AS any`,
  );
  return r?.any !== false;
}

/**
 * What the plan of a day's maturities fixes for one shard: its orders (a range of ids, and how many),
 * which of them roll over (per product, auto-reinvest up to an order id, less the orders a holder's
 * cap refused) and the sold amount the plan already moved for them, per product, until they are booked.
 */
type FixedShard = {
  part: number | null;
  lo: string;
  hi: string;
  orders: number;
  upTo: Record<string, string>;
  refused: string[];
  quota: Record<string, string>;
};

/**
 * The day's fixed maturities in shards. The plan takes every due order's quota decision at once, as
 * the whole period does (the room and caps it leaves, in order id order): it releases the due
 * principal and takes the reinvested payouts from each product's sold amount and holders' quota, so
 * a subscription between shards sees the day's quota as the whole period leaves it. Each shard then
 * matures a range of order ids by that decision: its entry, flexible payouts, new orders, notices and
 * history, in one transaction. Users cannot touch an order within an hour of its maturity, so the
 * orders a shard finds are those the plan saw. Reconciliation counts the quota of shards not yet booked.
 */
export const fixedMaturity = shardedWork<FixedShard>({
  async plan(tx, period, shardRows) {
    if (!(await anyMaturing(tx, period.end))) return [];
    await prepareDue(tx);
    await tx.execute(
      sql`WITH u AS (SELECT * FROM se_fixed_orders WHERE ${maturing(period)}) ${insertDue(sql`reinvest_status = 1`)}`,
    );
    const [n] = await rows<{ n: number }>(tx, sql`SELECT COUNT(*)::int AS n FROM se_due`);
    const count = n?.n ?? 0;
    if (count === 0) return [];
    await releaseQuota(tx);
    await decideReinvest(tx, iso(period.end));
    await takeReinvestQuota(tx);
    const [up] = await rows<{ up: Record<string, string> | null }>(
      tx,
      sql`SELECT jsonb_object_agg(product_id::text, up::text) AS up
          FROM (SELECT product_id, MAX(order_id) AS up FROM se_due WHERE reinvest GROUP BY product_id) x`,
    );
    const parts = shardRows > 0 ? Math.ceil(count / shardRows) : 1;
    // Ranges of equal counts (ntile): the ids of a day's maturities are spread over months of orders.
    const ranges = await rows<{
      lo: string;
      hi: string;
      orders: number;
      refused: string[];
      quota: Record<string, string>;
    }>(
      tx,
      sql`WITH up AS (SELECT product_id, MAX(order_id) AS up FROM se_due WHERE reinvest GROUP BY product_id),
        t AS (
          SELECT d.order_id, d.product_id, d.reinvest, d.payout, d.principal,
            (o.reinvest_status = 1 AND NOT d.reinvest AND d.order_id <= up.up) AS refused,
            ntile(${parts}::int) OVER (ORDER BY d.order_id) AS tile
          FROM se_due d JOIN se_fixed_orders o ON o.id = d.order_id LEFT JOIN up ON up.product_id = d.product_id
        ),
        q AS (SELECT tile, product_id, SUM(CASE WHEN reinvest THEN payout ELSE 0 END - principal) AS delta FROM t GROUP BY tile, product_id)
        SELECT MIN(t.order_id)::text AS lo, MAX(t.order_id)::text AS hi, COUNT(*)::int AS orders,
          COALESCE(jsonb_agg(t.order_id::text ORDER BY t.order_id) FILTER (WHERE t.refused), '[]'::jsonb) AS refused,
          (SELECT jsonb_object_agg(q.product_id::text, q.delta::text) FROM q WHERE q.tile = t.tile) AS quota
        FROM t GROUP BY t.tile ORDER BY t.tile`,
    );
    return ranges.map((r, i) => ({
      part: ranges.length === 1 ? null : i,
      lo: r.lo,
      hi: r.hi,
      orders: r.orders,
      upTo: up?.up ?? {},
      refused: r.refused,
      quota: r.quota,
    }));
  },
  async book(tx, period, params) {
    const p = params;
    const now = iso(period.end);
    await lockFlexShared(tx);
    await prepareDue(tx);
    const reinvest = sql`reinvest_status = 1 AND id <= COALESCE((${JSON.stringify(p.upTo)}::jsonb ->> product_id::text)::bigint, 0)
      AND id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(p.refused)}::jsonb)::bigint)`;
    await tx.execute(sql`WITH u AS (
        UPDATE se_fixed_orders SET status = 2, redeem_type = 2, settled_at = ${now}::timestamptz
        WHERE ${maturing(period)} AND id BETWEEN ${p.lo}::bigint AND ${p.hi}::bigint RETURNING *
      ) ${insertDue(reinvest)}`);
    const [n] = await rows<{ n: number }>(tx, sql`SELECT COUNT(*)::int AS n FROM se_due`);
    // The plan moved these orders' quota: booking other orders than it saw would leave it wrong.
    if ((n?.n ?? 0) !== p.orders)
      throw new Error(
        `fixed maturity shard ${p.lo}-${p.hi}: ${n?.n ?? 0} orders due, the plan saw ${p.orders}`,
      );
    await payDue(tx, period, p.part === null ? iso(period.start) : `${iso(period.start)}:${p.part}`);
    await reportDue(tx, period);
    return { orders: p.orders };
  },
  async close() {
    // Nothing is left for the day once every shard is booked: the plan took the quota.
  },
});
