import { SimpleEarnKey, SimpleEarnRedeemAccount } from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import type { FixedOrder } from '../model';
import { lockActiveOrder, updateFixedOrder } from '../store/fixed-orders';
import { assertRedeemAccount } from './fixed-eligibility';

export async function setReinvest(
  tx: Db,
  userId: number,
  orderId: number,
  status: number,
  now: Date,
): Promise<FixedOrder> {
  const { order, product } = await lockActiveOrder(tx, userId, orderId, now);
  if (product.reinvest !== 1)
    throw errors.rule(SimpleEarnKey.reinvestUnsupported, 'This product has no auto-reinvest', {});
  const updated = await updateFixedOrder(tx, order.id, {
    reinvestStatus: status,
    // On: redeem-to is not operated. Off: redeem-to is operated again, reset to spot (section 4).
    redeemAccountType: status === 1 ? SimpleEarnRedeemAccount.notOperated : SimpleEarnRedeemAccount.spot,
  });
  if (!updated) throw new Error('order vanished');
  return updated;
}

export async function setRedeemAccount(
  tx: Db,
  userId: number,
  orderId: number,
  type: number,
  now: Date,
): Promise<FixedOrder> {
  const { order, product } = await lockActiveOrder(tx, userId, orderId, now);
  if (order.reinvestStatus === 1) {
    throw errors.rule(
      'simple_earn.redeemAccount.reinvestOn',
      'Turn auto-reinvest off to choose where the order is paid',
      {},
    );
  }
  await assertRedeemAccount(tx, product, type);
  const updated = await updateFixedOrder(tx, order.id, { redeemAccountType: type });
  if (!updated) throw new Error('order vanished');
  return updated;
}
