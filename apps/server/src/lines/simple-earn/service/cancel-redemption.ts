import { dec, SimpleEarnKey, toWire } from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { lockFlexShared, lockPosition, pendingInsert, unfreeze } from '../store/flex-positions';
import { requireFlexProduct } from '../store/products';

/** Cancels (part of) a frozen redemption: the amount goes back into the holding and earns from the next hour. */
export async function cancelRedemption(
  tx: Db,
  userId: number,
  body: { asset: string; amount?: string },
  now: Date,
): Promise<{ asset: string; amount: string }> {
  await lockFlexShared(tx);
  const product = await requireFlexProduct(tx, body.asset);
  const position = await lockPosition(tx, userId, product, now);
  const frozen = dec(position.frozen_amount);
  if (frozen.isZero())
    throw errors.rule(SimpleEarnKey.nothingFrozen, 'No redemption is waiting to be cancelled', {
      coin: product.asset,
    });
  const amount = body.amount ? dec(body.amount) : frozen;
  if (amount.gt(frozen) || amount.lte(0)) {
    throw errors.rule(SimpleEarnKey.redeemMax, 'Cancel at most the amount being redeemed', {
      amount: toWire(frozen),
      coin: product.asset,
    });
  }
  await unfreeze(tx, position.id, amount);
  await tx.execute(pendingInsert(position.id, product.asset, amount, now));
  return { asset: product.asset, amount: toWire(amount) };
}
