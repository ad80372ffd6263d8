import { type AccountMode, checkFlexibleRedeem, dec, SimpleEarnKey, toWire } from '@earn/domain';
import { refuseLockedFunds } from '../../../accounts/settings';
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
import { redemptionBooking, splitRedemption } from './flexible-booking';
import { ruleError } from './rules';

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
): Promise<{ asset: string; amount: string; frozen_amount: string }> {
  await lockFlexShared(tx);
  // The position first: the read after it then sees its pending amounts as the last call left them.
  const position = await lockHeldPosition(tx, userId, body.asset);
  const context = await flexContext(tx, userId, body.asset, position?.id);
  const { user, product } = context;
  refuseLockedFunds(user, SimpleEarnKey.notRedeem);
  const asset = product.asset;
  const interestBalance = dec(position?.interest_balance ?? 0);
  const pending = dec(context.pending);
  const principal = dec(position?.principal ?? 0);
  const redeemable = interestBalance.plus(pending).plus(principal);
  const amount = dec(body.amount);
  const failure = checkFlexibleRedeem(amount, redeemable, asset);
  if (failure) throw ruleError(failure, 'Redemption refused');
  // Without a position nothing is redeemable, and the check above has refused.
  if (!position) throw new Error('redeemable amount without a position');

  const split = splitRedemption({ amount, interestBalance, pending });
  const { fromInterest, fromPending, fromPrincipal } = split;
  if (fromPending.gt(0)) await takePending(tx, position.id, fromPending);
  // The holding's change, in the entry's own statement with its history record.
  const change = positionRedeemed(position.id, fromPrincipal, fromInterest);
  const booking = redemptionBooking(userId, user.accountMode as AccountMode, asset, split, now);
  await postEntry(
    tx,
    booking.entry,
    // The pooled interest account is every holder's: moved at commit. Its only other writer, the
    // hourly accrual, runs under the exclusive flexible lock this call holds shared.
    { savepoint: false, with: [change, ...booking.statements], houseAtCommit: true },
  );
  await notices().mailRedeemed(tx, booking.redeemed);
  return { asset, amount: toWire(amount), frozen_amount: '0' };
}
