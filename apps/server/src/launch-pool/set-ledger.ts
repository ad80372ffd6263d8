import { type SQL, sql } from 'drizzle-orm';
import { type Db, pgConstraint, pgErrorCode, rows } from '../db/client';
import { errors } from '../http/errors';
import { DuplicateEntryError } from '../ledger/ledger';

/**
 * Books one balanced journal entry whose postings come from a query, for periodic work over many
 * users (hourly rewards, returning every stake of a pool). ledger.postEntry takes postings one by
 * one; this does the same in a fixed number of statements whatever the number of users.
 *
 * `postings` must answer rows (user_id, asset, purpose, amount) and give the same rows each time it
 * is evaluated within the transaction (read tables this function does not write). Rows with a zero
 * amount are left out. Answers the entry id, or null when there is nothing to book.
 */
export async function postEntryFromQuery(
  db: Db,
  entry: { reason: string; ref: string; at: Date; memo?: Record<string, unknown>; postings: SQL },
): Promise<number | null> {
  const src = sql`(SELECT user_id::bigint AS user_id, asset::text AS asset, purpose::text AS purpose, amount::numeric AS amount
                   FROM (${entry.postings}) q WHERE amount <> 0)`;
  const unbalanced = await rows<{ asset: string; total: string }>(
    db,
    sql`SELECT asset, SUM(amount)::text AS total FROM ${src} s GROUP BY asset HAVING SUM(amount) <> 0`,
  );
  if (unbalanced.length > 0) {
    throw new Error(`entry ${entry.reason}/${entry.ref} does not balance: ${JSON.stringify(unbalanced)}`);
  }
  const [count] = await rows<{ n: number }>(db, sql`SELECT COUNT(*)::int AS n FROM ${src} s`);
  if (!count || count.n === 0) return null;
  if (count.n === 1) throw new Error(`entry ${entry.reason}/${entry.ref} has a single posting`);

  try {
    return await db.transaction(async (txRoot) => {
      const tx = txRoot as unknown as Db;
      await tx.execute(sql`INSERT INTO ledger_accounts (user_id, asset, purpose, is_user)
                           SELECT DISTINCT user_id, asset, purpose, user_id <> 0 FROM ${src} s
                           ON CONFLICT DO NOTHING`);
      // Lock in account-id order, as postEntry does, so this never deadlocks with a user's call.
      await tx.execute(sql`SELECT a.id FROM ledger_accounts a
                           WHERE (a.user_id, a.asset, a.purpose) IN (SELECT user_id, asset, purpose FROM ${src} s)
                           ORDER BY a.id FOR UPDATE`);
      const [row] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO journal_entries (reason, ref, created_at, memo)
            VALUES (${entry.reason}, ${entry.ref}, ${entry.at.toISOString()}::timestamptz, ${entry.memo ? JSON.stringify(entry.memo) : null}::jsonb)
            RETURNING id`,
      );
      if (!row) throw new Error('journal entry not inserted');
      const entryId = Number(row.id);
      await tx.execute(sql`INSERT INTO postings (entry_id, account_id, asset, amount)
                           SELECT ${entryId}, a.id, s.asset, s.amount FROM ${src} s
                           JOIN ledger_accounts a ON a.user_id = s.user_id AND a.asset = s.asset AND a.purpose = s.purpose`);
      await tx.execute(sql`UPDATE ledger_accounts a SET balance = a.balance + d.total
                           FROM (SELECT account_id, SUM(amount) AS total FROM postings WHERE entry_id = ${entryId} GROUP BY account_id) d
                           WHERE a.id = d.account_id`);
      return entryId;
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23505' && pgConstraint(error) === 'journal_entries_reason_ref') {
      throw new DuplicateEntryError(entry.reason, entry.ref);
    }
    if (code === '23514' && pgConstraint(error) === 'ledger_user_balance_nonneg')
      throw errors.insufficientBalance('');
    throw error;
  }
}
