import { SimpleEarnHistoryType } from '@earn/domain';
import type { ClaimRow } from '../../../accounts/idempotency';
import { type Db, hotRows, sql } from '../../../infra/db/client';
import type { BatchKind } from '../../../infra/db/group-commit';
import { notices } from '../../../kernel/notices';
import { SYSTEM_OWNER, UserPurpose } from '../../../ledger/accounts';
import { FLEX_LOCK_KEY, LINE_FLEXIBLE, SePurpose, SeReason } from '../model';
import { claimFields } from './batch-claim';

/*
 * Group commit of the fast path's flexible redemptions (infra/db/group-commit.ts): the statement that
 * books several users' redemptions at once, each exactly as the one-call statement
 * (redeem-flexible-fast.ts with GROUP_COMMIT=0) books it: the key's claim, the holding changed at
 * the product's index as read, the pending lots taken newest first, the history record, its
 * "redemption arrived" inbox item, and one balanced entry (spot gets the amount; the pooled interest
 * account and the flexible account give what came from each). One fixed text, the calls one JSON
 * parameter, as flex-batch.ts (subscriptions), whose guarantees hold here the same way:
 * - every holding is locked first, in id order, SKIP LOCKED: a call whose holding another statement
 *   holds is left out (nothing of it written) and answered as skipped; a holding locked but changed
 *   since the call read it (its version, xmin) raises, as the one-call statement's versioned lock does;
 * - each call's pending takes are its own holding's lots (a window per holding), and must come to
 *   what the call read, or the statement raises;
 * - the pooled interest account (a house account) moves at commit by ONE deferred move a batch
 *   (ledger_deferred_moves), the sum of the calls' interest: the hot house row is locked once per
 *   batch at commit; each call's own posting on it is written as alone;
 * - a user's balance going negative, an accrual that ran since the read, an entry not fully booked:
 *   each raises in the final SELECT, and the whole statement is rolled back.
 * The batcher puts at most one call per user and per holding in a statement.
 */

/** One redemption as the batch statement books it: the fast path's plan and read, as values. */
export interface BatchedRedemption {
  userId: number;
  positionId: string;
  /** The holding's version (xmin) as read. */
  positionVersion: string;
  asset: string;
  /** What reaches spot, and where it comes from, decimal strings. */
  paid: string;
  fromInterest: string;
  fromPending: string;
  fromPrincipal: string;
  /** The product's acc_index and accrued_until as the call read them. */
  accIndex: string;
  accruedUntil: string | null;
  /** The history record's mode. */
  mode: number;
  /** The call's time, ISO 8601. */
  at: string;
  claim: ClaimRow | undefined;
}

function callRows(calls: readonly BatchedRedemption[]): string {
  return JSON.stringify(
    calls.map((c, n) => ({
      n,
      uid: c.userId,
      pid: c.positionId,
      ver: c.positionVersion,
      asset: c.asset,
      paid: c.paid,
      fint: c.fromInterest,
      fpend: c.fromPending,
      fprin: c.fromPrincipal,
      idx: c.accIndex,
      accrued: c.accruedUntil,
      mode: c.mode,
      at: c.at,
      ...claimFields(c.claim),
    })),
  );
}

