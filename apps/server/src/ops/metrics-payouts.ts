import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Counter } from 'prom-client';
import { type Db, rows } from '../infra/db/client';
import { beforeCommit } from '../infra/db/commit-hooks';
import type { Job } from '../infra/jobs/scheduler';
import type { AppDeps } from '../kernel/deps';
import { DualReason } from '../lines/dual/model';
import { LaunchPoolReason } from '../lines/launch-pool/model';
import { SeReason } from '../lines/simple-earn/model';
import { SoftStakingReason } from '../lines/soft-staking/engine';
import { StakingReason } from '../lines/staking/model';
import { WealthReason } from '../lines/wealth/model';

/** Pending payout transactions looked up per query. */
const SETTLE_BATCH = 500;

/** Journal reasons that pay users interest or rewards, by product line. Read at start-up, after every module loaded. */
function payoutReasons(): Record<string, string> {
  return {
    [SeReason.flexInterest]: 'simple_earn_flexible',
    [SeReason.flexBonus]: 'simple_earn_flexible',
    [SeReason.fixedMaturity]: 'simple_earn_fixed',
    [LaunchPoolReason.reward]: 'launch_pool',
    [LaunchPoolReason.interest]: 'launch_pool',
    [StakingReason.dailyReward]: 'staking',
    [StakingReason.rewardAtRedeem]: 'staking',
    [SoftStakingReason.payout]: 'soft_staking',
    [WealthReason.settleGain]: 'wealth',
    // A dual settlement: what the house pays (interest in the coin invested, or the other coin at the target).
    [DualReason.settle]: 'dual',
  };
}

interface PayoutRow {
  id: string;
  reason: string;
  asset: string;
  paid: string;
}

interface PendingPayouts {
  /** The job transaction's id (top level): its status says whether the rows were kept. */
  xact: string;
  rows: PayoutRow[];
}

const WRAPPED = Symbol('earn.metrics.payouts');
/** Called where a job's work starts in `tx`; answers what to call where that work ends. */
type PayoutSink = (tx: Db) => Promise<() => Promise<void>>;
type Instrumented = { [WRAPPED]?: { sink: PayoutSink } };

/**
 * Wraps each job's work so that, in its own transaction, the payouts it booked are read from its
 * journal entries (by reason) and kept pending until that transaction is known committed. Jobs are
 * registered before the app is built; a second app on the same scheduler takes the sink over.
 */
function instrumentJobs(jobs: readonly Job[], sink: PayoutSink): void {
  for (const job of jobs) {
    if (job.booksNothing) continue;
    const holder = job as Job & Instrumented;
    if (holder[WRAPPED]) {
      holder[WRAPPED].sink = sink;
      continue;
    }
    const state = { sink };
    holder[WRAPPED] = state;
    const run = job.run.bind(job);
    job.run = async (tx, period) => {
      const collect = await state.sink(tx);
      await run(tx, period);
      await collect();
    };
    // A batch of periods stands for the periods' runs: counted where `run` would have been (unsharded).
    const batch = job.batch;
    if (batch) {
      const batchRun = batch.run.bind(batch);
      batch.run = async (tx, first, max, shardRows, resume) => {
        if (shardRows > 0) return batchRun(tx, first, max, shardRows, resume);
        const collect = await state.sink(tx);
        const booked = await batchRun(tx, first, max, shardRows, resume);
        await collect();
        return booked;
      };
    }
    const due = job.due;
    if (due) {
      const dueRun = due.run.bind(due);
      due.run = async (tx, now) => {
        const collect = await state.sink(tx);
        const done = await dueRun(tx, now);
        await collect();
        return done;
      };
    }
  }
}

/**
 * Counts the payouts the jobs book, once their transaction is known committed: wraps the jobs and
 * answers the settling a scrape runs first.
 */
