import type { Db } from '../../../infra/db/client';
import { transfer } from '../../../ledger/ledger';
import { flexContext, lockFlexShared, lockPosition, pendingOf } from '../store/flex-positions';
import type { SubscribeAnswer } from './flexible-booking';
import { planSubscription } from './flexible-plan';
import { refusalError, refuseBorrowedFunds, withBalanceKey } from './rules';

export async function subscribeFlexible(
  tx: Db,
  userId: number,
  body: { asset: string; amount: string; rateYear?: string },
  now: Date,
  mode: number = 0,
): Promise<SubscribeAnswer> {
  await lockFlexShared(tx);
  const { user, product, spot } = await flexContext(tx, userId, body.asset);
  const plan = planSubscription({
    user: { userId, ...user },
    product,
    lendEarnAvailable: spot.lendEarnAvailable,
    named: body.asset,
    amount: body.amount,
  });
  if ('refusal' in plan) throw refusalError(plan.refusal);
  const position = await lockPosition(tx, userId, product, now);
  const waiting = await pendingOf(tx, position.id);
  const { answer, booking, checks } = plan.into({
    positionId: position.id,
    principal: position.principal,
    pending: waiting,
    mode,
    now,
  });
  // The entry, the pending amount and the history record: one statement, one round trip.
  await withBalanceKey(
    () => transfer(tx, booking.transfer, { savepoint: false, with: booking.rows }),
    product.asset,
  );
  if (checks.ownFundsCoverLoan) await refuseBorrowedFunds(tx, userId, user.accountMode, product.asset);
  return answer;
}
