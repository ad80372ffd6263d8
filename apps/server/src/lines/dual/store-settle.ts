import { DUAL_YEAR_SECONDS } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { SYSTEM_OWNER, UserPurpose } from '../../ledger/accounts';
import { priceInForceSql } from '../../market/prices';
import { DUAL_PURPOSE, DualHouse, FIXING_MAX_AGE_SECONDS, RETRY_SECONDS } from './model';

/*
 * The settlement's and the cancellation's set-based statements. With store.ts, the only files that
 * name the dual line's tables.
 */

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** The interest's denominator with the APR a percent: 31,536,000 s × 100. */
const D = DUAL_YEAR_SECONDS * 100;

/**
 * What (amount + interest) comes to, times `times` or divided by `per`, rounded down to 8 decimals,
 * exactly: the numerator is an exact NUMERIC product and `div` the exact integer quotient, so no
 * division rounds at a scale of PostgreSQL's choosing. The SQL twin of dualOutcomes (packages/domain).
 */
export function payoutSql(opts: {
  amount: string;
  apr: string;
  seconds: string;
  times?: string;
  per?: string;
}) {
  const gross = `((${opts.amount}) * ${D} + (${opts.amount}) * (${opts.apr}) * (${opts.seconds}))`;
  const num = opts.times ? `${gross} * (${opts.times})` : gross;
  const den = opts.per ? `${D}::numeric * (${opts.per})` : `${D}::numeric`;
  return sql.raw(`(div(${num} * 100000000, ${den}) * 0.00000001)`);
}

export interface DueProduct {
  id: number;
  status: 'settling' | 'failed' | 'settled';
  orders: number;
  lo: number | null;
  hi: number | null;
}

/**
 * Every product whose settlement time has come by `at` and is not settled (open, or failed and due a
 * new try): each reads its fixing price once. Found: the product is settling and its orders
 * SETTLEMENT_PROCESSING; none: failed, its orders SETTLEMENT_FAILED, tried again after RETRY_SECONDS.
 * A product without orders is settled at once. Row locks: a cancellation waits, then finds it gone.
 */
