import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../infra/db/client';
import { reconciliationReports } from '../infra/db/schema';

export interface Difference {
  kind:
    | 'balance_mismatch'
    | 'unbalanced_entry'
    | 'orphan_posting'
    | 'negative_user_balance'
    | 'asset_not_zero'
    | 'subledger';
  asset: string;
  account?: { id: number; user_id: number; purpose: string };
  entry_id?: number;
  /** An orphan posting's account, which may not exist (so no `account` with its owner and purpose). */
  account_id?: number;
  check?: string;
  expected: string;
  actual: string;
}

export interface ReconciliationReport {
  ok: boolean;
  differences: Difference[];
}

/**
 * A product line's sub-ledger check: positions summed against the general-ledger account they live
 * in. The query answers one row per difference with (asset, expected, actual).
 */
export interface SubledgerCheck {
  name: string;
  query: () => ReturnType<typeof sql>;
}

/**
 * Per process on purpose: a check is a fixed query over the tables (no server's state; the caller's
 * database runs it), registered by name once however many servers wire the lines in.
 */
const subledgerChecks: SubledgerCheck[] = [];

export function registerSubledgerCheck(check: SubledgerCheck): void {
  if (!subledgerChecks.some((c) => c.name === check.name)) subledgerChecks.push(check);
}

/**
 * The usual sub-ledger check: two per-asset totals, each a subquery answering (asset, total), full
 * joined on the asset so an asset on one side only counts against zero. One row per asset whose
 * totals differ.
 */
export function totalsCheck(name: string, totals: { expected: SQL; actual: SQL }): SubledgerCheck {
  return {
    name,
    query: () => sql`
      SELECT COALESCE(e.asset, a.asset) AS asset, COALESCE(e.total, 0)::text AS expected, COALESCE(a.total, 0)::text AS actual
      FROM (${totals.expected}) e
      FULL JOIN (${totals.actual}) a ON a.asset = e.asset
      WHERE COALESCE(e.total, 0) <> COALESCE(a.total, 0)`,
  };
}

/** Recomputes every balance from its postings and every invariant of the books. */
export async function reconcile(db: Db): Promise<ReconciliationReport> {
  const differences: Difference[] = [];

  const mismatched = await rows<{
    id: string;
    user_id: string;
    asset: string;
    purpose: string;
    balance: string;
    computed: string;
  }>(
    db,
    sql`SELECT a.id, a.user_id, a.asset, a.purpose, a.balance::text AS balance, COALESCE(p.total, 0)::text AS computed
        FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
        WHERE a.balance <> COALESCE(p.total, 0)
        ORDER BY a.id LIMIT 1000`,
  );
  for (const r of mismatched) {
    differences.push({
      kind: 'balance_mismatch',
      asset: r.asset,
      account: { id: Number(r.id), user_id: Number(r.user_id), purpose: r.purpose },
      expected: r.computed,
      actual: r.balance,
    });
  }

  const unbalanced = await rows<{ entry_id: string; asset: string; total: string }>(
    db,
    sql`SELECT entry_id, asset, SUM(amount)::text AS total FROM postings
        GROUP BY entry_id, asset HAVING SUM(amount) <> 0 ORDER BY entry_id LIMIT 1000`,
  );
  for (const r of unbalanced) {
    differences.push({
      kind: 'unbalanced_entry',
      asset: r.asset,
      entry_id: Number(r.entry_id),
      expected: '0',
      actual: r.total,
    });
  }

  // postings carries no foreign keys (migration 0047: their per-row triggers cost too much on the
  // busiest insert path), so a posting whose entry or account is missing is looked for here. Left
  // joins rather than NOT EXISTS … OR NOT EXISTS, which would probe both tables once per posting.
  const orphans = await rows<{ entry_id: string; account_id: string; asset: string; amount: string }>(
    db,
    sql`SELECT p.entry_id, p.account_id, p.asset, p.amount::text AS amount FROM postings p
        LEFT JOIN journal_entries e ON e.id = p.entry_id
        LEFT JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.id IS NULL OR a.id IS NULL
        ORDER BY p.id LIMIT 1000`,
  );
  for (const r of orphans) {
    differences.push({
      kind: 'orphan_posting',
      asset: r.asset,
      entry_id: Number(r.entry_id),
      account_id: Number(r.account_id),
      expected: '0',
      actual: r.amount,
    });
  }

  const negative = await rows<{
    id: string;
    user_id: string;
    asset: string;
    purpose: string;
    balance: string;
  }>(
    db,
    sql`SELECT id, user_id, asset, purpose, balance::text AS balance FROM ledger_accounts
        WHERE is_user AND balance < 0 ORDER BY id LIMIT 1000`,
  );
  for (const r of negative) {
    differences.push({
      kind: 'negative_user_balance',
      asset: r.asset,
      account: { id: Number(r.id), user_id: Number(r.user_id), purpose: r.purpose },
      expected: '>= 0',
      actual: r.balance,
    });
  }

  const perAsset = await rows<{ asset: string; total: string }>(
    db,
    sql`SELECT asset, SUM(balance)::text AS total FROM ledger_accounts GROUP BY asset HAVING SUM(balance) <> 0`,
  );
  for (const r of perAsset)
    differences.push({ kind: 'asset_not_zero', asset: r.asset, expected: '0', actual: r.total });

  for (const check of subledgerChecks) {
    const found = await rows<{ asset: string; expected: string; actual: string }>(db, check.query());
    for (const r of found) {
      differences.push({
        kind: 'subledger',
        check: check.name,
        asset: r.asset,
        expected: r.expected,
        actual: r.actual,
      });
    }
  }

  return { ok: differences.length === 0, differences };
}

/** Reconciles and keeps the report, so the operator can see when the books last agreed. */
export async function reconcileAndRecord(
  db: Db,
  opts: { at: Date; trigger: string; periodStart?: Date },
): Promise<ReconciliationReport> {
  const report = await reconcile(db);
  await db.insert(reconciliationReports).values({
    at: opts.at,
    trigger: opts.trigger,
    ok: report.ok,
    differences: report.differences,
    periodStart: opts.periodStart ?? null,
  });
  return report;
}