export function payoutMetrics(
  app: FastifyInstance,
  deps: AppDeps,
  pool: pg.Pool | undefined,
  counters: { payouts: Counter; payoutAmount: Counter },
): () => Promise<void> {
  const { scheduler } = deps;
  const { payouts, payoutAmount } = counters;
  const reasons = payoutReasons();
  const reasonList = sql.join(
    Object.keys(reasons).map((r) => sql`${r}`),
    sql`, `,
  );
  let pending: PendingPayouts[] = [];
  // The journal's last id when a transaction's first job work started: per transaction, so that
  // the scheduler's (a clock advance's stop runs hundreds of periods in one) reads its entries once,
  // before it commits (commit-hooks.ts); a transaction without hooks reads after each work.
  const marks = new WeakMap<Db, string>();
  const nothing = async () => {};
  instrumentJobs(scheduler.list(), async (tx) => {
    if (marks.has(tx)) return nothing;
    const [row] = await rows<{ id: string }>(
      tx,
      sql`SELECT COALESCE(MAX(id), 0)::text AS id FROM journal_entries`,
    );
    const mark = row?.id ?? '0';
    const collect = async () => {
      marks.delete(tx);
      await collectSince(tx, mark);
    };
    if (!beforeCommit(tx, marks, collect)) return collect;
    marks.set(tx, mark);
    return nothing;
  });

  /** The payouts `tx` booked since `mark`, kept pending until it is known committed. */
  async function collectSince(tx: Db, mark: string): Promise<void> {
    // Ours and, on PostgreSQL, entries other transactions committed meanwhile: told apart below.
    // Read entry by entry, each one's postings by their index: PGlite has no statistics, and a join
    // was often planned as a scan of every posting, once per job period (64 s of a year's advance,
    // up to 230 ms a call by its end). The upper bound (every row the statement sees) changes no
    // row: it makes the ids a range, which the planner reads by index (alone, `id > mark` is
    // guessed a third of the journal). The grouping per entry (aggregated, never flattened into a
    // join) keeps the postings' lookup per entry.
    let found = await rows<PayoutRow & { xact: string }>(
      tx,
      sql`SELECT e.id::text AS id, e.reason, x.asset, x.paid, pg_current_xact_id()::text AS xact
          FROM journal_entries e
          CROSS JOIN LATERAL (
            SELECT p.asset, COALESCE(SUM(-p.amount) FILTER (WHERE NOT a.is_user AND p.amount < 0), 0)::text AS paid
              FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE p.entry_id = e.id
             GROUP BY p.asset) x
          WHERE e.id > ${mark}::bigint AND e.id <= (SELECT MAX(id) FROM journal_entries)
            AND e.reason IN (${reasonList})`,
    );
    const xact = found[0]?.xact;
    if (!xact) return;
    if (pool) {
      // Another connection sees only committed rows: what it sees was not booked by this job.
      const ids = [...new Set(found.map((r) => r.id))];
      const others = await pool.query<{ id: string }>(
        'SELECT id::text AS id FROM journal_entries WHERE id = ANY($1::bigint[])',
        [ids],
      );
      const theirs = new Set(others.rows.map((r) => r.id));
      found = found.filter((r) => !theirs.has(r.id));
    }
    if (found.length === 0) return;
    pending.push({ xact, rows: found });
    // Without scrapes the list would only grow (a long test-clock advance runs thousands of
    // periods): settle it now and then, once this transaction has had time to end.
    if (pending.length >= SETTLE_BATCH)
      setTimeout(() => {
        settlePayouts().catch((error: unknown) =>
          app.log.warn({ err: error }, 'metrics: payouts not settled'),
        );
      }, 100).unref();
  }

  /** Counts the pending payouts whose transaction committed and forgets those that rolled back. */
  async function settlePayouts(): Promise<void> {
    const all = pending;
    pending = [];
    const kept: PendingPayouts[] = [];
    let done = 0;
    try {
      for (; done < all.length; done += SETTLE_BATCH) {
        const batch = all.slice(done, done + SETTLE_BATCH);
        const statuses = await rows<{ xact: string; status: string | null }>(
          deps.db,
          sql`SELECT x AS xact, pg_xact_status(x::xid8)::text AS status
            FROM (VALUES ${sql.join(
              batch.map((p) => sql`(${p.xact})`),
              sql`, `,
            )}) AS t(x)`,
        );
        const status = new Map(statuses.map((s) => [s.xact, s.status]));
        for (const item of batch) {
          const s = status.get(item.xact);
          if (s === 'in progress') kept.push(item);
          if (s !== 'committed') continue;
          // One row per entry and asset.
          for (const row of item.rows) {
            const labels = { line: reasons[row.reason] ?? row.reason, asset: row.asset };
            payouts.inc(labels);
            payoutAmount.inc(labels, Number(row.paid));
          }
        }
      }
    } finally {
      pending = [...kept, ...all.slice(done), ...pending];
    }
  }

  return settlePayouts;
}
