import {
  dec,
  SimpleEarnHistoryMode,
  SimpleEarnHistoryType,
  SimpleEarnKey,
  SimpleEarnRedeemType,
  toWire,
} from '@earn/domain';
import { assertFundsNotLocked } from '../../../accounts/settings';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { notices } from '../../../kernel/notices';
import { UserPurpose, userAccount } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { type FixedOrder, LINE_FIXED, SeReason } from '../model';
import { claimQuota, lockActiveOrder, releasePersonalQuota, updateFixedOrder } from '../store/fixed-orders';
import { history } from '../store/flex-positions';

/**
 * Early redeem: the principal returns to spot at once; the interest, the voucher's yield and any bonus of
 * the order are forfeited, and the voucher is spent.
 */
export async function preRedeemFixed(
  tx: Db,
  userId: number,
  orderId: number,
  now: Date,
): Promise<FixedOrder> {
  await assertFundsNotLocked(tx, userId, SimpleEarnKey.notRedeem);
  const { order, product } = await lockActiveOrder(tx, userId, orderId, now);
  if (product.preRedeem !== 1)
    throw errors.rule(SimpleEarnKey.preRedeemUnsupported, 'This product cannot be redeemed early', {});
  await transfer(tx, {
    from: userAccount(userId, order.asset, UserPurpose.fixed),
    to: userAccount(userId, order.asset, UserPurpose.spot),
    amount: dec(order.principal),
    reason: SeReason.fixedPreRedeem,
    ref: String(order.id),
    at: now,
  });
  const updated = await updateFixedOrder(tx, order.id, {
    status: 3,
    redeemType: SimpleEarnRedeemType.early,
    settledAt: now,
  });
  await releasePersonalQuota(tx, order.productId, userId, order.principal);
  await claimQuota(tx, order.productId, dec(order.principal).negated());
  await history(tx, {
    userId,
    line: LINE_FIXED,
    type: SimpleEarnHistoryType.redeem,
    mode: SimpleEarnHistoryMode.redeemSpot,
    asset: order.asset,
    amount: order.principal,
    orderId: order.id,
    productId: order.productId,
    redeemType: SimpleEarnRedeemType.early,
    at: now,
  });
  // An order is redeemed early once: the order names the item.
  await notices().notifyRedeemed(tx, `fixed:${order.id}`, {
    userId,
    line: 'fixed',
    asset: order.asset,
    amount: toWire(order.principal),
    at: now,
  });
  if (!updated) throw new Error('order vanished');
  return updated;
}
