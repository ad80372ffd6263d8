import { checkFlexibleRedeem, dec, toWire } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import type { FastCall } from '../../../accounts/idempotency';
import { type Db, sql } from '../../../infra/db/client';
import { type Check, type NamedStatement, postEntry } from '../../../ledger/ledger';
import { accrualUnchanged, heldPositionRedeemed, holdingLock, readFast } from '../store/flex-fast';
import { PENDING_TAKEN, pendingTakes } from '../store/flex-positions';
import { redemptionBooking, splitRedemption } from './flexible-booking';

export async function redeemFlexibleFast(
  db: Db,
  call: FastCall,
  body: { asset: string; amount: string },
  now: Date,
): Promise<{ asset: string; amount: string; frozen_amount: string } | undefined> {
  const read = await readFast(db, call, body.asset.toUpperCase());
  if (!read || read.acc_index === null) return undefined;
  const { asset, userId } = read;
  const interestBalance = dec(read.interest_balance ?? 0);
  const pending = dec(read.pending);
  const principal = dec(read.principal ?? 0);
  const amount = dec(body.amount);
  if (checkFlexibleRedeem(amount, interestBalance.plus(pending).plus(principal), asset)) return undefined;
  const split = splitRedemption({ amount, interestBalance, pending });
  if (read.mail_redeemed) return undefined;
  const { fromInterest, fromPending, fromPrincipal } = split;
  const data = { asset, amount: toWire(amount), frozen_amount: '0' };
  const statements: (SQL | NamedStatement)[] = call.claim ? [call.claim.insert(userId, data)] : [];
  const checks: Check[] = [accrualUnchanged(read)];
  // The holding as read, or nothing: its version changes with any write to the row.
  statements.push(holdingLock(read.position_id, read.position_version ?? undefined), {
    name: 'holding_change',
    sql: heldPositionRedeemed(read.acc_index, fromPrincipal, fromInterest),
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
  const { entry, statements: booked } = redemptionBooking(userId, read.account_mode, asset, split, now);
  statements.push(...booked);
  await postEntry(db, entry, {
    oneStatement: true,
    with: statements,
    checks,
    houseAtCommit: true,
    after: 'holding',
  });
  return data;
}
