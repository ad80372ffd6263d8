import {
  type AccountMode,
  checkSubscribe,
  dec,
  roundSubscribeAmount,
  SimpleEarnKey,
  toWire,
} from '@earn/domain';
import { refuseLockedFunds } from '../../../accounts/settings';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { transfer } from '../../../ledger/ledger';
import { flexContext, lockFlexShared, lockPosition, pendingOf } from '../store/flex-positions';
import { holdingApr, type SubscribeAnswer, subscriptionBooking } from './flexible-booking';
import { refuseBorrowedFunds, ruleError, withBalanceKey } from './rules';

export async function subscribeFlexible(
  tx: Db,
  userId: number,
  body: { asset: string; amount: string; rateYear?: string },
  now: Date,
  mode: number = 0,
): Promise<SubscribeAnswer> {
  await lockFlexShared(tx);
  const { user, product, spot } = await flexContext(tx, userId, body.asset);
  refuseLockedFunds(user, SimpleEarnKey.notSubscribe);
  if (product.status !== 1)
    throw errors.rule(SimpleEarnKey.notOnSale, `${body.asset} flexible is not open`, { coin: body.asset });
  const amount = roundSubscribeAmount(body.amount);
  const accountMode = user.accountMode as AccountMode;
  const failure = checkSubscribe({
    amount,
    minAmount: product.minLendAmount,
    available: spot.lendEarnAvailable,
    asset: product.asset,
  });
  if (failure) throw ruleError(failure, 'Subscription refused');
  const position = await lockPosition(tx, userId, product, now);
  const waiting = await pendingOf(tx, position.id);
  const holding = holdingApr(product, dec(position.principal).plus(waiting).plus(amount));
  // The entry, the pending amount and the history record: one statement, one round trip.
  const booking = subscriptionBooking({
    userId,
    positionId: position.id,
    asset: product.asset,
    amount,
    lendRateYear: product.nextTimeRateYear,
    blendedApr: holding.blended_apr,
    mode,
    now,
  });
  await withBalanceKey(
    () => transfer(tx, booking.transfer, { savepoint: false, with: booking.rows }),
    product.asset,
  );
  await refuseBorrowedFunds(tx, userId, accountMode, product.asset);
  return { asset: product.asset, amount: toWire(amount), ...holding };
}
