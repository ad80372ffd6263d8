import { SimpleEarnHistoryMode, SimpleEarnHistoryType } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkEntry } from '../../../ledger/bulk';
import { LINE_FLEXIBLE, SeReason } from '../model';
import { iso } from './util';

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
  await tx.execute(sql`INSERT INTO se_sweep (user_id, asset)
    SELECT DISTINCT ON (c.user_id, c.asset) c.user_id, c.asset FROM (
      SELECT a.user_id, p.asset, COALESCE(s.status, a.status) AS status
      FROM se_auto_invest a CROSS JOIN se_flex_products p
      LEFT JOIN se_auto_invest s ON s.user_id = a.user_id AND s.asset = p.asset
      WHERE a.asset = '' AND p.status = 1
      UNION ALL
      SELECT a.user_id, a.asset, a.status FROM se_auto_invest a JOIN se_flex_products p ON p.asset = a.asset AND p.status = 1
      WHERE a.asset <> ''
    ) c JOIN users u ON u.id = c.user_id
    WHERE c.status = 1 AND NOT (u.use_funding AND u.locked)`);
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
