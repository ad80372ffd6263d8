import {
  type AccountMode,
  checkFlexibleRedeem,
  checkSubscribe,
  dec,
  roundSubscribeAmount,
  toWire,
} from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { availability } from '../../accounts/balances';
import type { FastCall } from '../../accounts/idempotency';
import { type Db, hotRows, sql } from '../../infra/db/client';
import type { LadderTierJson } from '../../infra/db/schema';
import { UserPurpose } from '../../ledger/accounts';
import { type Check, type NamedStatement, postEntry, transfer } from '../../ledger/ledger';
import { FLEX_LOCK_KEY } from './constants';
import {
  holdingApr,
  PENDING_TAKEN,
  pendingTakes,
  redemptionBooking,
  type SubscribeAnswer,
  splitRedemption,
  subscriptionBooking,
} from './flexible';

/*
 * The fast path of the two hot calls, flexible subscribe and redeem: one read without locks, then the
 * whole call as one autocommitted statement (entry, business rows, the Idempotency-Key's claim), whose
 * final SELECT re-checks everything the read decided on and raises if any of it moved. Two round trips
 * instead of about nine. It only takes the plain case: whatever it declines (answers undefined) or
 * its statement refuses runs again by the locking path in flexible.ts, which answers every refusal
 * with its message key. See the simple-earn README, "Fast path".
 */

interface FastRead {
  user_id: string;
  account_mode: AccountMode;
  use_funding: boolean;
  locked: boolean;
  asset: string | null;
  status: number | null;
  min_lend_amount: string | null;
  next_time_rate_year: string | null;
  is_open_award_pool: boolean | null;
  ladder_apr: LadderTierJson[] | null;
  ext_award_rate_year: string | null;
  ext_award_limit: string | null;
  liquidity_left: string | null;
  acc_index: string | null;
  accrued_until: string | null;
  balance: string | null;
  loan: string | null;
  position_id: string | null;
  /** The position row's version (xmin): any change to the row changes it. */
  position_version: string | null;
  principal: string | null;
  interest_balance: string | null;
  pending: string;
  key_used: boolean;
  /** The user chose mail for redemptions: a mail is rendered in the process, so the locking path. */
  mail_redeemed: boolean;
}

type Ready = FastRead & { userId: number; asset: string; position_id: string };

/**
 * The session and everything both calls decide on, in one statement; undefined when the fast path
 * cannot take the call (the locking path then checks the session again and answers). The session
 * condition is the money gate's: a user who would be asked for a funding password finds none here.
 */
async function readFast(db: Db, call: FastCall, asset: string): Promise<Ready | undefined> {
  if (call.session === undefined) return undefined;
  const [row] = await hotRows<FastRead>(
    db,
    sql`SELECT u.id::text AS user_id, u.account_mode, u.use_funding, u.locked,
          pr.asset, pr.status, pr.min_lend_amount::text AS min_lend_amount,
          pr.next_time_rate_year::text AS next_time_rate_year, pr.liquidity_left::text AS liquidity_left,
          pr.is_open_award_pool, pr.ladder_apr, pr.ext_award_rate_year::text AS ext_award_rate_year,
          pr.ext_award_limit::text AS ext_award_limit,
          pr.acc_index::text AS acc_index, pr.accrued_until::text AS accrued_until,
          a.balance::text AS balance, l.amount::text AS loan,
          p.id::text AS position_id, p.xmin::text AS position_version, p.principal::text AS principal,
          (trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn)::text AS interest_balance,
          COALESCE((SELECT SUM(amount) FROM se_flex_pending WHERE position_id = p.id), 0)::text AS pending,
          ${call.claim ? sql`EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = u.id AND k.key = ${call.claim.key})` : sql`false`} AS key_used,
          EXISTS (SELECT 1 FROM notification_prefs np WHERE np.user_id = u.id AND np.mail_kinds ? 'redemption_arrived') AS mail_redeemed
        FROM sessions s JOIN users u ON u.id = s.user_id
        LEFT JOIN se_flex_products pr ON pr.asset = ${asset}
        LEFT JOIN ledger_accounts a ON a.user_id = u.id AND a.asset = ${asset} AND a.purpose = ${UserPurpose.spot}
        LEFT JOIN user_loans l ON l.user_id = u.id AND l.asset = ${asset}
        LEFT JOIN se_flex_positions p ON p.user_id = u.id AND p.asset = ${asset} AND p.frozen_amount = 0
        WHERE ${call.session}`,
  );
  // A replay, a missing product or holding, a frozen redemption, funds in use and locked: the locking path.
  if (!row || row.key_used || row.asset === null || row.position_id === null) return undefined;
  if (row.use_funding && row.locked) return undefined;
  return { ...row, userId: Number(row.user_id), asset: row.asset, position_id: row.position_id };
}

/** The hourly accrual is not running and has not run since the read (see se_flex_unchanged). */
function accrualUnchanged(read: Ready): Check {
  return {
    ok: sql`se_flex_unchanged(${FLEX_LOCK_KEY}::bigint, ${read.asset}, ${read.accrued_until}::timestamptz)`,
    code: '40001',
    detail: 'flexible accrual ran',
  };
}

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
    sql: sql`UPDATE se_flex_positions p SET
        acc_offset = p.acc_offset + ${toWire(fromPrincipal)}::numeric * ${read.acc_index}::numeric,
        principal = p.principal - ${toWire(fromPrincipal)}::numeric,
        interest_withdrawn = p.interest_withdrawn + ${toWire(fromInterest)}::numeric
      FROM holding h WHERE p.id = h.id RETURNING 1`,
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

/**
 * The holding's row lock, taken before anything else the statement locks (PostOptions.after): the
 * locking path takes it first too, so the holding serialises both paths' calls on it. NOWAIT: a
 * holding another call has locked refuses the statement at once (55P03) rather than waiting behind
 * it with the accounts locked. With a version, only the row as read is locked: a row changed since
 * yields no row, and the checks raise.
 */
function holdingLock(positionId: string, version: string | undefined): NamedStatement {
  return {
    name: 'holding',
    sql: sql`SELECT id FROM se_flex_positions WHERE id = ${positionId}::bigint
      ${version === undefined ? sql`` : sql`AND xmin = ${version}::xid`} FOR UPDATE NOWAIT`,
  };
}
