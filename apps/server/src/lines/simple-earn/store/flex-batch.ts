import { SimpleEarnHistoryType } from '@earn/domain';
import type { ClaimRow } from '../../../accounts/idempotency';
import { type Db, hotRows, sql } from '../../../infra/db/client';
import type { BatchKind } from '../../../infra/db/group-commit';
import { UserPurpose } from '../../../ledger/accounts';
import { FLEX_LOCK_KEY, LINE_FLEXIBLE, SeReason } from '../model';
import { claimFields } from './batch-claim';

/*
 * Group commit of the fast path's flexible subscriptions (infra/db/group-commit.ts): the statement
 * that books several users' subscriptions at once, each exactly as the one-call statement
 * (subscribe-flexible-fast.ts with GROUP_COMMIT=0) books it: the holding locked, the key's
 * claim, the amount waiting for the next hour, the history record, one balanced entry of two postings
 * (spot to flexible) and both balances. One fixed text whatever the number of calls (their rows are
 * one JSON parameter), so PostgreSQL keeps one plan; a batch of one uses it too.
 *
 * Set-based, with each guarantee of the one-call statement:
 * - every holding is locked first, in id order, SKIP LOCKED: a call whose holding another statement
 *   holds (a redemption in flight, the locking path) is left out of the batch and answered as
 *   skipped, and nothing of it is written; the others' rows are written only once their holdings are
 *   locked (the locking path takes its holding first too), their accounts in the ledger's key order
 *   (user, asset, purpose: compareKeys), so batches and single calls never wait on each other in a
 *   cycle;
 * - a user's balance going negative is refused by the balance CHECK (or, for an account the debit
 *   created, by the final check), a unified account dipping into borrowed funds, an accrual that ran
 *   since the read, an entry not fully booked: each raises in the final SELECT, and the statement
 *   (every call in it) is rolled back whole;
 * - each call's Idempotency-Key claim is written by this statement, so a replay finds it or nothing
 *   of its call was written.
 * The batcher puts at most one call per user and per holding in a statement: an upsert cannot touch
 * one account row twice in one statement.
 */

/** One subscription as the batch statement books it: the fast path's plan and read, as values. */
export interface BatchedSubscription {
  userId: number;
  positionId: string;
  asset: string;
  /** The amount booked, as a decimal string. */
  amount: string;
  /** The call's time and its hour (the pending amount's), ISO 8601. */
  at: string;
  hour: string;
  lendRateYear: string | null;
  blendedApr: string | null;
  /** The history record's mode. */
  mode: number;
  /** The product's accrued_until as the call read it: the accrual must not have run since. */
  accruedUntil: string | null;
  /** A unified account's: spot after the debit must still cover the loan. */
  ownFundsCoverLoan: boolean;
  claim: ClaimRow | undefined;
}

function callRows(calls: readonly BatchedSubscription[]): string {
  return JSON.stringify(
    calls.map((c, n) => ({
      n,
      uid: c.userId,
      pid: c.positionId,
      asset: c.asset,
      amt: c.amount,
      at: c.at,
      hour: c.hour,
      rate: c.lendRateYear,
      apr: c.blendedApr,
      mode: c.mode,
      accrued: c.accruedUntil,
      own: c.ownFundsCoverLoan,
      ...claimFields(c.claim),
    })),
  );
}

/**
 * The statement booking `calls` (distinct users and holdings): every call whose holding it could lock,
 * or none; it answers the ordinals of the calls it left out (their holding locked elsewhere).
 */
