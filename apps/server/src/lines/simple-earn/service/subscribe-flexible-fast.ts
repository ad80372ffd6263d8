import { availability } from '../../../accounts/balances';
import type { FastCall } from '../../../accounts/idempotency';
import { type Db, sql } from '../../../infra/db/client';
import type { GroupCommitter } from '../../../infra/db/group-commit';
import { UserPurpose } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { hourStart } from '../model';
import { subscriptionBatch } from '../store/flex-batch';
import { accrualUnchanged, holdingLock, readFast } from '../store/flex-fast';
import type { SubscribeAnswer } from './flexible-booking';
import { planSubscription } from './flexible-plan';

export async function subscribeFlexibleFast(
  db: Db,
  call: FastCall,
  body: { asset: string; amount: string },
  now: Date,
  /** Group commit's batcher; undefined (GROUP_COMMIT=0): the call is written alone by its own statement. */
  batcher?: GroupCommitter,
): Promise<SubscribeAnswer | undefined> {
  const read = await readFast(db, call, body.asset.toUpperCase(), batcher);
  if (read?.status == null || read.min_lend_amount === null) return undefined;
  const { asset, userId } = read;
  const plan = planSubscription({
    user: { userId, accountMode: read.account_mode, useFunding: read.use_funding, locked: read.locked },
    product: {
      asset,
      status: read.status,
      minLendAmount: read.min_lend_amount,
      nextTimeRateYear: read.next_time_rate_year ?? '0',
      isOpenAwardPool: read.is_open_award_pool ?? false,
      ladderApr: read.ladder_apr ?? [],
      extAwardRateYear: read.ext_award_rate_year ?? '0',
      extAwardLimit: read.ext_award_limit ?? '0',
    },
    lendEarnAvailable: availability(asset, read.account_mode, read.balance, read.loan).lendEarnAvailable,
    named: body.asset,
    amount: body.amount,
  });
  // Every refusal is the locking path's to answer, with its message key.
  if ('refusal' in plan) return undefined;
  const { answer, booking, checks } = plan.into({
    positionId: read.position_id,
    principal: read.principal ?? 0,
    pending: read.pending,
    mode: 0,
    now,
  });
  if (batcher) {
    // The same booking, written with whatever other users' subscriptions go at the same time. A
    // refusal of this call (written alone) rejects here, and idempotentFast runs the call again by
    // the locking path, as it does when the one-call statement below is refused.
    await batcher.submit(
      subscriptionBatch,
      asset,
      {
        userId,
        positionId: read.position_id,
        asset,
        amount: answer.amount,
        at: now.toISOString(),
        hour: hourStart(now).toISOString(),
        lendRateYear: read.next_time_rate_year ?? '0',
        blendedApr: answer.blended_apr,
        mode: 0,
        accruedUntil: read.accrued_until,
        ownFundsCoverLoan: checks.ownFundsCoverLoan,
        claim: call.claim?.row(answer),
      },
      [`user:${userId}`, `holding:${read.position_id}`],
    );
    return answer;
  }
  const conditions = [accrualUnchanged(read)];
  // Checked on the balance the debit left, against the loan as it stands.
  if (checks.ownFundsCoverLoan)
    conditions.push({
      ok: sql`(SELECT balance FROM acc WHERE user_id = ${userId}::bigint AND purpose = ${UserPurpose.spot})
        >= COALESCE((SELECT amount FROM user_loans WHERE user_id = ${userId}::bigint AND asset = ${asset}), 0)`,
      code: '40001',
      detail: 'borrowed funds',
    });
  await transfer(db, booking.transfer, {
    oneStatement: true,
    checks: conditions,
    after: 'holding',
    with: [
      holdingLock(read.position_id, undefined),
      ...(call.claim ? [call.claim.insert(userId, answer)] : []),
      ...booking.rows,
    ],
  });
  return answer;
}
