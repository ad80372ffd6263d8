import { timingSafeEqual } from 'node:crypto';
import { Code } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, rows } from '../infra/db/client';
import { kindOf } from '../infra/http/money';
import type { Job } from '../infra/jobs/scheduler';
import type { AppDeps } from '../kernel/deps';
import { DomainError } from '../kernel/errors';
import { DualReason } from '../lines/dual/model';
import { LaunchPoolReason } from '../lines/launch-pool/constants';
import { SeReason } from '../lines/simple-earn/constants';
import { SoftStakingReason } from '../lines/soft-staking/engine';
import { StakingReason } from '../lines/staking/service';
import { WealthReason } from '../lines/wealth/service';

export const METRICS_PATH = '/metrics';
/** The route label of a request no route matched: never the raw URL, which anyone can vary. */
const UNMATCHED = 'unmatched';
/** Pending payout transactions looked up per query. */
const SETTLE_BATCH = 500;
const DIFFERENCE_KINDS = [
  'balance_mismatch',
  'unbalanced_entry',
  'negative_user_balance',
  'asset_not_zero',
  'subledger',
] as const;

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

let processRegistry: Registry | undefined;

/** Node's own series (CPU, memory, event loop, GC): one set per process, started at the first scrape. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

function tokenMatches(given: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function textField(value: unknown, ...names: string[]): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const name of names) {
    const field = (value as Record<string, unknown>)[name];
    if (typeof field === 'string' && /^[A-Za-z0-9]{1,16}$/.test(field)) return field.toUpperCase();
  }
  return undefined;
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
type PayoutSink = (tx: Db) => Promise<() => Promise<void>>;
type Instrumented = { [WRAPPED]?: { sink: PayoutSink } };

/**
 * Wraps each job's work so that, in its own transaction, the payouts it booked are read from its
 * journal entries (by reason) and kept pending until that transaction is known committed. Jobs are
 * registered before the app is built; a second app on the same scheduler takes the sink over.
 */
