import { checkSubscribe, dec, roundSubscribeAmount, toWire } from '@earn/domain';
import { availability } from '../../../accounts/balances';
import type { FastCall } from '../../../accounts/idempotency';
import { type Db, sql } from '../../../infra/db/client';
import { UserPurpose } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { accrualUnchanged, holdingLock, readFast } from '../store/flex-fast';
import { holdingApr, type SubscribeAnswer, subscriptionBooking } from './flexible-booking';

export async function subscribeFlexibleFast(
  db: Db,
  call: FastCall,
  body: { asset: string; amount: string },
  now: Date,
): Promise<SubscribeAnswer | undefined> {
  const read = await readFast(db, call, body.asset.toUpperCase());
  if (read?.status !== 1 || read.min_lend_amount === null) return undefined;
  const { asset, userId } = read;
  const amount = roundSubscribeAmount(body.amount);
  const spot = availability(asset, read.account_mode, read.balance, read.loan);
  const failure = checkSubscribe({
    amount,
    minAmount: read.min_lend_amount,
    available: spot.lendEarnAvailable,
    asset,
  });
  if (failure) return undefined;
  const holding = holdingApr(
    {
      nextTimeRateYear: read.next_time_rate_year ?? '0',
      isOpenAwardPool: read.is_open_award_pool ?? false,
      ladderApr: read.ladder_apr ?? [],
      extAwardRateYear: read.ext_award_rate_year ?? '0',
      extAwardLimit: read.ext_award_limit ?? '0',
    },
    dec(read.principal ?? 0)
      .plus(read.pending)
      .plus(amount),
  );
  const data: SubscribeAnswer = { asset, amount: toWire(amount), ...holding };
  const checks = [accrualUnchanged(read)];
  // A unified account's subscription may not come out of borrowed funds: checked on the balance the
  // debit left, against the loan as it stands.
  if (read.account_mode !== 'classic')
    checks.push({
      ok: sql`(SELECT balance FROM acc WHERE user_id = ${userId}::bigint AND purpose = ${UserPurpose.spot})
        >= COALESCE((SELECT amount FROM user_loans WHERE user_id = ${userId}::bigint AND asset = ${asset}), 0)`,
      code: '40001',
      detail: 'borrowed funds',
    });
  const booking = subscriptionBooking({
    userId,
    positionId: read.position_id,
    asset,
    amount,
    lendRateYear: read.next_time_rate_year,
    blendedApr: holding.blended_apr,
    mode: 0,
    now,
  });
  await transfer(db, booking.transfer, {
    oneStatement: true,
    checks,
    after: 'holding',
    with: [
      holdingLock(read.position_id, undefined),
      ...(call.claim ? [call.claim.insert(userId, data)] : []),
      ...booking.rows,
    ],
  });
  return data;
}
