import { STORAGE_DECIMALS } from '@earn/domain';
import { type Db, pgConstraint, pgErrorCode, rows, sql } from '../../../infra/db/client';
import { type BulkEntryInput, postBulkEntry } from '../../../ledger/bulk';
import { DuplicateEntryError } from '../../../ledger/ledger';

/**
 * postBulkEntry (savepoint: false) in one statement when it would create no account: the legs summed
 * per account (zero sums dropped), the entry, its postings in account key order with the accounts
 * locked in that order, and the balances; postBulkEntry's some nine statements were a good part of a
 * flexible hour booked alone (a clock advance books hundreds). When an account is missing, or the legs
 * do not balance per asset, carry more than the ledger's decimals or are a single posting, nothing is
 * written here and postBulkEntry books (or refuses) the entry as before.
 */
export async function postReadyEntry(tx: Db, entry: Omit<BulkEntryInput, 'savepoint'>): Promise<void> {
  let found: { ok: boolean; legs: number; posted: number; moved: number }[];
  try {
    found = await rows(
      tx,
      sql`WITH legs AS MATERIALIZED (
          SELECT user_id::bigint AS user_id, asset::text AS asset, purpose::text AS purpose, SUM(amount::numeric) AS amount
          FROM (${entry.legs}) l GROUP BY 1, 2, 3 HAVING SUM(amount::numeric) <> 0
        ), ready AS MATERIALIZED (
          SELECT (SELECT COUNT(*) FROM legs) > 1
            AND NOT EXISTS (SELECT 1 FROM legs GROUP BY asset HAVING SUM(amount) <> 0)
            AND NOT EXISTS (SELECT 1 FROM legs l WHERE l.amount <> round(l.amount, ${sql.raw(String(STORAGE_DECIMALS))}) OR NOT EXISTS (
              SELECT 1 FROM ledger_accounts a WHERE a.user_id = l.user_id AND a.asset = l.asset AND a.purpose = l.purpose)) AS ok
        ), je AS (
          INSERT INTO journal_entries (reason, ref, created_at, memo)
          SELECT ${entry.reason}, ${entry.ref}, ${entry.at.toISOString()}::timestamptz, ${entry.memo ? JSON.stringify(entry.memo) : null}::jsonb
          WHERE (SELECT ok FROM ready)
          RETURNING id
        ), locked AS (
          SELECT je.id AS entry_id, a.id, l.asset, l.amount FROM legs l CROSS JOIN je
          JOIN ledger_accounts a ON a.user_id = l.user_id AND a.asset = l.asset AND a.purpose = l.purpose
          ORDER BY a.user_id, a.asset COLLATE "C", a.purpose COLLATE "C"
          FOR UPDATE OF a
        ), posted AS (
          INSERT INTO postings (entry_id, account_id, asset, amount) SELECT entry_id, id, asset, amount FROM locked
          RETURNING account_id, amount
        ), moved AS (
          UPDATE ledger_accounts a SET balance = a.balance + s.amount
          FROM (SELECT account_id, SUM(amount) AS amount FROM posted GROUP BY account_id) s WHERE a.id = s.account_id
          RETURNING 1
        )
        SELECT (SELECT ok FROM ready) AS ok, (SELECT COUNT(*) FROM legs)::int AS legs,
          (SELECT COUNT(*) FROM posted)::int AS posted, (SELECT COUNT(*) FROM moved)::int AS moved`,
    );
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'journal_entries_reason_ref')
      throw new DuplicateEntryError(entry.reason, entry.ref);
    throw error;
  }
  const [r] = found;
  if (!r) throw new Error(`entry ${entry.reason}/${entry.ref}: no answer`);
  if (!r.ok) {
    await postBulkEntry(tx, { ...entry, savepoint: false });
    return;
  }
  if (r.posted !== r.legs || r.moved !== r.legs)
    throw new Error(`entry ${entry.reason}/${entry.ref}: not fully posted`);
}
