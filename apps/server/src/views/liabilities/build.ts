import { LIABILITIES_LEAF_PREFIX, LIABILITIES_NODE_PREFIX, sha256Hex } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import type { Period } from '../../infra/jobs/scheduler';
import type { LineReads } from '../../kernel/reads';
import { holdingsSql } from '../overview/holdings';

/** The user ledger purposes a leaf counts (holdings.ts says how): for checks against the ledger. */
export { earnPurposes } from '../overview/holdings';

/** The root of a day without a single earn balance: a fixed hash, so the answer has the same shape. */
export const EMPTY_ROOT_TEXT = `${LIABILITIES_NODE_PREFIX}|empty`;

/** UTC calendar date of an instant, as the snapshot's key. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Builds one day's tree, set-based: the holdings in one statement (one consistent read of the ledger
 * and the positions), a fresh salt per user, the leaves hashed in SQL, then one statement per level of
 * the tree (log2 of the users). Returns false when the day already has its snapshot.
 */
export async function buildLiabilitySnapshot(
  tx: Db,
  reads: readonly LineReads[],
  day: string,
  takenAt: Date,
): Promise<boolean> {
  const [taken] = await rows<{ n: number }>(
    tx,
    sql`SELECT 1 AS n FROM liability_snapshots WHERE day = ${day}`,
  );
  if (taken) return false;

  // Each user's holdings per coin, by the overview's own definition (holdings.ts): what the page
  // shows a user and what their leaf counts cannot differ.
  await tx.execute(sql`
    INSERT INTO liability_balances (day, user_id, asset, amount)
    SELECT ${day}::date, user_id, asset, SUM(amount)
      FROM (${holdingsSql(reads, takenAt)}) h
     GROUP BY user_id, asset
    HAVING SUM(amount) > 0`);

  // Leaves ordered by their hash, not by user id, so a leaf's neighbours say nothing about who they are.
  // One salt per user, drawn once: a MATERIALIZED CTE is evaluated once whatever the plan. A salt drawn
  // in a subquery joined to the balances was drawn again on every rescan of that subquery, which
  // PostgreSQL does in a nested loop (its choice when the day's rows are newer than the statistics,
  // as in a long clock advance): one leaf per balance, several per user, and the insert failed.
  await tx.execute(sql`
    WITH users AS MATERIALIZED (
      SELECT user_id, replace(gen_random_uuid()::text, '-', '') AS salt,
             string_agg(asset || ':' || trim_scale(amount)::text, ',' ORDER BY asset COLLATE "C") AS balances
        FROM liability_balances
       WHERE day = ${day}::date
       GROUP BY user_id
    ), leaves AS (
      SELECT user_id, salt,
             encode(sha256(convert_to(
               ${LIABILITIES_LEAF_PREFIX} || '|' || user_id::text || '|' || salt || '|' || balances,
               'UTF8')), 'hex') AS hash
        FROM users
    )
    INSERT INTO liability_leaves (day, user_id, salt, idx, hash)
    SELECT ${day}::date, user_id, salt, (row_number() OVER (ORDER BY hash, user_id) - 1)::int, hash
      FROM leaves`);

  await tx.execute(sql`
    INSERT INTO liability_totals (day, asset, total)
    SELECT ${day}::date, asset, SUM(amount) FROM liability_balances WHERE day = ${day}::date GROUP BY asset`);

  await tx.execute(sql`
    INSERT INTO liability_nodes (day, level, idx, hash)
    SELECT day, 0, idx, hash FROM liability_leaves WHERE day = ${day}::date`);

  const [counted] = await rows<{ n: number }>(
    tx,
    sql`SELECT COUNT(*)::int AS n FROM liability_leaves WHERE day = ${day}::date`,
  );
  const leafCount = counted?.n ?? 0;
  let level = 0;
  for (let width = leafCount; width > 1; width = Math.ceil(width / 2)) {
    // A pair hashes into its parent; a lone last node is carried up unchanged.
    await tx.execute(sql`
      INSERT INTO liability_nodes (day, level, idx, hash)
      SELECT ${day}::date, ${level + 1}, idx / 2,
             CASE WHEN COUNT(*) = 1 THEN MIN(hash)
                  ELSE encode(sha256(convert_to(
                         ${LIABILITIES_NODE_PREFIX} || '|' || MIN(hash) FILTER (WHERE idx % 2 = 0) || '|' ||
                         MIN(hash) FILTER (WHERE idx % 2 = 1), 'UTF8')), 'hex') END
        FROM liability_nodes
       WHERE day = ${day}::date AND level = ${level}
       GROUP BY idx / 2`);
    level += 1;
  }

  let root: string;
  if (leafCount === 0) root = await sha256Hex(EMPTY_ROOT_TEXT);
  else {
    const [top] = await rows<{ hash: string }>(
      tx,
      sql`SELECT hash FROM liability_nodes WHERE day = ${day}::date AND level = ${level} AND idx = 0`,
    );
    if (!top) throw new Error(`liabilities ${day}: no root at level ${level}`);
    root = top.hash;
  }
  await tx.execute(sql`
    INSERT INTO liability_snapshots (day, taken_at, root, leaf_count, created_at)
    VALUES (${day}::date, ${takenAt.toISOString()}::timestamptz, ${root}, ${leafCount}, ${takenAt.toISOString()}::timestamptz)`);
  return true;
}

/**
 * The daily job's period: the snapshot of the day that just began, from the balances as they stand.
 * A period found more than a day late (the service was down) is skipped: today's balances are not that
 * day's, and a proof must not be labelled with a date it does not describe.
 */
export async function runLiabilityDay(
  tx: Db,
  reads: readonly LineReads[],
  period: Period,
  now: Date,
): Promise<void> {
  if (now.getTime() - period.end.getTime() >= 86_400_000) return;
  await buildLiabilitySnapshot(tx, reads, dayOf(period.end), now);
}
