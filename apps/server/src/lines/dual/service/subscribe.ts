import { type AccountMode, Code, checkDualAmount, DualKey, dec, dualOutcomes, toWire } from '@earn/domain';
import { debitWithinAllowance, stakeableFromSpot } from '../../../accounts/balances';
import { getUser } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { unixSeconds } from '../../../kernel/clock';
import { DomainError, errors } from '../../../kernel/errors';
import { UserPurpose, userAccount } from '../../../ledger/accounts';
import { postEntry } from '../../../ledger/ledger';
import { DUAL_PURPOSE, DualReason, type ProductRow, SUBSCRIBE_CUTOFF_SECONDS } from '../model';
import { heldByUser, insertOrder, productById, takeQuota } from '../store';
import { acceptQuote, isCrossed, quoteInputs } from './quote';

export interface SubscribeRequest {
  userId: number;
  productId: number;
  amount: string;
  quoteId: string;
  autoCompound: boolean;
  now: Date;
}

/** The last instant a product takes subscriptions: its settlement time less the cut-off. */
export const cutoffOf = (now: Date) => new Date(now.getTime() + SUBSCRIBE_CUTOFF_SECONDS * 1000);

export function isOpenAt(product: ProductRow, now: Date): boolean {
  return product.status === 'open' && product.settleAt.getTime() > cutoffOf(now).getTime();
}

/**
 * A subscription: a product whose target the market has crossed is refused first (its quote is not
 * looked at: a new quote would show an in-the-money APR), then the quote it carries is checked (expired or moved: refused with the new one), the
 * amount in the shared order under the product's row lock (so the user's maximum and the quota are
 * read after every parallel subscription of the product), both outcomes fixed, and the invested coin
 * moved from spot to the user's dual account in one balanced entry, in the same transaction.
 */
export async function subscribe(tx: Db, req: SubscribeRequest) {
  // The row lock queues the product's subscriptions: what each reads below includes every one before it.
  const product = await productById(tx, req.productId, { forUpdate: true });
  if (!product) throw errors.notFound('dual product');
  if (!isOpenAt(product, req.now))
    throw errors.rule(DualKey.productClosed, 'This product no longer takes subscriptions');
  const nowSec = unixSeconds(req.now);
  const inputs = await quoteInputs(tx, product);
  if (isCrossed(product, inputs))
    throw new DomainError(
      Code.DUAL_TARGET_CROSSED,
      DualKey.targetCrossed,
      'The price has crossed this product’s target; it takes no more subscriptions',
      { price: toWire(inputs.spot), target: toWire(product.targetPrice) },
    );
  const { apr, quoteTime } = acceptQuote(product, inputs, req.quoteId, nowSec);
  if (apr.lte(0)) throw errors.rule(DualKey.noYield, 'This product pays nothing at the current price');

  const coin = product.investCoin;
  const mode = (await getUser(tx, req.userId)).accountMode as AccountMode;
  const available = await stakeableFromSpot(tx, req.userId, mode, coin, false);
  const held = await heldByUser(tx, product.id, req.userId);
  const violation = checkDualAmount({
    amount: req.amount,
    coin,
    min: product.minAmount,
    userLeft: product.maxPerUser === null ? null : dec(product.maxPerUser).minus(held),
    quotaLeft: dec(product.totalQuota).minus(product.sold),
    available,
  });
  if (violation) throw errors.rule(violation.key, 'Subscription amount refused', violation.params);
  const amount = dec(req.amount);
  // Checked above under the lock; the conditional UPDATE and the table's CHECK guard it again.
  const taken = await takeQuota(tx, product.id, amount, cutoffOf(req.now));
  if (!taken) throw errors.rule(DualKey.soldOut, 'The product is sold out');

  // The interest counts from the quote's time (at most its life before now), the time the outcomes
  // shown to the user were computed from: what they confirmed is what is paid.
  const seconds = unixSeconds(product.settleAt) - quoteTime;
  const outcomes = dualOutcomes({
    direction: product.direction,
    amount,
    aprPercent: apr,
    seconds,
    target: product.targetPrice,
  });
  const order = await insertOrder(
    tx,
    {
      userId: req.userId,
      productId: product.id,
      direction: product.direction,
      investCoin: product.investCoin,
      exerciseCoin: product.exerciseCoin,
      amount: toWire(amount),
      targetPrice: product.targetPrice,
      apr: toWire(apr),
      quoteId: req.quoteId,
      payoutReached: toWire(outcomes.reached.amount),
      payoutNotReached: toWire(outcomes.notReached.amount),
      autoCompound: req.autoCompound,
      expireAt: product.settleAt,
    },
    req.now,
  );
  await postEntry(tx, {
    reason: DualReason.subscribe,
    ref: `order:${order.id}`,
    at: req.now,
    memo: { product: product.id, apr: toWire(apr), quote: req.quoteId },
    postings: [
      { account: userAccount(req.userId, coin, UserPurpose.spot), amount: amount.negated() },
      { account: userAccount(req.userId, coin, DUAL_PURPOSE), amount },
    ],
  });
  // A parallel debit of spot (another line) may have come between the read and the entry.
  if (!(await debitWithinAllowance(tx, req.userId, mode, coin, false)))
    throw errors.rule(DualKey.inadequateBalance, 'Subscription amount refused', {
      amount: toWire(available),
      coin,
    });
  return { order, product, outcomes };
}
