import { checkRedeemUnits, type Decimal, dec, roundDown, toWire } from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { insertRedemption, orderForUpdate, takeUnits } from '../store/orders';
import { requireWealthProduct } from '../store/products';
import { violation } from './rules';

/** A redemption of units: pending until the next NAV settles it (service/publish-nav.ts). */
export async function redeemUnits(tx: Db, req: { userId: number; pid: number; units: string; now: Date }) {
  const product = await requireWealthProduct(tx, req.pid);
  const order = await orderForUpdate(tx, req.userId, product.id);
  const held = dec(order?.units ?? '0');
  const bad = checkRedeemUnits({ units: req.units, redeemable: held });
  if (bad) throw violation(bad, 'Redemption refused');
  if (!order) throw errors.notFound('wealth order');
  const units = dec(req.units);
  // The cost leaves with the units in proportion; the last units take whatever cost is left.
  const cost: Decimal = units.eq(held)
    ? dec(order.cost)
    : roundDown(dec(order.cost).times(units).div(held), 8);
  await takeUnits(tx, order.id, toWire(units), toWire(cost), req.now);
  const row = await insertRedemption(tx, {
    orderId: order.id,
    userId: req.userId,
    productId: product.id,
    coin: product.coin,
    units: toWire(units),
    cost: toWire(cost),
    status: 'pending',
    createdAt: req.now,
  });
  return { redeem_id: row.id, order_id: order.id, pid: product.id, unit: toWire(units), status: 'pending' };
}
