import { type AccountMode, type Decimal, toWire } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { FAST_SESSION_COLUMNS, type FastCall, type FastSession } from '../../../accounts/idempotency';
import { type Db, hotRows, sql } from '../../../infra/db/client';
import type { GroupCommitter, ReadKind } from '../../../infra/db/group-commit';
import type { LadderTierJson } from '../../../infra/db/schema';
import { UserPurpose } from '../../../ledger/accounts';
import type { Check, NamedStatement } from '../../../ledger/ledger';
import { FLEX_LOCK_KEY } from '../model';

/*
 * The reads and row locks of the fast path (service/subscribe-flexible-fast.ts,
 * service/redeem-flexible-fast.ts). The fast path of the two hot calls, flexible subscribe and redeem: one read without locks, then the
 * whole call as one autocommitted statement (entry, business rows, the Idempotency-Key's claim), whose
 * final SELECT re-checks everything the read decided on and raises if any of it moved. Two round trips
 * instead of about nine. It only takes the plain case: whatever it declines (answers undefined) or
 * its statement refuses runs again by the locking path (service/subscribe-flexible.ts, redeem-flexible.ts), which answers every refusal
 * with its message key. See the simple-earn README, "Fast path".
 */

export interface FastRead {
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

export type Ready = FastRead & { userId: number; asset: string; position_id: string };

/**
 * The session and everything both calls decide on, in one statement; undefined when the fast path
 * cannot take the call (the locking path then checks the session again and answers). The session
 * condition is the money gate's: a user who would be asked for a funding password finds none here.
 * With group commit's batcher, the read goes with the reads of whatever other calls arrive while one
 * is in flight, as one statement (flexReadBatch), each call answered its own row as its own read
 * would have found it.
 */
export async function readFast(
  db: Db,
  call: FastCall,
  asset: string,
  batcher?: GroupCommitter,
): Promise<Ready | undefined> {
  const session = call.session;
  if (session === undefined) return undefined;
  if (batcher) {
    const read = { session, asset, key: call.claim?.key ?? null };
    return ready(await batcher.read(flexReadBatch, read));
  }
  const keyUsed = call.claim ? keyUsedSql(sql`${call.claim.key}`) : sql`false`;
  const [row] = await hotRows<FastRead>(
    db,
    sql`SELECT ${readColumns(keyUsed)} FROM ${readFrom(sql`${asset}`)} WHERE ${session.condition}`,
  );
  return ready(row);
}

/** A read row as the fast path takes it, or undefined for the locking path. */
function ready(row: FastRead | undefined): Ready | undefined {
  // A replay, a missing product or holding, a frozen redemption, funds in use and locked: the locking path.
  if (!row || row.key_used || row.asset === null || row.position_id === null) return undefined;
  if (row.use_funding && row.locked) return undefined;
  return { ...row, userId: Number(row.user_id), asset: row.asset, position_id: row.position_id };
}

/*
 * The read's parts, shared by the read of one call and the batched read of several: its columns
 * (FastRead), with the test of the call's Idempotency-Key given, and its joins from the session to the
 * product, account, loan and holding of the asset given. The session is `s`, its user `u`.
 */

function keyUsedSql(key: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = u.id AND k.key = ${key})`;
}

function readColumns(keyUsed: SQL): SQL {
  return sql`u.id::text AS user_id, u.account_mode, u.use_funding, u.locked,
          pr.asset, pr.status, pr.min_lend_amount::text AS min_lend_amount,
          pr.next_time_rate_year::text AS next_time_rate_year, pr.liquidity_left::text AS liquidity_left,
          pr.is_open_award_pool, pr.ladder_apr, pr.ext_award_rate_year::text AS ext_award_rate_year,
          pr.ext_award_limit::text AS ext_award_limit,
          pr.acc_index::text AS acc_index, pr.accrued_until::text AS accrued_until,
          a.balance::text AS balance, l.amount::text AS loan,
          p.id::text AS position_id, p.xmin::text AS position_version, p.principal::text AS principal,
          (trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn)::text AS interest_balance,
          COALESCE((SELECT SUM(amount) FROM se_flex_pending WHERE position_id = p.id), 0)::text AS pending,
          ${keyUsed} AS key_used,
          EXISTS (SELECT 1 FROM notification_prefs np WHERE np.user_id = u.id AND np.mail_kinds ? 'redemption_arrived') AS mail_redeemed`;
}

function readFrom(asset: SQL): SQL {
  return sql`sessions s JOIN users u ON u.id = s.user_id
        LEFT JOIN se_flex_products pr ON pr.asset = ${asset}
        LEFT JOIN ledger_accounts a ON a.user_id = u.id AND a.asset = ${asset} AND a.purpose = ${UserPurpose.spot}
        LEFT JOIN user_loans l ON l.user_id = u.id AND l.asset = ${asset}
        LEFT JOIN se_flex_positions p ON p.user_id = u.id AND p.asset = ${asset} AND p.frozen_amount = 0`;
}

/** One call's read as the batched read takes it: its session, asset and Idempotency-Key. */
interface BatchedRead {
  session: FastSession;
  asset: string;
  key: string | null;
}

/**
 * The fast read of several calls as one statement of one fixed text: the calls as rows of one JSON
 * parameter (their ordinal, asset, key and session values), each read by the single read's parts
 * with the call row's columns in place of its parameters (LATERAL: per call row, so a call's row is
 * found through its session exactly as by its own read, by the session's key). A call whose session,
 * gate or holding finds nothing has no row and is answered undefined, as its own read answers.
 */
export const flexReadBatch: ReadKind<BatchedRead, FastRead | undefined> = {
  name: 'flexible',
  async read(db: Db, calls: readonly BatchedRead[]) {
    const [first] = calls;
    if (!first) return [];
    const rows = JSON.stringify(
      calls.map((c, n) => ({ n, asset: c.asset, key: c.key, ...c.session.values })),
    );
    // Every call's session condition is spelled the same (one server's); the first call's spells it.
    const condition = first.session.over((name) => sql`c.${sql.identifier(name)}`);
    const found = await hotRows<FastRead & { n: number }>(
      db,
      sql`SELECT c.n, r.* FROM jsonb_to_recordset(${rows}::jsonb)
          AS c(n int, asset text, key text, ${FAST_SESSION_COLUMNS})
        CROSS JOIN LATERAL (
          SELECT ${readColumns(sql`c.key IS NOT NULL AND ${keyUsedSql(sql`c.key`)}`)}
          FROM ${readFrom(sql`c.asset`)} WHERE ${condition}
        ) r`,
    );
    const byCall: (FastRead | undefined)[] = calls.map(() => undefined);
    for (const { n, ...row } of found) byCall[n] = row;
    return byCall;
  },
};

/** The hourly accrual is not running and has not run since the read (see se_flex_unchanged). */
export function accrualUnchanged(read: Ready): Check {
  return {
    ok: sql`se_flex_unchanged(${FLEX_LOCK_KEY}::bigint, ${read.asset}, ${read.accrued_until}::timestamptz)`,
    code: '40001',
    detail: 'flexible accrual ran',
  };
}

/**
 * The holding's row lock, taken before anything else the statement locks (PostOptions.after): the
 * locking path takes it first too, so the holding serialises both paths' calls on it. NOWAIT: a
 * holding another call has locked refuses the statement at once (55P03) rather than waiting behind
 * it with the accounts locked. With a version, only the row as read is locked: a row changed since
 * yields no row, and the checks raise.
 */
export function holdingLock(positionId: string, version: string | undefined): NamedStatement {
  return {
    name: 'holding',
    sql: sql`SELECT id FROM se_flex_positions WHERE id = ${positionId}::bigint
      ${version === undefined ? sql`` : sql`AND xmin = ${version}::xid`} FOR UPDATE NOWAIT`,
  };
}

/**
 * The fast redemption's change of the holding locked by holdingLock (the `holding` statement), at
 * the product's index as read; answers a row when it changed the holding.
 */
export function heldPositionRedeemed(
  accIndex: string | null,
  fromPrincipal: Decimal,
  fromInterest: Decimal,
): SQL {
  return sql`UPDATE se_flex_positions p SET
        acc_offset = p.acc_offset + ${toWire(fromPrincipal)}::numeric * ${accIndex}::numeric,
        principal = p.principal - ${toWire(fromPrincipal)}::numeric,
        interest_withdrawn = p.interest_withdrawn + ${toWire(fromInterest)}::numeric
      FROM holding h WHERE p.id = h.id RETURNING 1`;
}
