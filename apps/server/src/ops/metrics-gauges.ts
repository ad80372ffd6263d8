import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';
import { rows } from '../infra/db/client';
import { groupCommitStats, groupReadStats } from '../infra/db/group-commit';
import type { AppDeps } from '../kernel/deps';

const DIFFERENCE_KINDS = [
  'balance_mismatch',
  'unbalanced_entry',
  'orphan_posting',
  'negative_user_balance',
  'asset_not_zero',
  'subledger',
] as const;

/** The pg pool of the app's database, when it is PostgreSQL (PGlite has none). */
export function poolOf(deps: AppDeps): pg.Pool | undefined {
  const pool = (deps.db as { $client?: unknown }).$client;
  return pool instanceof pg.Pool ? pool : undefined;
}

/** Connections of this process's PostgreSQL pool. */
export function registerPoolGauges(registers: Registry[], pool: pg.Pool | undefined): void {
  if (!pool) return;
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

/** Each read replica's lag and whether it takes reads. */
export function registerReplicaGauges(registers: Registry[], deps: AppDeps): void {
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
}

/** The jobs of this process: last success, lag behind the earn clock, failures. */
export function registerJobGauges(registers: Registry[], deps: AppDeps): void {
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
}

/**
 * Group commit's counters (infra/db/group-commit.ts): batches and the calls in them, for writes and
 * for the fast path's reads, and how often a batch was refused and its calls went again one by one
 * (retried), a call was written alone (alone) or was left out of its batch by a locked row (skipped).
 * Calls ÷ batches is how much batching the load gets; a rising `retried` is refusals costing batches.
 */
type GroupEvent = 'batches' | 'calls' | 'retried' | 'alone' | 'skipped';

export function registerGroupCommitCounters(registers: Registry[]): void {
  // Reads have no lone writes or locked rows: their series are absent, not 0.
  const kinds: Record<'write' | 'read', Partial<Record<GroupEvent, number>>> = {
    write: groupCommitStats,
    read: groupReadStats,
  };
  const counter = (event: GroupEvent, help: string) => {
    const seen = new Map<string, number>();
    new Counter({
      name: `earn_group_commit_${event}_total`,
      help,
      labelNames: ['kind'],
      registers,
      collect() {
        for (const [kind, stats] of Object.entries(kinds)) {
          const now = stats[event];
          if (now === undefined) continue;
          const before = seen.get(kind) ?? 0;
          this.inc({ kind }, Math.max(0, now - before));
          seen.set(kind, Math.max(now, before));
        }
      },
    });
  };
  counter('batches', 'Group-commit batches sent as one statement, by kind (write, read)');
  counter('calls', 'Calls sent in group-commit batches, by kind');
  counter('retried', 'Batches the database refused, whose calls went again one by one, by kind');
  counter('alone', 'Calls written alone (after a refused batch, or left out by a locked row)');
  counter('skipped', 'Calls left out of their write batch because another transaction held their row');
}

/** The newest reconciliation report's differences by kind and its time; answers the read a scrape runs. */
export function reconciliationGauges(registers: Registry[], deps: AppDeps): () => Promise<void> {
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

  return async (): Promise<void> => {
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
  };
}
