import { toWire } from '@earn/domain';
import type { Db } from '../../infra/db/client';
import { unixSeconds } from '../../kernel/clock';
import type { ProductRow } from './model';
import { productView } from './reads';
import { isCrossed, quoteInputs } from './service/quote';
import { openExposure, orderCount, settlementRuns } from './store';

/** A product as the operator sees it: the user's view, what it holds and how it settled. */
export async function adminProductView(db: Db, p: ProductRow, now: Date) {
  const inputs = await quoteInputs(db, p);
  return {
    ...productView(p, inputs, unixSeconds(now)),
    // The market is across the target: hidden from users, quoting nothing (a fixed APR still shows).
    crossed: isCrossed(p, inputs),
    sold: toWire(p.sold),
    fixed_apr: p.fixedApr === null ? null : toWire(p.fixedApr),
    fixing_price: p.fixingPrice === null ? null : toWire(p.fixingPrice),
    attempts: p.attempts,
    retry_time: p.retryAt === null ? null : unixSeconds(p.retryAt),
    settled_time: p.settledAt === null ? null : unixSeconds(p.settledAt),
    orders: await orderCount(db, p.id),
  };
}

/** The operator's exposure: per pair, direction and settlement time, and the settlement runs. */
export async function exposure(db: Db) {
  const open = await openExposure(db);
  const runs = await settlementRuns(db);
  return {
    exposure: open.map((r) => ({
      base_coin: r.base_coin,
      direction: r.direction,
      settle_time: unixSeconds(new Date(r.settle_at)),
      products: r.products,
      orders: r.orders,
      open_amount: { [r.invest_coin]: toWire(r.open_amount) },
      pays_if_reached: { [r.exercise_coin]: toWire(r.pays_reached) },
      pays_if_not_reached: { [r.invest_coin]: toWire(r.pays_not_reached) },
    })),
    runs: runs.map((r) => ({
      id: r.id,
      product_id: r.productId,
      outcome: r.outcome as 'settled' | 'failed' | 'canceled',
      fixing_price: r.fixingPrice === null ? null : toWire(r.fixingPrice),
      reached: r.reached,
      orders: r.orders,
      totals: r.totals,
      time: unixSeconds(r.at),
    })),
  };
}
