import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../db/client';
import { SYSTEM_OWNER } from '../ledger/accounts';

/** One side of a batch: every row's own user account of a purpose, or one system account per asset. */
export type BatchSide = { kind: 'user'; purpose: string } | { kind: 'system'; purpose: string };

/**
 * Books one journal entry for a whole set of movements, set-based: `source` selects rows
 * (user_id, asset, amount) and each row's amount moves from `from` to `to`. Postings sum to zero per
 * asset by construction (a system side gets the per-asset total). Accounts are created when missing,
 * locked in id order, and moved with one UPDATE … FROM; a user account driven negative is refused by
 * the ledger's CHECK and the whole job rolls back. Answers the entry id, or null when nothing moves.
 *
 * `source` is evaluated three times, so it must read rows this transaction has already fixed (a
 * staging table), never the balances being moved.
 */
export async function postBatch(
  tx: Db,
  opts: { reason: string; ref: string; at: Date; source: SQL; from: BatchSide; to: BatchSide },
): Promise<number | null> {
  const src = sql`(SELECT user_id::bigint AS user_id, asset, amount::numeric AS amount FROM (${opts.source}) raw WHERE amount > 0)`;
  const [probe] = await rows<{ n: string }>(tx, sql`SELECT COUNT(*)::text AS n FROM ${src} s`);
  if (!probe || probe.n === '0') return null;

  for (const side of [opts.from, opts.to]) {
    if (side.kind === 'user') {
      await tx.execute(sql`
        INSERT INTO ledger_accounts (user_id, asset, purpose, is_user)
        SELECT DISTINCT s.user_id, s.asset, ${side.purpose}, true FROM ${src} s
        ON CONFLICT DO NOTHING`);
    } else {
      await tx.execute(sql`
        INSERT INTO ledger_accounts (user_id, asset, purpose, is_user)
        SELECT DISTINCT ${SYSTEM_OWNER}::bigint, s.asset, ${side.purpose}, false FROM ${src} s
        ON CONFLICT DO NOTHING`);
    }
  }

  const [entry] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO journal_entries (reason, ref, created_at, memo)
        VALUES (${opts.reason}, ${opts.ref}, ${opts.at.toISOString()}::timestamptz, ${JSON.stringify({ batch: true })}::jsonb)
        RETURNING id::text AS id`,
  );
  if (!entry) throw new Error('batch journal entry not inserted');
  const entryId = Number(entry.id);

  const lines = (side: BatchSide, sign: 1 | -1) =>
    side.kind === 'user'
      ? sql`SELECT a.id AS account_id, s.asset, SUM(s.amount) * ${sign} AS amount
            FROM ${src} s JOIN ledger_accounts a
              ON a.user_id = s.user_id AND a.asset = s.asset AND a.purpose = ${side.purpose}
            GROUP BY a.id, s.asset`
      : sql`SELECT a.id AS account_id, s.asset, SUM(s.amount) * ${sign} AS amount
            FROM ${src} s JOIN ledger_accounts a
              ON a.user_id = ${SYSTEM_OWNER} AND a.asset = s.asset AND a.purpose = ${side.purpose}
            GROUP BY a.id, s.asset`;
  await tx.execute(sql`
    INSERT INTO postings (entry_id, account_id, asset, amount)
    SELECT ${entryId}, account_id, asset, amount FROM (${lines(opts.from, -1)} UNION ALL ${lines(opts.to, 1)}) l`);

  await tx.execute(sql`
    SELECT id FROM ledger_accounts
    WHERE id IN (SELECT account_id FROM postings WHERE entry_id = ${entryId})
    ORDER BY id FOR UPDATE`);
  await tx.execute(sql`
    UPDATE ledger_accounts a SET balance = a.balance + p.total
    FROM (SELECT account_id, SUM(amount) AS total FROM postings WHERE entry_id = ${entryId} GROUP BY account_id) p
    WHERE a.id = p.account_id`);
  return entryId;
}

/**
 * SQL for floor(numerator / denominator) at 18 decimals, exactly: NUMERIC division rounds at a scale
 * of its own choosing, an integer `div` of the value scaled by 10^18 does not.
 */
export function floorDiv18(numerator: SQL, denominator: SQL): SQL {
  return sql`(div((${numerator}) * 1000000000000000000, (${denominator})) * 0.000000000000000001)`;
}
