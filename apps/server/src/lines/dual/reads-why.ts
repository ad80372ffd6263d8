import { targetReached, toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { type DualWhy, type StatementWhy, utcText, type WhyRow } from '../../kernel/whys';
import type { ProductRow } from './model';
import { productsByIds } from './store';

/** A dual entry's reference: `settle:<product>:<first order>`, `cancel:<product>`. */
const DUAL_PRODUCT = /^dual (?:settle|cancel):(\d{1,12})(?::\d{1,18})?$/;
/** A dual subscription's reference: `order:<id>`. */
const DUAL_ORDER = /^dual order:(\d{1,18})$/;

/** The rule a settled (or withdrawn) product applied, in words. */
function ruleOf(p: ProductRow): { reached: boolean | null; rule: string } {
  if (p.status === 'canceled')
    return {
      reached: null,
      rule: 'withdrawn before settlement: principal + interest so far, in the coin invested',
    };
  if (p.fixingPrice === null) return { reached: null, rule: 'not settled yet' };
  const reached = targetReached(p.direction, p.fixingPrice, p.targetPrice);
  const cmp = p.direction === 'sell_high' ? (reached ? '>=' : '<') : reached ? '<=' : '>';
  const paid = reached
    ? p.direction === 'sell_high'
      ? `(amount + interest) × target in ${p.exerciseCoin}`
      : `(amount + interest) ÷ target in ${p.exerciseCoin}`
    : `amount + interest in ${p.investCoin}`;
  return {
    reached,
    rule: `${p.direction}: fixing ${toWire(p.fixingPrice)} ${cmp} target ${toWire(p.targetPrice)}, paid ${paid}, 8 decimals down`,
  };
}

/** The "why" of each product named, for the statement's dual rows. */
async function dualWhys(db: Db, productIds: number[]): Promise<Map<number, DualWhy>> {
  const out = new Map<number, DualWhy>();
  for (const p of await productsByIds(db, [...new Set(productIds)])) {
    out.set(p.id, {
      kind: 'dual_settlement',
      product_id: p.id,
      direction: p.direction,
      target_price: toWire(p.targetPrice),
      fixing_price: p.fixingPrice === null ? null : toWire(p.fixingPrice),
      ...ruleOf(p),
    });
  }
  return out;
}

interface OrderFacts {
  id: string;
  product_id: number;
  apr: string;
  target_price: string;
  settle_time: string;
}

/** The dual rows' whys: a settlement's or withdrawal's by its product, a subscription's by its order too. */
export async function dualStatementWhys(
  db: Db,
  _userId: number | undefined,
  found: readonly WhyRow[],
): Promise<Map<number, StatementWhy>> {
  const products = new Map<number, number>();
  const orders = new Map<number, string>();
  for (const [i, r] of found.entries()) {
    if (r.line !== 'dual') continue;
    const p = DUAL_PRODUCT.exec(r.product);
    if (p) products.set(i, Number(p[1]));
    const o = DUAL_ORDER.exec(r.product);
    if (o?.[1]) orders.set(i, o[1]);
  }
  const out = new Map<number, StatementWhy>();
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
