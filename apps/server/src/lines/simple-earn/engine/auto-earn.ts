import { SimpleEarnHistoryMode, SimpleEarnHistoryType } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkEntry } from '../../../ledger/bulk';
import { LINE_FLEXIBLE, SeReason } from '../model';
import { iso } from './util';

/** Whom the sweep looks at: (user, asset) of every switch on, users whose funds are in use and locked left out. */
const CANDIDATES = sql`SELECT DISTINCT ON (c.user_id, c.asset) c.user_id, c.asset FROM (
      SELECT a.user_id, p.asset, COALESCE(s.status, a.status) AS status
      FROM se_auto_invest a CROSS JOIN se_flex_products p
      LEFT JOIN se_auto_invest s ON s.user_id = a.user_id AND s.asset = p.asset
      WHERE a.asset = '' AND p.status = 1
      UNION ALL
      SELECT a.user_id, a.asset, a.status FROM se_auto_invest a JOIN se_flex_products p ON p.asset = a.asset AND p.status = 1
      WHERE a.asset <> ''
    ) c JOIN users u ON u.id = c.user_id
    WHERE c.status = 1 AND NOT (u.use_funding AND u.locked)`;

/**
 * Whether the sweep moves nothing for as long as no spot balance moves (a quiet window of flexible
 * hours, flexible-batch.ts): every user it looks at has a position already, none's spot (own funds,
 * 6 decimals down) reaches the product minimum, and none is paid a bonus into it (`bonuses`: each
 * product paying one, with its award coin). Answers how many it looks at (each hour's position upsert
 * draws as many ids), or null when it may move something.
 */
export async function idleSweep(tx: Db, bonuses: { asset: string; award: string }[]): Promise<number | null> {
  const pairs = sql.join(
    bonuses.map((b) => sql`(${b.asset}::text, ${b.award}::text)`),
    sql`, `,
  );
  const fed =
    bonuses.length > 0
      ? sql`EXISTS (SELECT 1 FROM c JOIN se_flex_positions q ON q.user_id = c.user_id AND q.principal > 0
          WHERE (q.asset, c.asset) IN (VALUES ${pairs}))`
      : sql`false`;
  const [r] = await rows<{ n: number; missing: number; sweepable: number; fed: boolean }>(
    tx,
    sql`WITH c AS (${CANDIDATES}), s AS (
        SELECT p.id AS position_id, pr.min_lend_amount,
          trunc(GREATEST(0, COALESCE(a.balance, 0) - COALESCE(l.amount, 0)), 6) AS amount
        FROM c JOIN se_flex_products pr ON pr.asset = c.asset
        LEFT JOIN se_flex_positions p ON p.user_id = c.user_id AND p.asset = c.asset
        LEFT JOIN ledger_accounts a ON a.user_id = c.user_id AND a.asset = c.asset AND a.purpose = ${UserPurpose.spot}
        LEFT JOIN user_loans l ON l.user_id = c.user_id AND l.asset = c.asset)
      SELECT COUNT(*)::int AS n, COUNT(*) FILTER (WHERE position_id IS NULL)::int AS missing,
        COUNT(*) FILTER (WHERE amount > 0 AND amount >= min_lend_amount)::int AS sweepable, ${fed} AS fed FROM s`,
  );
  if (!r || r.missing > 0 || r.sweepable > 0 || r.fed) return null;
  return r.n;
}

/**
 * Auto-earn: each hour, the idle spot balance (own funds: less unified-account loans, 6 decimals down)
 * of every asset a user switched on — or every flexible asset under the global switch — moves into
 * flexible when it reaches the product minimum; it earns from the next hour. Users whose funds are
 * in use and locked are skipped.
 */
export async function sweepAutoEarn(tx: Db, period: Period): Promise<void> {
  const [any] = await rows<{ found: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM se_auto_invest WHERE status = 1) AS found`,
  );
  if (!any?.found) return;
  const at = iso(period.end);
  await tx.execute(
    sql`CREATE TEMP TABLE IF NOT EXISTS se_sweep (user_id bigint, asset text, position_id bigint, amount numeric) ON COMMIT DELETE ROWS`,
  );
  await tx.execute(sql`DELETE FROM se_sweep`);
  await tx.execute(sql`INSERT INTO se_sweep (user_id, asset) ${CANDIDATES}`);
  const [n] = await rows<{ n: string }>(tx, sql`SELECT COUNT(*)::text AS n FROM se_sweep`);
  if (!n || n.n === '0') return;
  // Positions in id order, then spot accounts in the ledger's key order: the order requests take them in.
  await tx.execute(sql`INSERT INTO se_flex_positions (user_id, asset, min_lend_rate_year, offer_at, created_at)
    SELECT w.user_id, w.asset, earn_percent_to_fraction(p.limit_min_lend_rate_year), ${at}::timestamptz, ${at}::timestamptz
    FROM se_sweep w JOIN se_flex_products p ON p.asset = w.asset ON CONFLICT (user_id, asset) DO NOTHING`);
  await tx.execute(
    sql`SELECT p.id FROM se_flex_positions p JOIN se_sweep w ON w.user_id = p.user_id AND w.asset = p.asset ORDER BY p.id FOR UPDATE OF p`,
  );
  await tx.execute(sql`SELECT a.id FROM ledger_accounts a JOIN se_sweep w ON w.user_id = a.user_id AND w.asset = a.asset AND a.purpose = ${UserPurpose.spot}
    ORDER BY a.user_id, a.asset COLLATE "C" FOR UPDATE OF a`);
  await tx.execute(sql`UPDATE se_sweep w SET position_id = p.id,
      amount = trunc(GREATEST(0, a.balance - COALESCE(l.amount, 0)), 6)
    FROM se_flex_positions p, ledger_accounts a
      LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
    WHERE p.user_id = w.user_id AND p.asset = w.asset
      AND a.user_id = w.user_id AND a.asset = w.asset AND a.purpose = ${UserPurpose.spot}`);
  await tx.execute(sql`DELETE FROM se_sweep w USING se_flex_products p
    WHERE p.asset = w.asset AND (w.amount IS NULL OR w.amount <= 0 OR w.amount < p.min_lend_amount)`);
  const entry = await postBulkEntry(tx, {
    reason: SeReason.autoEarn,
    ref: iso(period.start),
    at: period.end,
    legs: sql`SELECT user_id, asset, ${UserPurpose.spot}::text AS purpose, -amount AS amount FROM se_sweep
      UNION ALL SELECT user_id, asset, ${UserPurpose.flexible}::text, amount FROM se_sweep`,
  });
  if (entry === null) return;
  await tx.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    SELECT position_id, ${iso(period.end)}::timestamptz, asset, amount FROM se_sweep
    ON CONFLICT (position_id, hour_start) DO UPDATE SET amount = se_flex_pending.amount + EXCLUDED.amount`);
  await tx.execute(sql`INSERT INTO se_history (user_id, line, type, mode, asset, amount, at)
    SELECT user_id, ${LINE_FLEXIBLE}, ${SimpleEarnHistoryType.subscribe}::int, ${SimpleEarnHistoryMode.autoEarn}::int, asset, amount, ${at}::timestamptz FROM se_sweep`);
}
