import { type Db, rows, sql } from '../../infra/db/client';
import { type DualWhy, dualWhys } from '../../lines/dual/reads';
import type { Line } from '../lines';
import type { MovementType } from './movements';

/**
 * A dual order's subscription: what it was subscribed to (the order's target, APR and settle time,
 * the product's fixing price once settled). Same kind as the settlement's, so every reader of a dual
 * why (the statement page's, which opens no breakdown for it) reads both alike.
 */
export interface DualSubscriptionWhy extends DualWhy {
  order_id: number;
  /** Percent a year, as quoted to the order. */
  apr: string;
  settle_time: number;
}

/** Which payout breakdown a statement row opens. */
export type StatementWhy =
  | { kind: 'flexible_hour'; coin: string; hour: number }
  | { kind: 'flexible_bonus_hour'; coin: string; hour: number }
  | { kind: 'launchpool_interest_hour'; rid: number; hour: number }
  | { kind: 'launchpool_hour'; rid: number; coin: string; hour: number }
  | { kind: 'soft_staking_day'; coin: string; day: number }
  /** A staking day's payment to spot: the reward records (base, campaigns, products) it sums. */
  | { kind: 'staking_day'; ids: number[] }
  /** A dual order's subscription, settlement or withdrawal: the fixing price, the target and the rule. */
  | DualWhy
  | DualSubscriptionWhy;

/** What a row's why is read from: its keyset time, line, type, coin and entry reference. */
export interface WhyRow {
  at_us: string;
  src: number;
  asset: string;
  type: MovementType;
  line: Line;
  product: string;
}

/** A launch-pool hour's entry reference: `${rid}:${hourStartUnix}` (its rewards and its auto-earn interest). */
const POOL_HOUR = /^launch_pool (\d{1,18}):(\d{1,12})$/;
/** A period's start as the engines write it in a reference (`iso`), then a shard's number if any. */
const PERIOD = '(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)(?::\\d{1,9})?$';
/** A flexible hour's bonus: `${holding coin}:${hour start}` (simple-earn engine). */
const FLEX_BONUS_HOUR = new RegExp(`^simple_earn_flexible ([^\\s:]{1,20}):${PERIOD}`);
/** A soft-staking day's payout: `day:${day start}` (soft-staking engine). */
const SOFT_DAY = new RegExp(`^soft_staking day:${PERIOD}`);
/**
 * A staking day's payment to spot: `day:${day start}`, or a shard's `day:${day start}:${product}` and
 * `:${first user id}` (staking engine). One posting per user and coin sums that user's records of the
 * day in that coin: the base reward and each campaign's, of every product (of the shard's product).
 */
const STAKING_DAY =
  /^staking day:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)(?::(\d{1,9})(?::\d{1,18})?)?$/;
/** A dual entry's reference: `settle:<product>:<first order>`, `cancel:<product>`. */
const DUAL_PRODUCT = /^dual (?:settle|cancel):(\d{1,12})(?::\d{1,18})?$/;
/** A dual subscription's reference: `order:<id>`. */
const DUAL_ORDER = /^dual order:(\d{1,18})$/;

const unixOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const secondsOf = (r: WhyRow) => Math.floor(Number(r.at_us) / 1_000_000);

/** Which breakdown a payout row opens, from its line, type and entry reference; null for other rows. */
export function whyOf(
  r: Pick<WhyRow, 'type' | 'line' | 'src' | 'asset' | 'product'>,
  at: number,
): StatementWhy | null {
  if (r.type === 'interest') {
    // Flexible interest rows are the hourly sub-ledger's (src 1), booked at the hour's end.
    if (r.line === 'simple_earn_flexible' && Number(r.src) === 1)
      return { kind: 'flexible_hour', coin: r.asset, hour: at };
    const m = r.line === 'launch_pool' ? POOL_HOUR.exec(r.product) : null;
    if (m) return { kind: 'launchpool_interest_hour', rid: Number(m[1]), hour: Number(m[2]) };
    return null;
  }
  if (r.type === 'bonus' && r.line === 'simple_earn_flexible') {
    // The breakdown names a bonus hour by its holding coin and the hour's end, as the history does.
    const m = FLEX_BONUS_HOUR.exec(r.product);
    return m?.[1] && m[2] ? { kind: 'flexible_bonus_hour', coin: m[1], hour: unixOf(m[2]) + 3600 } : null;
  }
  if (r.type !== 'reward') return null;
  if (r.line === 'launch_pool') {
    const m = POOL_HOUR.exec(r.product);
    return m ? { kind: 'launchpool_hour', rid: Number(m[1]), coin: r.asset, hour: Number(m[2]) } : null;
  }
  if (r.line === 'soft_staking') {
    const m = SOFT_DAY.exec(r.product);
    return m?.[1] ? { kind: 'soft_staking_day', coin: r.asset, day: unixOf(m[1]) } : null;
  }
  return null;
}

/**
 * Every row's why, in the rows' order, with a fixed number of reads whatever the number of rows: the
 * staking days' records (one read), the dual orders (one) and the dual products (one); the other rows'
 * whys come from their references. The statement page and the CSV export both read them here.
 */