/** The statement booking `calls` (distinct users and holdings); answers the ordinals left out. */
function redemptionsStatement(calls: readonly BatchedRedemption[]) {
  const spot = UserPurpose.spot;
  const flexible = UserPurpose.flexible;
  return sql`WITH c AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset(${callRows(calls)}::jsonb) AS c(n int, uid bigint, pid bigint,
        ver text, asset text, paid text, fint numeric, fpend numeric, fprin numeric, idx numeric,
        accrued timestamptz, mode int, at timestamptz, key text, hash text, resp text, key_at timestamptz)
    ), holding AS MATERIALIZED (
      SELECT id, xmin::text AS ver FROM se_flex_positions WHERE id IN (SELECT pid FROM c)
      ORDER BY id FOR UPDATE SKIP LOCKED
    ), k AS MATERIALIZED (
      SELECT c.*, c.paid::numeric AS amt, h.ver = c.ver AS same FROM c JOIN holding h ON h.id = c.pid
    ), claim AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      SELECT uid, key, hash, 200, resp::jsonb, key_at FROM k WHERE key IS NOT NULL
    ), holding_change AS (
      UPDATE se_flex_positions p SET
        acc_offset = p.acc_offset + k.fprin * k.idx,
        principal = p.principal - k.fprin,
        interest_withdrawn = p.interest_withdrawn + k.fint
      FROM k WHERE p.id = k.pid RETURNING 1
    ), pending_lots AS (
      SELECT d.position_id, d.hour_start, d.amount,
        SUM(d.amount) OVER (PARTITION BY d.position_id ORDER BY d.hour_start DESC) AS through
      FROM se_flex_pending d JOIN k ON k.pid = d.position_id WHERE k.fpend > 0
    ), pending_takes AS (
      SELECT l.position_id, l.hour_start, l.amount,
        LEAST(l.amount, GREATEST(0, k.fpend - (l.through - l.amount))) AS take
      FROM pending_lots l JOIN k ON k.pid = l.position_id
    ), pending_whole AS (
      DELETE FROM se_flex_pending d USING pending_takes t
      WHERE d.position_id = t.position_id AND d.hour_start = t.hour_start AND t.take = t.amount
        AND d.amount = t.amount
      RETURNING t.position_id, t.take
    ), pending_part AS (
      UPDATE se_flex_pending d SET amount = d.amount - t.take FROM pending_takes t
      WHERE d.position_id = t.position_id AND d.hour_start = t.hour_start AND t.take > 0
        AND t.take < t.amount AND d.amount = t.amount
      RETURNING t.position_id, t.take
    ), taken AS (
      SELECT position_id, SUM(take) AS took
      FROM (SELECT * FROM pending_whole UNION ALL SELECT * FROM pending_part) x GROUP BY position_id
    ), hist AS (
      INSERT INTO se_history (user_id, line, type, mode, asset, amount, lend_rate_year, blended_apr, at)
      SELECT uid, ${LINE_FLEXIBLE}, ${SimpleEarnHistoryType.redeem}::int, mode, asset, amt, NULL, NULL, at FROM k
      RETURNING id, user_id
    ), redeemed AS (
      SELECT hist.id, k.uid AS user_id, 'flexible'::text AS line, k.asset, k.paid AS amount, k.at
      FROM hist JOIN k ON k.uid = hist.user_id
    ), item AS (${notices().redeemedItemsStatement('redeemed', 'flexible:redeem:')}
    ), moves AS (
      SELECT n, uid, asset, ${spot}::text AS purpose, amt AS delta FROM k
      UNION ALL SELECT n, uid, asset, ${flexible}::text, -(fpend + fprin) FROM k WHERE fpend + fprin > 0
    ), acc AS (
      INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
      SELECT uid, asset, purpose, delta >= 0, delta FROM moves
      ORDER BY uid, asset COLLATE "C", purpose COLLATE "C"
      ON CONFLICT (user_id, asset, purpose)
        DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, is_user = ledger_accounts.is_user
      RETURNING id, user_id, asset, purpose, is_user, balance
    ), hw AS (
      SELECT asset, SUM(fint) AS amount FROM k WHERE fint > 0 GROUP BY asset
    ), house_new AS (
      INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
      SELECT ${SYSTEM_OWNER}::bigint, asset, ${SePurpose.flexInterest}, false, 0 FROM hw
      ON CONFLICT (user_id, asset, purpose) DO NOTHING
      RETURNING id, asset
    ), house AS (
      SELECT id, asset FROM house_new
      UNION ALL SELECT a.id, a.asset FROM ledger_accounts a JOIN hw ON a.user_id = ${SYSTEM_OWNER}::bigint
        AND a.asset = hw.asset AND a.purpose = ${SePurpose.flexInterest}
    ), house_moves AS (
      INSERT INTO ledger_deferred_moves (account_id, amount)
      SELECT house.id, -hw.amount FROM house JOIN hw ON hw.asset = house.asset
      RETURNING 1
    ), ids AS MATERIALIZED (
      SELECT n, at, nextval('journal_entries_id_seq') AS id FROM k
    ), je AS (
      INSERT INTO journal_entries (id, reason, ref, created_at, memo)
      SELECT id, ${SeReason.flexRedeem}, NULL, at, NULL FROM ids
      RETURNING id
    ), lines AS (
      INSERT INTO postings (entry_id, account_id, asset, amount)
      SELECT ids.id, acc.id, m.asset, m.delta FROM moves m JOIN ids ON ids.n = m.n
      JOIN acc ON acc.user_id = m.uid AND acc.asset = m.asset AND acc.purpose = m.purpose
      UNION ALL
      SELECT ids.id, house.id, k.asset, -k.fint FROM k JOIN ids ON ids.n = k.n
      JOIN house ON house.asset = k.asset WHERE k.fint > 0
      RETURNING 1
    )
    SELECT CASE
      WHEN (SELECT count(*) FROM lines) <> (SELECT count(*) FROM moves) + (SELECT count(*) FROM k WHERE fint > 0)
        OR (SELECT count(*) FROM je) <> (SELECT count(*) FROM k)
        THEN earn_check(false, 'XX000', 'entry not fully booked')
      WHEN EXISTS (SELECT 1 FROM acc WHERE NOT acc.is_user)
        THEN earn_check(false, '23514', 'ledger_user_balance_nonneg')
      WHEN (SELECT count(*) FROM house_moves) <> (SELECT count(*) FROM hw)
        THEN earn_check(false, '40001', 'house account being created')
      WHEN (SELECT COALESCE(bool_and(se_flex_unchanged(${FLEX_LOCK_KEY}::bigint, d.asset, d.accrued)), true)
            FROM (SELECT DISTINCT asset, accrued FROM k) d) IS NOT TRUE
        THEN earn_check(false, '40001', 'flexible accrual ran')
      WHEN EXISTS (SELECT 1 FROM k WHERE NOT k.same)
        OR (SELECT count(*) FROM holding_change) <> (SELECT count(*) FROM k)
        THEN earn_check(false, '40001', 'holding changed')
      WHEN EXISTS (SELECT 1 FROM k LEFT JOIN taken t ON t.position_id = k.pid
          WHERE k.fpend > 0 AND COALESCE(t.took, 0) <> k.fpend)
        THEN earn_check(false, '40001', 'pending amounts changed')
      ELSE true END AS checked,
      ARRAY(SELECT n FROM c WHERE c.pid NOT IN (SELECT id FROM holding)) AS skipped`;
}

/** Flexible redemptions, one asset a queue. */
export const redemptionBatch: BatchKind<BatchedRedemption> = {
  name: 'flexible-redeem',
  async write(db: Db, calls: readonly BatchedRedemption[]) {
    const [row] = await hotRows<{ skipped: number[] }>(db, redemptionsStatement(calls));
    return row?.skipped ?? [];
  },
};