function subscriptionsStatement(calls: readonly BatchedSubscription[]) {
  return sql`WITH c AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset(${callRows(calls)}::jsonb) AS c(n int, uid bigint, pid bigint,
        asset text, amt numeric, at timestamptz, hour timestamptz, rate numeric, apr numeric, mode int,
        accrued timestamptz, own boolean, key text, hash text, resp text, key_at timestamptz)
    ), holding AS MATERIALIZED (
      SELECT id FROM se_flex_positions WHERE id IN (SELECT pid FROM c) ORDER BY id FOR UPDATE SKIP LOCKED
    ), k AS MATERIALIZED (
      SELECT c.* FROM c JOIN holding h ON h.id = c.pid
    ), claim AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      SELECT uid, key, hash, 200, resp::jsonb, key_at FROM k WHERE key IS NOT NULL
    ), pend AS (
      INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
      SELECT pid, hour, asset, amt FROM k
      ON CONFLICT (position_id, hour_start) DO UPDATE SET amount = se_flex_pending.amount + EXCLUDED.amount
    ), hist AS (
      INSERT INTO se_history (user_id, line, type, mode, asset, amount, lend_rate_year, blended_apr, at)
      SELECT uid, ${LINE_FLEXIBLE}, ${SimpleEarnHistoryType.subscribe}::int, mode, asset, amt, rate, apr, at FROM k
    ), moves AS (
      SELECT n, uid, asset, ${UserPurpose.spot}::text AS purpose, -amt AS delta FROM k
      UNION ALL SELECT n, uid, asset, ${UserPurpose.flexible}::text, amt FROM k
    ), acc AS (
      INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
      SELECT uid, asset, purpose, delta >= 0, delta FROM moves
      ORDER BY uid, asset COLLATE "C", purpose COLLATE "C"
      ON CONFLICT (user_id, asset, purpose)
        DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, is_user = ledger_accounts.is_user
      RETURNING id, user_id, asset, purpose, is_user, balance
    ), ids AS MATERIALIZED (
      SELECT n, at, nextval('journal_entries_id_seq') AS id FROM k
    ), je AS (
      INSERT INTO journal_entries (id, reason, ref, created_at, memo)
      SELECT id, ${SeReason.flexSubscribe}, NULL, at, NULL FROM ids
      RETURNING id
    ), lines AS (
      INSERT INTO postings (entry_id, account_id, asset, amount)
      SELECT ids.id, acc.id, m.asset, m.delta FROM moves m JOIN ids ON ids.n = m.n
      JOIN acc ON acc.user_id = m.uid AND acc.asset = m.asset AND acc.purpose = m.purpose
      RETURNING 1
    )
    SELECT CASE
      WHEN (SELECT count(*) FROM lines) <> 2 * (SELECT count(*) FROM k)
        OR (SELECT count(*) FROM je) <> (SELECT count(*) FROM k)
        THEN earn_check(false, 'XX000', 'entry not fully booked')
      WHEN EXISTS (SELECT 1 FROM acc WHERE NOT acc.is_user)
        THEN earn_check(false, '23514', 'ledger_user_balance_nonneg')
      WHEN (SELECT COALESCE(bool_and(se_flex_unchanged(${FLEX_LOCK_KEY}::bigint, d.asset, d.accrued)), true)
            FROM (SELECT DISTINCT asset, accrued FROM k) d) IS NOT TRUE
        THEN earn_check(false, '40001', 'flexible accrual ran')
      WHEN EXISTS (SELECT 1 FROM k JOIN acc ON acc.user_id = k.uid AND acc.asset = k.asset
            AND acc.purpose = ${UserPurpose.spot}
          WHERE k.own AND acc.balance < COALESCE(
            (SELECT l.amount FROM user_loans l WHERE l.user_id = k.uid AND l.asset = k.asset), 0))
        THEN earn_check(false, '40001', 'borrowed funds')
      ELSE true END AS checked,
      ARRAY(SELECT n FROM c WHERE c.pid NOT IN (SELECT id FROM holding)) AS skipped`;
}

/** Flexible subscriptions, one asset a queue. */
export const subscriptionBatch: BatchKind<BatchedSubscription> = {
  name: 'flexible-subscribe',
  async write(db: Db, calls: readonly BatchedSubscription[]) {
    const [row] = await hotRows<{ skipped: number[] }>(db, subscriptionsStatement(calls));
    return row?.skipped ?? [];
  },
};