export async function statementWhys<R extends WhyRow>(
  db: Db,
  userId: number | undefined,
  found: R[],
): Promise<(StatementWhy | null)[]> {
  const staking = userId === undefined ? new Map<R, StatementWhy>() : await stakingRecords(db, userId, found);
  const dual = await dualRecords(db, found);
  return found.map((r) => staking.get(r) ?? dual.get(r) ?? whyOf(r, secondsOf(r)));
}

interface OrderFacts {
  id: string;
  product_id: number;
  apr: string;
  target_price: string;
  settle_time: string;
}

/** The dual rows' whys: a settlement's or withdrawal's by its product, a subscription's by its order too. */
async function dualRecords<R extends WhyRow>(db: Db, found: R[]): Promise<Map<R, StatementWhy>> {
  const products = new Map<R, number>();
  const orders = new Map<R, string>();
  for (const r of found) {
    if (r.line !== 'dual') continue;
    const p = DUAL_PRODUCT.exec(r.product);
    if (p) products.set(r, Number(p[1]));
    const o = DUAL_ORDER.exec(r.product);
    if (o?.[1]) orders.set(r, o[1]);
  }
  const out = new Map<R, StatementWhy>();
  if (products.size === 0 && orders.size === 0) return out;
  // An operator's record has no product: its subscription has no why.
  const facts =
    orders.size === 0
      ? []
      : await rows<OrderFacts>(
          db,
          sql`SELECT id::text AS id, product_id, trim_scale(apr)::text AS apr,
                trim_scale(target_price)::text AS target_price, extract(epoch FROM expire_at)::bigint::text AS settle_time
              FROM dual_orders
              WHERE product_id IS NOT NULL AND id IN (${sql.join(
                [...new Set(orders.values())].map((id) => sql`${id}::bigint`),
                sql`, `,
              )})`,
        );
  const byOrder = new Map(facts.map((f) => [f.id, f]));
  const whys = await dualWhys(db, [...products.values(), ...facts.map((f) => f.product_id)]);
  for (const [r, id] of products) {
    const why = whys.get(id);
    if (why) out.set(r, why);
  }
  for (const [r, id] of orders) {
    const f = byOrder.get(id);
    const product = f ? whys.get(f.product_id) : undefined;
    if (!f || !product) continue;
    const settle = Number(f.settle_time);
    out.set(r, {
      ...product,
      target_price: f.target_price,
      order_id: Number(f.id),
      apr: f.apr,
      settle_time: settle,
      rule: `subscribed: ${product.direction} at target ${f.target_price}, APR ${f.apr}%, settles ${utcText(settle)}`,
    });
  }
  return out;
}

/**
 * The reward records behind each staking-day payment row, in one read: the user's paid records of
 * those days in the row's coin (and the shard's product, when the payment was a shard's). A row whose
 * records are not found (none should be) opens nothing.
 */
async function stakingRecords<R extends WhyRow>(
  db: Db,
  userId: number,
  found: R[],
): Promise<Map<R, StatementWhy>> {
  const wanted = found.flatMap((r) => {
    const m = r.line === 'staking' && r.type === 'reward' ? STAKING_DAY.exec(r.product) : null;
    return m?.[1] ? [{ row: r, day: m[1], product: m[2] === undefined ? null : Number(m[2]) }] : [];
  });
  const out = new Map<R, StatementWhy>();
  if (wanted.length === 0) return out;
  const days = [...new Set(wanted.map((w) => w.day))];
  const records = await rows<{ id: string; coin: string; day: string; product_id: number }>(
    db,
    sql`SELECT id::text AS id, coin, to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS day, product_id
        FROM staking_rewards
        WHERE user_id = ${userId} AND paid
          AND day IN (${sql.join(
            days.map((d) => sql`${d}::timestamptz`),
            sql`, `,
          )})
        ORDER BY id`,
  );
  for (const w of wanted) {
    const ids = records
      .filter(
        (f) =>
          f.day === w.day && f.coin === w.row.asset && (w.product === null || f.product_id === w.product),
      )
      .map((f) => Number(f.id));
    if (ids.length > 0) out.set(w.row, { kind: 'staking_day', ids });
  }
  return out;
}

/** Unix seconds as `YYYY-MM-DD HH:MM:SS UTC`. */
function utcText(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A why in plain English, for the CSV's why column: the same facts as the statement's why object. */
export function whyText(why: StatementWhy | null): string | null {
  if (why === null) return null;
  switch (why.kind) {
    case 'flexible_hour':
      return `flexible interest on ${why.coin} for the hour ending ${utcText(why.hour)}`;
    case 'flexible_bonus_hour':
      return `flexible bonus on ${why.coin} held in the hour ending ${utcText(why.hour)}`;
    case 'launchpool_interest_hour':
      return `launch pool ${why.rid} auto-earn interest for the hour from ${utcText(why.hour)}`;
    case 'launchpool_hour':
      return `launch pool ${why.rid} ${why.coin} reward for the hour from ${utcText(why.hour)}`;
    case 'soft_staking_day':
      return `soft staking ${why.coin} payout for the day from ${utcText(why.day)}`;
    case 'staking_day':
      return `staking day payment: the sum of reward records ${why.ids.join(', ')}`;
    case 'dual_settlement':
      return `dual product ${why.product_id}: ${why.rule}`;
  }
}