function instrumentJobs(jobs: readonly Job[], sink: PayoutSink): void {
  for (const job of jobs) {
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
 * Prometheus metrics of this app instance, at `GET /metrics` (behind METRICS_TOKEN when set). Each
 * app has its own registry, so the many apps of a test process never share a series.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  const registry = new Registry();
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'earn_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const subscriptions = new Counter({
    name: 'earn_subscriptions_total',
    help: 'Subscriptions (stakes, purchases) users made, by product line and asset',
    labelNames: ['line', 'asset'],
    registers,
  });
  const redemptions = new Counter({
    name: 'earn_redemptions_total',
    help: 'Redemptions users asked for, by product line and asset',
    labelNames: ['line', 'asset'],
    registers,
  });
  const payouts = new Counter({
    name: 'earn_payouts_total',
    help: 'Interest and reward payouts booked by periodic jobs (journal entries), by product line and asset',
    labelNames: ['line', 'asset'],
    registers,
  });
  const payoutAmount = new Counter({
    name: 'earn_payout_amount_total',
    help: 'What those payouts took from the house accounts, in units of the asset',
    labelNames: ['line', 'asset'],
    registers,
  });

  const pool = (deps.db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    new Gauge({
      name: 'earn_db_pool_connections',
      help: "Open connections of this process's PostgreSQL pool",
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'earn_db_pool_idle_connections',
      help: 'Open connections not in use',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'earn_db_pool_waiting_requests',
      help: 'Queries waiting for a connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  const replicas = deps.replicas;
  if (replicas) {
    new Gauge({
      name: 'earn_db_replica_lag_seconds',
      help: 'How far each read replica is behind the primary (WAL replayed); absent while it does not answer',
      labelNames: ['replica'],
      registers,
      collect() {
        this.reset();
        for (const r of replicas.status())
          if (r.lagSeconds !== null) this.set({ replica: String(r.index) }, r.lagSeconds);
      },
    });
    new Gauge({
      name: 'earn_db_replica_usable',
      help: '1 while a read replica answers within the allowed lag and takes reads, else 0',
      labelNames: ['replica'],
      registers,
      collect() {
        for (const r of replicas.status()) this.set({ replica: String(r.index) }, r.usable ? 1 : 0);
      },
    });
  }

  const { scheduler, clock } = deps;
  new Gauge({
    name: 'earn_job_last_success_timestamp_seconds',
    help: "Wall-clock time of this process's last successful run of the job",
    labelNames: ['job'],
    registers,
    collect() {
      this.reset();
      for (const job of scheduler.status().jobs)
        if (job.lastSuccessAt) this.set({ job: job.name }, job.lastSuccessAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'earn_job_lag_seconds',
    help: "Seconds of the earn clock since the job's next period ended without being done (0: up to date)",
    labelNames: ['job'],
    registers,
    collect() {
      this.reset();
      const now = clock.now().getTime();
      for (const job of scheduler.status().jobs) {
        if (!job.lastPeriodEnd) continue;
        const nextEnd = job.lastPeriodEnd.getTime() + job.periodSeconds * 1000;
        this.set({ job: job.name }, Math.max(0, (now - nextEnd) / 1000));
      }
    },
  });
  const seenFailures = new Map<string, number>();
  new Counter({
    name: 'earn_job_failures_total',
    help: 'Periods of the job that failed in this process (each is retried on the next pass)',
    labelNames: ['job'],
    registers,
    collect() {
      for (const job of scheduler.status().jobs) {
        const seen = seenFailures.get(job.name) ?? 0;
        this.inc({ job: job.name }, Math.max(0, job.failures - seen));
        seenFailures.set(job.name, Math.max(seen, job.failures));
      }
    },
  });

  const differences = new Gauge({
    name: 'earn_reconciliation_differences',
    help: 'Differences in the newest reconciliation report, by kind (0: the books agree)',
    labelNames: ['kind'],
    registers,
  });
  const reportAt = new Gauge({
    name: 'earn_reconciliation_report_timestamp_seconds',
    help: 'Earn-clock time of the newest reconciliation report (hourly job or operator call)',
    registers,
  });

  // ---- payouts, from the jobs' committed journal entries ----
  const reasons = payoutReasons();
  const reasonList = sql.join(
    Object.keys(reasons).map((r) => sql`${r}`),
    sql`, `,
  );
  let pending: PendingPayouts[] = [];
  instrumentJobs(scheduler.list(), async (tx) => {
    const [mark] = await rows<{ id: string }>(
      tx,
      sql`SELECT COALESCE(MAX(id), 0)::text AS id FROM journal_entries`,
    );
    return async () => {
      // Ours and, on PostgreSQL, entries other transactions committed meanwhile: told apart below.
      let found = await rows<PayoutRow & { xact: string }>(
        tx,
        sql`SELECT e.id::text AS id, e.reason, p.asset,
            COALESCE(SUM(-p.amount) FILTER (WHERE NOT a.is_user AND p.amount < 0), 0)::text AS paid,
            pg_current_xact_id()::text AS xact
          FROM journal_entries e
          JOIN postings p ON p.entry_id = e.id
          JOIN ledger_accounts a ON a.id = p.account_id
          WHERE e.id > ${mark?.id ?? '0'}::bigint AND e.reason IN (${reasonList})
          GROUP BY e.id, e.reason, p.asset`,
      );
      const xact = found[0]?.xact;
      if (!xact) return;
      if (pool instanceof pg.Pool) {
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
    };
  });

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

  async function readReconciliation(): Promise<void> {
    const found = await rows<{ at: number; kind: string | null; n: number }>(
      deps.db,
      sql`SELECT EXTRACT(EPOCH FROM r.at)::float8 AS at, d.value->>'kind' AS kind, COUNT(d.value)::int AS n
        FROM (SELECT id, at, differences FROM reconciliation_reports ORDER BY id DESC LIMIT 1) r
        LEFT JOIN LATERAL jsonb_array_elements(r.differences) AS d(value) ON true
        GROUP BY r.at, d.value->>'kind'`,
    );
    differences.reset();
    reportAt.reset();
    const first = found[0];
    if (!first) return;
    reportAt.set(Number(first.at));
    for (const kind of DIFFERENCE_KINDS) differences.set({ kind }, 0);
    for (const row of found) if (row.kind) differences.set({ kind: row.kind }, row.n);
  }

  // ---- requests, and the user calls that moved money ----
  const answered = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (
      req.routeOptions.config?.money &&
      payload &&
      typeof payload === 'object' &&
      (payload as { code?: unknown }).code === 0
    ) {
      answered.set(req, (payload as { data?: unknown }).data);
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    httpDuration.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const money = req.routeOptions.config?.money;
    // A call that answered code 0 has committed; a replay moved nothing the second time.
    if (!money || reply.statusCode !== 200 || !answered.has(req) || reply.getHeader('idempotent-replayed'))
      return;
    const kind = kindOf(money, req.body);
    if (kind === 'other') return;
    const data = answered.get(req);
    try {
      const asset =
        (await money.asset?.(req.body, data)) ??
        textField(data, 'asset', 'coin') ??
        textField(req.body, 'asset', 'coin');
      (kind === 'subscription' ? subscriptions : redemptions).inc({
        line: money.line,
        asset: asset ?? 'unknown',
      });
    } catch (error) {
      req.log.warn({ err: error }, 'metrics: asset of a money call not found');
    }
  });

  const token = deps.config.metricsToken;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (token && !tokenMatches(req.headers.authorization, token)) {
      throw new DomainError(
        Code.INVALID_CREDENTIALS,
        'metrics.unauthorized',
        'Metrics token missing or wrong',
      );
    }
    await Promise.all([settlePayouts(), readReconciliation()]);
    const merged = Registry.merge([processMetrics(), registry]);
    reply.type(registry.contentType);
    return merged.metrics();
  });
}
