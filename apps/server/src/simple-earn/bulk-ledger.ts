import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../db/client';

/**
 * Books ONE balanced journal entry whose postings come from a set-based query, for periodic work that
 * moves money for many users at once (maturities, settlements, sweeps, bonuses). `legs` is a SELECT
 * answering (user_id, asset, purpose, amount); legs of the same account are summed and zero sums
 * dropped. The entry must balance per asset, or nothing is written. Accounts are locked in id order
 * before their balances move, as postEntry does. Answers the entry id, or null when there is nothing.
 */
export async function bulkEntry(
  tx: Db,
  opts: { reason: string; ref: string; at: Date; legs: SQL; memo?: Record<string, unknown> },
): Promise<number | null> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS se_legs (
    user_id bigint NOT NULL, asset text NOT NULL, purpose text NOT NULL, amount numeric NOT NULL) ON COMMIT DELETE ROWS`);
  await tx.execute(sql`DELETE FROM se_legs`);
  await tx.execute(sql`INSERT INTO se_legs (user_id, asset, purpose, amount)
    SELECT user_id, asset, purpose, SUM(amount) FROM (${opts.legs}) l
    GROUP BY user_id, asset, purpose HAVING SUM(amount) <> 0`);
  const [stats] = await rows<{ n: string; unbalanced: string; overprecise: string }>(
    tx,
    sql`SELECT (SELECT COUNT(*) FROM se_legs)::text AS n,
      (SELECT COUNT(*) FROM (SELECT asset FROM se_legs GROUP BY asset HAVING SUM(amount) <> 0) u)::text AS unbalanced,
      (SELECT COUNT(*) FROM se_legs WHERE amount <> round(amount, 18))::text AS overprecise`,
  );
  if (!stats || stats.n === '0') return null;
  if (stats.unbalanced !== '0') throw new Error(`bulk entry ${opts.reason}/${opts.ref} does not balance`);
  if (stats.overprecise !== '0') throw new Error(`bulk entry ${opts.reason}/${opts.ref} is over-precise`);
  await tx.execute(sql`INSERT INTO ledger_accounts (user_id, asset, purpose, is_user)
    SELECT DISTINCT user_id, asset, purpose, user_id <> 0 FROM se_legs ON CONFLICT DO NOTHING`);
  const [entry] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO journal_entries (reason, ref, created_at, memo)
        VALUES (${opts.reason}, ${opts.ref}, ${opts.at.toISOString()}::timestamptz, ${opts.memo ? JSON.stringify(opts.memo) : null}::jsonb)
        RETURNING id::text AS id`,
  );
  if (!entry) throw new Error('journal entry not inserted');
  const entryId = Number(entry.id);
  await tx.execute(sql`SELECT a.id FROM ledger_accounts a
    JOIN se_legs l ON l.user_id = a.user_id AND l.asset = a.asset AND l.purpose = a.purpose
    ORDER BY a.id FOR UPDATE OF a`);
  await tx.execute(sql`INSERT INTO postings (entry_id, account_id, asset, amount)
    SELECT ${entryId}, a.id, l.asset, l.amount FROM se_legs l
    JOIN ledger_accounts a ON l.user_id = a.user_id AND l.asset = a.asset AND l.purpose = a.purpose`);
  await tx.execute(sql`UPDATE ledger_accounts a SET balance = a.balance + l.amount FROM se_legs l
    WHERE l.user_id = a.user_id AND l.asset = a.asset AND l.purpose = a.purpose`);
  return entryId;
}
