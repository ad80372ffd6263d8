import { DualKey } from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { notices } from '../../../kernel/notices';
import { postBulkEntry } from '../../../ledger/bulk';
import { DualReason } from '../model';
import { productById } from '../store';
import { canceledItems, cancelLegs, cancelOrders } from '../store-settle';

/**
 * The operator withdraws a product before its settlement: under the product's row lock (the
 * settlement's plan takes the same lock, so the two never cross), every order is paid its principal
 * and the interest so far in one entry and becomes CANCELED. Answers how many orders were canceled.
 */
export async function cancelProduct(tx: Db, productId: number, now: Date): Promise<number> {
  const product = await productById(tx, productId, { forUpdate: true });
  if (!product) throw errors.notFound('dual product');
  if (product.status !== 'open' || product.settleAt.getTime() <= now.getTime())
    throw errors.rule(
      DualKey.notCancelable,
      'Only an open product before its settlement time can be withdrawn',
      {
        status: product.status,
      },
    );
  const n = await cancelOrders(tx, productId, now);
  if (n > 0)
    await postBulkEntry(tx, {
      reason: DualReason.cancel,
      ref: `cancel:${productId}`,
      at: now,
      memo: { product: productId },
      legs: cancelLegs(productId),
    });
  // Each user is told their money is back, in the inbox (and by mail if they chose it).
  if (n > 0) await notices().notifyMany(tx, 'redemption_arrived', canceledItems(productId), now);
  return n;
}
