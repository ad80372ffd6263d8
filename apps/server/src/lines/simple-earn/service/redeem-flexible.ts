import type { Db } from '../../../infra/db/client';
import { notices } from '../../../kernel/notices';
import { postEntry } from '../../../ledger/ledger';
import {
  flexContext,
  lockFlexShared,
  lockHeldPosition,
  positionRedeemed,
  takePending,
} from '../store/flex-positions';
import { planRedemption, type RedeemAnswer } from './flexible-plan';
import { refusalError } from './rules';

/**
 * Redeems from a flexible holding, all of it at once: interest received first, then amounts not yet
 * earning, then earning principal (see splitRedemption). `frozen_amount` is '0': kept on the answer
 * for the spec's client, which shows a redeeming amount when there is one.
 */
export async function redeemFlexible(
  tx: Db,
  userId: number,
  body: { asset: string; amount: string },
  now: Date,
): Promise<RedeemAnswer> {
  await lockFlexShared(tx);
  // The position first: the read after it then sees its pending amounts as the last call left them.
  const position = await lockHeldPosition(tx, userId, body.asset);
  const context = await flexContext(tx, userId, body.asset, position?.id);
  const plan = planRedemption({
    user: { userId, ...context.user },
    asset: context.product.asset,
    amount: body.amount,
    held: position !== undefined,
    interestBalance: position?.interest_balance ?? 0,
    pending: context.pending,
    principal: position?.principal ?? 0,
    now,
  });
  if ('refusal' in plan) throw refusalError(plan.refusal);
  if (!position) throw new Error('redeemable amount without a position');
  const { split, booking } = plan;
  if (plan.fromPending.gt(0)) await takePending(tx, position.id, plan.fromPending);
  // The holding's change, in the entry's own statement with its history record.
  const change = positionRedeemed(position.id, split.fromPrincipal, split.fromInterest);
  await postEntry(
    tx,
    booking.entry,
    // The pooled interest account is every holder's: moved at commit. Its only other writer, the
    // hourly accrual, runs under the exclusive flexible lock this call holds shared.
    { savepoint: false, with: [change, ...booking.statements], houseAtCommit: true },
  );
  await notices().mailRedeemed(tx, booking.redeemed);
  return plan.answer;
}
