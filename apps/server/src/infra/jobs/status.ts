// What the scheduler is told and what it tells: its options, and its status for readiness and metrics.

export interface SchedulerOptions {
  /** Positions per shard; 0 books every period in one transaction by `run`. */
  shardRows?: number;
  /** How long an instance waits between looks at shards other instances hold (default 25 ms). */
  shardWaitMs?: number;
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