export async function markDue(tx: Db, at: Date): Promise<DueProduct[]> {
  const marked = await rows<{ id: number; status: DueProduct['status'] }>(
    tx,
    sql`WITH due AS (
          SELECT id, ${priceInForceSql(sql`base_coin`, sql`settle_at`, FIXING_MAX_AGE_SECONDS)} AS fixing
          FROM dual_products
          WHERE status IN ('open', 'failed') AND settle_at <= ${iso(at)} AND (retry_at IS NULL OR retry_at <= ${iso(at)})
          ORDER BY id FOR UPDATE)
        UPDATE dual_products p
        SET fixing_price = due.fixing,
            status = CASE WHEN due.fixing IS NULL THEN 'failed' ELSE 'settling' END,
            attempts = p.attempts + CASE WHEN due.fixing IS NULL THEN 1 ELSE 0 END,
            retry_at = CASE WHEN due.fixing IS NULL THEN ${iso(at)} + make_interval(secs => ${RETRY_SECONDS}) END,
            updated_at = ${iso(at)}
        FROM due WHERE p.id = due.id
        RETURNING p.id, p.status`,
  );
  if (marked.length === 0) return [];
  const ids = marked.map((m) => m.id);
  const counts = await rows<{ product_id: number; n: number; lo: string; hi: string }>(
    tx,
    sql`WITH moved AS (
          UPDATE dual_orders o
          SET status = CASE WHEN p.status = 'failed' THEN 'SETTLEMENT_FAILED' ELSE 'SETTLEMENT_PROCESSING' END,
              updated_at = ${iso(at)}
          FROM dual_products p
          WHERE p.id = o.product_id AND o.product_id IN ${sql`(${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`}
            AND o.status IN ('PROCESSING', 'SETTLEMENT_FAILED')
          RETURNING o.product_id, o.id)
        SELECT product_id, COUNT(*)::int AS n, MIN(id)::text AS lo, MAX(id)::text AS hi FROM moved GROUP BY product_id`,
  );
  const byId = new Map(counts.map((c) => [c.product_id, c]));
  await tx.execute(sql`INSERT INTO dual_settlements (product_id, outcome, fixing_price, reached, orders, totals, at)
    SELECT p.id, 'failed', NULL, NULL,
           (SELECT COUNT(*)::int FROM dual_orders o WHERE o.product_id = p.id AND o.status = 'SETTLEMENT_FAILED'),
           '{}'::jsonb, ${iso(at)}
    FROM dual_products p WHERE p.id IN ${sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`} AND p.status = 'failed'`);
  return marked.map((m) => {
    const c = byId.get(m.id);
    return {
      id: m.id,
      status: m.status,
      orders: c?.n ?? 0,
      lo: c ? Number(c.lo) : null,
      hi: c ? Number(c.hi) : null,
    };
  });
}

/** Ids of a product's settling orders split into ranges of about `size` orders, in id order. */
export async function orderRanges(
  tx: Db,
  productId: number,
  size: number,
): Promise<{ lo: number; hi: number }[]> {
  const found = await rows<{ lo: string; hi: string }>(
    tx,
    sql`SELECT MIN(id)::text AS lo, MAX(id)::text AS hi FROM (
          SELECT id, (row_number() OVER (ORDER BY id) - 1) / ${size} AS part FROM dual_orders
          WHERE product_id = ${productId} AND status = 'SETTLEMENT_PROCESSING') s
        GROUP BY part ORDER BY part`,
  );
  return found.map((f) => ({ lo: Number(f.lo), hi: Number(f.hi) }));
}

export interface SettleFacts {
  productId: number;
  reached: boolean;
  lo: number;
  hi: number;
  at: Date;
}

const shardOrders = (f: SettleFacts, alias = '') => {
  const a = sql.raw(alias ? `${alias}.` : '');
  return sql`${a}product_id = ${f.productId} AND ${a}id BETWEEN ${f.lo} AND ${f.hi}`;
};

/** Books each settling order of the range's outcome: its fixing price, coin and the amount it fixed. */
export async function bookOutcomes(tx: Db, f: SettleFacts): Promise<number> {
  const done = await rows<{ id: string }>(
    tx,
    sql`UPDATE dual_orders o
        SET status = 'SETTLEMENT_SUCCESS', settle_price = p.fixing_price,
            settle_coin = ${f.reached ? sql`p.exercise_coin` : sql`p.invest_coin`},
            settle_amount = ${f.reached ? sql`o.payout_reached` : sql`o.payout_not_reached`},
            settled_at = p.settle_at, updated_at = ${iso(f.at)}
        FROM dual_products p
        WHERE p.id = o.product_id AND ${shardOrders(f, 'o')} AND o.status = 'SETTLEMENT_PROCESSING'
        RETURNING o.id::text AS id`,
  );
  return done.length;
}

/**
 * The legs of the range's settlement entry: each order's investment out of its dual account, its
 * proceeds into spot (or into dual, for a rolled order: the new order holds them), and the house's
 * side. Reached: the conversion desk takes the invested coin and pays the other; not reached: the
 * interest account pays the interest. What is below 8 decimals was never in the payout: the house
 * keeps it by paying only the rounded amount.
 */
export function settlementLegs(f: SettleFacts) {
  const mine = sql`SELECT * FROM dual_orders WHERE ${shardOrders(f)} AND status = 'SETTLEMENT_SUCCESS'`;
  const house = f.reached
    ? sql`SELECT ${SYSTEM_OWNER}::bigint, invest_coin, ${DualHouse.conversion}::text, amount FROM (${mine}) o
          UNION ALL SELECT ${SYSTEM_OWNER}::bigint, settle_coin, ${DualHouse.conversion}::text, -settle_amount FROM (${mine}) o`
    : sql`SELECT ${SYSTEM_OWNER}::bigint, invest_coin, ${DualHouse.interest}::text, amount - settle_amount FROM (${mine}) o`;
  return sql`SELECT user_id, invest_coin AS asset, ${DUAL_PURPOSE}::text AS purpose, -amount AS amount FROM (${mine}) o
    UNION ALL SELECT user_id, settle_coin,
      CASE WHEN rolled_to IS NULL THEN ${UserPurpose.spot} ELSE ${DUAL_PURPOSE} END::text, settle_amount FROM (${mine}) o
    UNION ALL ${house}`;
}

/** The settled item of each order of the range, for the inbox (and the mail of those who chose it). */
export function settledItems(f: SettleFacts) {
  return sql`SELECT o.user_id, 'dual:' || o.id AS cause, jsonb_build_object('order_id', o.id, 'base', p.base_coin,
      'fixing', p.fixing_price::text, 'target', p.target_price::text, 'amount', o.settle_amount::text,
      'coin', o.settle_coin, 'rolled', o.rolled_to IS NOT NULL) AS params
    FROM dual_orders o JOIN dual_products p ON p.id = o.product_id
    WHERE ${shardOrders(f, 'o')} AND o.status = 'SETTLEMENT_SUCCESS'`;
}

export interface RollTarget {
  id: number;
  aprPercent: string;
  minAmount: string;
  maxPerUser: string | null;
  quotaLeft: string;
  target: string;
  settleAt: Date;
  direction: string;
  investCoin: string;
}

/**
 * Auto-roll: the range's orders with auto_compound whose proceeds are in the coin they invested (the
 * target was not reached) become new orders of `into`, in id order while its quota lasts, each within
 * the product's minimum and the user's maximum, at the APR quoted at the settlement. Each new order's
 * outcomes are fixed by payoutSql, the SQL twin of the subscription's. Answers the amount rolled.
 */
export async function rollInto(tx: Db, f: SettleFacts, into: RollTarget): Promise<string> {
  const secs = `${Math.floor((into.settleAt.getTime() - f.at.getTime()) / 1000)}`;
  const reached =
    into.direction === 'sell_high'
      ? payoutSql({ amount: 'c.amount', apr: 'n.apr', seconds: secs, times: 'n.target' })
      : payoutSql({ amount: 'c.amount', apr: 'n.apr', seconds: secs, per: 'n.target' });
  const notReached = payoutSql({ amount: 'c.amount', apr: 'n.apr', seconds: secs });
  const [row] = await rows<{ total: string | null }>(
    tx,
    sql`WITH n AS (SELECT ${into.aprPercent}::numeric AS apr, ${into.target}::numeric AS target),
        cand AS (
          SELECT o.id, o.user_id, o.settle_amount AS amount,
                 SUM(o.settle_amount) OVER (ORDER BY o.id) AS cum,
                 SUM(o.settle_amount) OVER (PARTITION BY o.user_id ORDER BY o.id) AS user_cum
          FROM dual_orders o
          WHERE ${shardOrders(f, 'o')} AND o.status = 'SETTLEMENT_SUCCESS' AND o.auto_compound
            AND o.settle_coin = o.invest_coin AND o.rolled_to IS NULL),
        held AS (SELECT user_id, SUM(amount) AS h FROM dual_orders WHERE product_id = ${into.id} GROUP BY user_id),
        ins AS (
          INSERT INTO dual_orders (user_id, kind, invest_coin, exercise_coin, amount, target_price, apr, status,
            created_at, expire_at, updated_at, product_id, direction, quote_id, payout_reached, payout_not_reached,
            auto_compound, rolled_from)
          SELECT c.user_id, 'dual', p.invest_coin, p.exercise_coin, c.amount, p.target_price, n.apr, 'PROCESSING',
                 ${iso(f.at)}, p.settle_at, ${iso(f.at)}, p.id, p.direction, 'roll', ${reached}, ${notReached}, true, c.id
          FROM cand c CROSS JOIN n JOIN dual_products p ON p.id = ${into.id}
          LEFT JOIN held ON held.user_id = c.user_id
          WHERE c.amount >= ${into.minAmount}::numeric AND c.cum <= ${into.quotaLeft}::numeric
            ${into.maxPerUser === null ? sql`` : sql`AND COALESCE(held.h, 0) + c.user_cum <= ${into.maxPerUser}::numeric`}
          RETURNING id, rolled_from, amount),
        linked AS (UPDATE dual_orders o SET rolled_to = ins.id FROM ins WHERE o.id = ins.rolled_from RETURNING 1)
        SELECT (SELECT SUM(amount) FROM ins)::text AS total, (SELECT COUNT(*) FROM linked) AS n`,
  );
  const total = row?.total ?? null;
  if (total !== null)
    await tx.execute(sql`UPDATE dual_products SET sold = sold + ${total}::numeric WHERE id = ${into.id}`);
  return total ?? '0';
}

/** Settled: the product and its run, with what its orders were paid per coin. */
export async function closeProduct(tx: Db, productId: number, reached: boolean, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE dual_products SET status = 'settled', settled_at = ${iso(at)}, retry_at = NULL,
    updated_at = ${iso(at)} WHERE id = ${productId} AND status = 'settling'`);
  await tx.execute(sql`INSERT INTO dual_settlements (product_id, outcome, fixing_price, reached, orders, totals, at)
    SELECT p.id, 'settled', p.fixing_price, ${reached},
           (SELECT COUNT(*)::int FROM dual_orders o WHERE o.product_id = p.id AND o.status = 'SETTLEMENT_SUCCESS'),
           COALESCE((SELECT jsonb_object_agg(coin, total) FROM (
             SELECT settle_coin AS coin, SUM(settle_amount)::text AS total FROM dual_orders
             WHERE product_id = p.id AND status = 'SETTLEMENT_SUCCESS' GROUP BY settle_coin) t), '{}'::jsonb),
           ${iso(at)}
    FROM dual_products p WHERE p.id = ${productId}`);
}

/**
 * A withdrawn product's orders: each gets its principal and the interest so far (from its
 * subscription to `at`, whole seconds), rounded down to 8 decimals, and is CANCELED. Answers how many.
 */
export async function cancelOrders(tx: Db, productId: number, at: Date): Promise<number> {
  const secs = `(${Math.floor(at.getTime() / 1000)} - floor(extract(epoch FROM o.created_at)))`;
  const refund = payoutSql({ amount: 'o.amount', apr: 'o.apr', seconds: secs });
  const done = await rows<{ id: string }>(
    tx,
    sql`UPDATE dual_orders o SET status = 'CANCELED', settle_coin = o.invest_coin, settle_amount = ${refund},
          settled_at = ${iso(at)}, updated_at = ${iso(at)}
        WHERE o.product_id = ${productId} AND o.status = 'PROCESSING'
        RETURNING o.id::text AS id`,
  );
  await tx.execute(sql`UPDATE dual_products SET status = 'canceled', settled_at = ${iso(at)}, updated_at = ${iso(at)}
    WHERE id = ${productId}`);
  await tx.execute(sql`INSERT INTO dual_settlements (product_id, outcome, fixing_price, reached, orders, totals, at)
    SELECT ${productId}, 'canceled', NULL, NULL, COUNT(*)::int,
           COALESCE(jsonb_object_agg(coin, total) FILTER (WHERE coin IS NOT NULL), '{}'::jsonb), ${iso(at)}
    FROM (SELECT settle_coin AS coin, SUM(settle_amount)::text AS total FROM dual_orders
          WHERE product_id = ${productId} AND status = 'CANCELED' GROUP BY settle_coin) t`);
  return done.length;
}

/** The legs of a cancellation: principal out of dual, principal and interest into spot, the interest from the house. */
export function cancelLegs(productId: number) {
  const mine = sql`SELECT * FROM dual_orders WHERE product_id = ${productId} AND status = 'CANCELED'`;
  return sql`SELECT user_id, invest_coin AS asset, ${DUAL_PURPOSE}::text AS purpose, -amount AS amount FROM (${mine}) o
    UNION ALL SELECT user_id, invest_coin, ${UserPurpose.spot}::text, settle_amount FROM (${mine}) o
    UNION ALL SELECT ${SYSTEM_OWNER}::bigint, invest_coin, ${DualHouse.interest}::text, amount - settle_amount FROM (${mine}) o`;
}

/** A withdrawn product's orders as "redemption arrived" items: principal and interest back in spot. */
export function canceledItems(productId: number) {
  return sql`SELECT user_id, 'dual:' || id AS cause, jsonb_build_object('line', 'dual', 'asset', settle_coin,
      'amount', settle_amount::text, 'dest', 'spot') AS params
    FROM dual_orders WHERE product_id = ${productId} AND status = 'CANCELED'`;
}
