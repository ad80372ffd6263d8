import { toWire } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import type { FastCall } from '../../../accounts/idempotency';
import { type Db, sql } from '../../../infra/db/client';
import type { GroupCommitter } from '../../../infra/db/group-commit';
import { type Check, type NamedStatement, postEntry } from '../../../ledger/ledger';
import { accrualUnchanged, heldPositionRedeemed, holdingLock, readFast } from '../store/flex-fast';
import { PENDING_TAKEN, pendingTakes } from '../store/flex-positions';
import { redemptionBatch } from '../store/flex-redeem-batch';
import { planRedemption, type RedeemAnswer } from './flexible-plan';

export async function redeemFlexibleFast(
  db: Db,
  call: FastCall,
  body: { asset: string; amount: string },
  now: Date,
  /** Group commit's batcher; undefined (GROUP_COMMIT=0): the call is written alone by its own statement. */
  batcher?: GroupCommitter,
): Promise<RedeemAnswer | undefined> {
  const read = await readFast(db, call, body.asset.toUpperCase(), batcher);
  if (!read || read.acc_index === null) return undefined;
  const { asset, userId } = read;
  const plan = planRedemption({
    user: { userId, accountMode: read.account_mode, useFunding: read.use_funding, locked: read.locked },
    asset,
    amount: body.amount,
    held: true,
    interestBalance: read.interest_balance ?? 0,
    pending: read.pending,
    principal: read.principal ?? 0,
    now,
  });
  // Every refusal is the locking path's to answer, with its message key; so is a redemption told
  // by mail (a mail is rendered in the process).
  if ('refusal' in plan || read.mail_redeemed) return undefined;
  const { split, booking, answer, fromPending } = plan;
  if (batcher) {
    // The same booking, written with whatever other users' redemptions go at the same time. A
    // refusal of this call (written alone) rejects here, and idempotentFast runs the call again by
    // the locking path, as it does when the one-call statement below is refused.
    await batcher.submit(
      redemptionBatch,
      asset,
      {
        userId,
        positionId: read.position_id,
        positionVersion: read.position_version ?? '',
        asset,
        paid: toWire(split.paid),
        fromInterest: toWire(split.fromInterest),
        fromPending: toWire(split.fromPending),
        fromPrincipal: toWire(split.fromPrincipal),
        accIndex: read.acc_index,
        accruedUntil: read.accrued_until,
        mode: booking.mode,
        at: now.toISOString(),
        claim: call.claim?.row(answer),
      },
      [`user:${userId}`, `holding:${read.position_id}`],
    );
    return answer;
  }
  const statements: (SQL | NamedStatement)[] = call.claim ? [call.claim.insert(userId, answer)] : [];
  const checks: Check[] = [accrualUnchanged(read)];
  // The holding as read, or nothing: its version changes with any write to the row.
  statements.push(holdingLock(read.position_id, read.position_version ?? undefined), {
    name: 'holding_change',
    sql: heldPositionRedeemed(read.acc_index, split.fromPrincipal, split.fromInterest),
  });
  checks.push({
    ok: sql`(SELECT count(*) FROM holding_change) = 1`,
    code: '40001',
    detail: 'holding changed',
  });
  if (fromPending.gt(0)) {
    statements.push(...pendingTakes(read.position_id, fromPending));
    checks.push({
      ok: sql`${PENDING_TAKEN} = ${toWire(fromPending)}::numeric`,
      code: '40001',
      detail: 'pending amounts changed',
    });
  }
  statements.push(...booking.statements);
  await postEntry(db, booking.entry, {
    oneStatement: true,
    with: statements,
    checks,
    houseAtCommit: true,
    after: 'holding',
  });
  return answer;
}
