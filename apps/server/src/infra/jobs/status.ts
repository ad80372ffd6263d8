// What the scheduler is told and what it tells: its options, and its status for readiness and metrics.

import type { Job } from '../../kernel/jobs';

export interface SchedulerOptions {
  /** Positions per shard; 0 books every period in one transaction by `run`. */
  shardRows?: number;
  /** How long an instance waits between looks at shards other instances hold (default 25 ms). */
  shardWaitMs?: number;
  /**
   * A clock advance's stop runs every period end and due instant within this much clock in one
   * transaction (each at its own time), and lets a job with a batch book its quiet periods of that
   * span at once (default 0: a transaction per period end).
   */
  stopSpanMs?: number;
  /**
   * A spanning stop ends at the first instant reached after this much wall time (ms) in it, so that
   * its transaction stays short (PGlite answers no other query while it runs); 0: no bound.
   */
  stopSpanWallMs?: number;
}

/** What readiness and metrics read of one job: its last success, how far behind it is, its failures. */
export interface JobStatus {
  name: string;
  periodSeconds: number;
  /** The end of the last period this instance saw done (claimed here or by another instance). */
  lastPeriodEnd: Date | null;
  /** Wall-clock time of this instance's last successful run of the job. */
  lastSuccessAt: Date | null;
  /** Periods of this job that failed in this process since it started. */
  failures: number;
  lastError: string | null;
}

export interface SchedulerStatus {
  /** Whether the periodic timer runs in this process. */
  started: boolean;
  /** Wall-clock time the last pass began and ended, and whether it completed without an error. */
  lastPassStartedAt: Date | null;
  lastPassEndedAt: Date | null;
  lastPassOk: boolean | null;
  jobs: JobStatus[];
}

/** The scheduler's health bookkeeping, in wall-clock time: whether this process's scheduler is alive. */
export class Health {
  readonly failures = new Map<string, { count: number; lastError: string | null }>();
  readonly lastSuccess = new Map<string, Date>();
  readonly lastPass: { startedAt: Date | null; endedAt: Date | null; ok: boolean | null } = {
    startedAt: null,
    endedAt: null,
    ok: null,
  };

  failed(job: string, error: unknown): void {
    const entry = this.failures.get(job) ?? { count: 0, lastError: null };
    entry.count++;
    entry.lastError = error instanceof Error ? error.message : String(error);
    this.failures.set(job, entry);
  }

  /** `lastDone`: the start of each job's last period known done. */
  status(started: boolean, jobs: readonly Job[], lastDone: ReadonlyMap<string, number>): SchedulerStatus {
    return {
      started,
      lastPassStartedAt: this.lastPass.startedAt,
      lastPassEndedAt: this.lastPass.endedAt,
      lastPassOk: this.lastPass.ok,
      jobs: jobs.map((job) => {
        const done = lastDone.get(job.name);
        const failed = this.failures.get(job.name);
        return {
          name: job.name,
          periodSeconds: job.periodSeconds,
          lastPeriodEnd: done === undefined ? null : new Date(done + job.periodSeconds * 1000),
          lastSuccessAt: this.lastSuccess.get(job.name) ?? null,
          failures: failed?.count ?? 0,
          lastError: failed?.lastError ?? null,
        };
      }),
    };
  }
}
