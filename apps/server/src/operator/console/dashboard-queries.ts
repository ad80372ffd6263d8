import { dec, toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import type { Scheduler } from '../../infra/jobs/scheduler';
import type { LineReads } from '../../kernel/reads';
import { SYSTEM_OWNER } from '../../ledger/accounts';
import { heldPurposes, LINES, type Line, payouts } from '../../views/lines';
import { epoch, unixSeconds } from './wire';

const DAY_MS = 86_400_000;

/** The newest kept reconciliation report: the dashboard reads it, it never reconciles on a load. */
export async function latestReconciliation(db: Db) {
  const [row] = await rows<{ ok: boolean; at: number; differences: Record<string, unknown>[] }>(
    db,
    sql`SELECT ok, ${epoch(sql`at`)} AS at, differences FROM reconciliation_reports ORDER BY id DESC LIMIT 1`,
  );
  return row
    ? { ok: row.ok, at: row.at, differences: row.differences }
    : { ok: null, at: null, differences: [] };
}

/**
 * Each registered job: the end of its last period done (from job_runs, which every instance shares,
 * or this instance's scheduler if it saw a later one), and its lag: how far that end is behind the
 * end of the last period that has ended by the clock (0: up to date). Failures and the last error
 * are this instance's scheduler's.
 */
export async function jobLags(db: Db, scheduler: Scheduler, now: Date) {
  const jobs = scheduler.list();
  const status = new Map(scheduler.status().jobs.map((j) => [j.name, j]));
  const names = jobs.map((j) => j.name);
  if (names.length === 0) return [];
  const last = await rows<{ job: string; end: number | null }>(
    db,
    sql`SELECT n.job, (SELECT ${epoch(sql`r.period_end`)} FROM job_runs r WHERE r.job = n.job
          ORDER BY r.period_start DESC LIMIT 1) AS end
        FROM (VALUES ${sql.join(
          names.map((n) => sql`(${n}::text)`),
          sql`, `,
        )}) AS n(job)`,
  );
  const lastEnd = new Map(last.map((r) => [r.job, r.end]));
  const nowS = unixSeconds(now);
  return jobs.map((job) => {
    const seen = status.get(job.name);
    const fromDb = lastEnd.get(job.name) ?? null;
    const fromHere = seen?.lastPeriodEnd ? unixSeconds(seen.lastPeriodEnd) : null;
    const end = fromDb === null ? fromHere : fromHere === null ? fromDb : Math.max(fromDb, fromHere);
    const offset = job.offsetSeconds ?? 0;
    const dueEnd = Math.floor((nowS - offset) / job.periodSeconds) * job.periodSeconds + offset;
    return {
      name: job.name,
      period_seconds: job.periodSeconds,
      last_period_end: end,
      lag_seconds: end === null ? null : Math.max(0, dueEnd - end),
      failures: seen?.failures ?? 0,
      last_error: seen?.lastError ?? null,
    };
  });
}

interface HeldRow {
  line: Line;
  asset: string | null;
  amount: string;
  users: number;
}

/**
 * What every line holds per asset and how many distinct users hold it, in one statement: user
 * ledger balances of each line's purpose, soft staking's eligible spot (own funds of switched-on
 * users in listed coins, as its daily job counts them) and the open dual orders. The grouping sets
 * give each (line, asset) and each line's distinct users across its assets.
 */
async function heldByLine(db: Db, reads: readonly LineReads[]): Promise<HeldRow[]> {
  const purposes = Object.entries(heldPurposes(reads));
  const lineOfPurpose = sql.join(
    purposes.map(([line, purpose]) => sql`WHEN ${purpose}::text THEN ${line}::text`),
    sql` `,
  );
  // Beside the ledger, what the lines hold elsewhere (LineReads.consoleHeld).
  const more = sql.join(
    reads.flatMap((r) => (r.consoleHeld ? [sql`UNION ALL ${r.consoleHeld()}`] : [])),
    sql` `,
  );
  return rows<HeldRow>(
    db,
    sql`WITH held AS (
          SELECT CASE a.purpose ${lineOfPurpose} END AS line, a.user_id, a.asset, a.balance AS amount
          FROM ledger_accounts a
          WHERE a.is_user AND a.balance > 0 AND a.purpose IN (${sql.join(
            purposes.map(([, purpose]) => sql`${purpose}::text`),
            sql`, `,
          )})
          ${more}
        )
        SELECT line, CASE WHEN GROUPING(asset) = 1 THEN NULL ELSE asset END AS asset,
               SUM(amount)::text AS amount, COUNT(DISTINCT user_id)::int AS users
        FROM held GROUP BY GROUPING SETS ((line, asset), (line))`,
  );
}

/**
 * What each line paid since 00:00 UTC of the clock's day, from the ledger: minus the postings of the
 * accounts the line pays from, in the entries of its payout reasons. Found through the system
 * accounts (owner 0, by the account key) and their postings, never by scanning users' postings.
 */
async function paidToday(db: Db, reads: readonly LineReads[], now: Date) {
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const map = sql.join(
    payouts(reads).map(
      (p) => sql`(${p.line}::text, ${p.reason}::text, ${p.purpose}::text, ${p.prefix}::boolean)`,
    ),
    sql`, `,
  );
  return rows<{ line: Line; asset: string; amount: string }>(
    db,
    sql`SELECT m.line, p.asset, (-SUM(p.amount))::text AS amount
        FROM (VALUES ${map}) AS m(line, reason, purpose, prefix)
        JOIN ledger_accounts a ON a.user_id = ${SYSTEM_OWNER}
          AND (a.purpose = m.purpose OR (m.prefix AND starts_with(a.purpose, m.purpose)))
        JOIN postings p ON p.account_id = a.id
        JOIN journal_entries e ON e.id = p.entry_id AND e.reason = m.reason
        WHERE e.created_at >= ${dayStart.toISOString()}::timestamptz AND e.created_at <= ${now.toISOString()}::timestamptz
        GROUP BY m.line, p.asset
        HAVING SUM(p.amount) <> 0
        ORDER BY m.line, p.asset`,
  );
}

interface BudgetRow {
  line: Line;
  label: string;
  kind: 'pool' | 'bonus' | 'campaign';
  name: string;
  ref: string;
  asset: string;
  left: string;
  paid: string;
}

/**
 * The reward budgets, as the lines read them (LineReads.consoleBudgets): each unsettled launch-pool
 * pool's reward account per coin (funded up front, so `left` is its balance and `paid` what its hourly
 * payouts drew), and the programmes paid from an expense account with no funded limit (`left` "-1",
 * the wire's "unlimited"): open flexible bonus pools and staking campaigns not yet over.
 */
async function budgets(db: Db, reads: readonly LineReads[], now: Date): Promise<BudgetRow[]> {
  const parts = reads.flatMap((r) => (r.consoleBudgets ? [r.consoleBudgets(now)] : []));
  if (parts.length === 0) return [];
  return rows<BudgetRow>(db, sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) b ORDER BY 1, 2, 6`);
}

async function prices(db: Db): Promise<Map<string, string>> {
  const found = await rows<{ symbol: string; price: string }>(
    db,
    sql`SELECT symbol, price_usdt::text AS price FROM assets`,
  );
  return new Map(found.map((r) => [r.symbol, r.price]));
}

/** Per line: what it holds (with its USDT value), its users, what it paid today, its budgets. */
export async function lineFigures(db: Db, reads: readonly LineReads[], now: Date) {
  const [held, paid, budget, price] = await Promise.all([
    heldByLine(db, reads),
    paidToday(db, reads, now),
    budgets(db, reads, now),
    prices(db),
  ]);
  return LINES.map((line) => {
    const assets = held
      .filter((h) => h.line === line && h.asset !== null)
      .sort((a, b) => ((a.asset ?? '') < (b.asset ?? '') ? -1 : 1))
      .map((h) => {
        const usdt = dec(h.amount).times(price.get(h.asset ?? '') ?? '0');
        return { asset: h.asset ?? '', amount: toWire(h.amount), usdt };
      });
    const total = assets.reduce((sum, a) => sum.plus(a.usdt), dec(0));
    return {
      line,
      total_usdt: toWire(total, 8),
      users: held.find((h) => h.line === line && h.asset === null)?.users ?? 0,
      held: assets.map((a) => ({ asset: a.asset, amount: a.amount, usdt: toWire(a.usdt, 8) })),
      paid_today: paid
        .filter((p) => p.line === line)
        .map((p) => ({ asset: p.asset, amount: toWire(p.amount) })),
      budgets: budget
        .filter((b) => b.line === line)
        .map((b) => ({
          label: b.label,
          kind: b.kind,
          name: b.name,
          ref: b.ref,
          asset: b.asset,
          left: b.left === '-1' ? '-1' : toWire(b.left),
          paid: toWire(b.paid),
        })),
    };
  });
}
