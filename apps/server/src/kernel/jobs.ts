import type { Db } from './db';

export interface Period {
  start: Date;
  end: Date;
}

/**
 * What a sharded job's plan fixed for one shard, and what its booking answered. A plan may say in
 * `rows` (a number) how many rows a shard books: a period whose shards all say so and together hold
 * no more than a shard's worth is booked in the plan's own transaction.
 */
export type ShardData = Record<string, unknown>;

/**
 * A period's work in shards that any instance may book. `plan` runs once per period (its shards
 * commit with it) and answers one params object per shard; `book` books one shard in the claiming
 * transaction and answers its totals; `close` runs once, after the last shard, with every shard's
 * params and totals. Each must be idempotent by its transaction: a failure rolls it back whole.
 */
export interface ShardedWork<P extends ShardData = ShardData, R extends ShardData = ShardData> {
  plan(tx: Db, period: Period, shardRows: number): Promise<P[]>;
  book(tx: Db, period: Period, params: P): Promise<R>;
  close(tx: Db, period: Period, shards: { params: P; result: R }[]): Promise<void>;
}

/**
 * A sharded work with its own shard and result shapes, as the scheduler holds it. Sound because the
 * scheduler hands `book` exactly what `plan` answered, and `close` exactly what `book` answered (each
 * through jsonb, so the shapes must be plain JSON: strings, numbers, null, objects of them).
 */
export function shardedWork<P extends ShardData, R extends ShardData = ShardData>(
  work: ShardedWork<P, R>,
): ShardedWork {
  return work;
}

/**
 * Periodic work. `run` gets the transaction that also claims the (job, period) row, so the work and
 * its claim commit together: a period is done exactly once however many instances race for it.
 */
export interface Job {
  name: string;
  periodSeconds: number;
  /** Shifts period boundaries, e.g. 1800 for a daily job that runs at 00:30 UTC. */
  offsetSeconds?: number;
  run(tx: Db, period: Period): Promise<void>;
  /**
   * Work that falls due at instants of its own rather than at period ends (a redemption arriving at the
   * minute promised). `next` answers the earliest instant still pending; `run` does everything due by
   * `now` in one transaction, idempotent by the rows' own state (no job_runs claim: a row done is no
   * longer pending). Every pass runs it, and a test clock stops at each such instant on its way.
   */
  due?: { next(db: Db): Promise<Date | undefined>; run(tx: Db, now: Date): Promise<number> };
  /**
   * The period's work reads the state as it stands rather than anything of the period (a
   * reconciliation, a rollup from its watermark). When several of its periods fall due at once (a
   * catch-up, a clock advance across them), they run as one span, from the first not yet run to the
   * last due, at the span's end: one run of the work, one job_runs row per period claimed with it.
   * A number: at most that many periods a span (a long catch-up runs in several, each in its own
   * stop, so that no one statement holds PGlite's one connection for long). Not for sharded jobs.
   */
  coalesce?: boolean | number;
  /**
   * The same work in shards. With sharding on (PostgreSQL, shardRows > 0) the scheduler books the
   * period by these instead of `run`: any instance claims a shard, and the period is done (its
   * job_runs row written, `close` run) once the last shard is.
   */
  sharded?: ShardedWork;
  /**
   * Consecutive periods booked together in a clock advance's stop (a quiet window: see PeriodBatch),
   * written exactly as each booked alone would be.
   */
  batch?: PeriodBatch;
  /**
   * Whether this job's periods and due work in [from, to) may run after another job's batch of the
   * same window (Job.batch) instead of interleaved with it: they neither change what the batch reads
   * nor read what it writes. true: always; absent: never (the batch stops before this job's next
   * period end or due instant).
   */
  independent?: true | ((db: Db, from: Date, to: Date) => Promise<boolean>);
  /**
   * Its periods may run between two parts of another line's batch in one stop (each at its own
   * instant, in order, so every row and id is the one the periods alone write): they change none of
   * the rows another line's batch plans from, except by booking journal entries (balances, new
   * accounts). The batch then goes on from what it planned (PeriodBatch.run's `resume`) instead of
   * planning again. Unlike `independent`, its periods still bound a batch: they may read what it wrote.
   * true: always; a predicate: for the period [from, to) it answers for (a period that writes more
   * than that, e.g. a launch pool hour ending a project, answers false and ends the batch's resume).
   */
  interleaves?: true | ((db: Db, from: Date, to: Date) => Promise<boolean>);
  /** Its work never books a journal entry: the payout metrics (ops/metrics-payouts.ts) skip it. */
  booksNothing?: true;
}

/** One period's bookings as its shards would record them (params and result each), in plan order. */
export type BookedPeriod = { params: ShardData; result: ShardData }[];

/**
 * Several periods of a job booked in one go, when each one's result is determined by the one before
 * it (no user call, rate change or other job moves its inputs in between). `run` books up to `max`
 * periods from `first` on and answers each booked period's shards, in order; none when the window is
 * not quiet (nothing written: the scheduler then runs `first` the ordinary way). The scheduler writes
 * the periods' job_runs (and, with sharding on, job_periods and job_shards) rows.
 */
export interface PeriodBatch {
  /**
   * `resume`: this job's last batch in the same transaction ended at `first.start`, and only periods
   * of jobs that interleave (Job.interleaves) or are independent ran since: the batch may go on from
   * what it planned then (checking what it relies on), and may book a single period. Without it,
   * `max` is 1 only when periods that interleave end the batch after one (infra/jobs/batch.ts
   * batchSize): booked as a batch, the part after them resumes.
   */
  run(tx: Db, first: Period, max: number, shardRows: number, resume?: boolean): Promise<BookedPeriod[]>;
  /**
   * Its batches book only periods that do nothing (idleBatch): nothing then depends on the order of
   * its periods and other jobs', and no other job bounds them.
   */
  idle?: true;
}

/**
 * The batch of a job whose periods often do nothing at all (no pool running, no settlement or
 * arrival due): `idlePeriods` answers how many of the `max` periods from `first` on would write
 * nothing, so that they are recorded as done (their bookkeeping) without running.
 */
export function idleBatch(idlePeriods: (db: Db, first: Period, max: number) => Promise<number>): PeriodBatch {
  return {
    idle: true,
    async run(tx, first, max) {
      const n = Math.min(max, await idlePeriods(tx, first, max));
      return n < 2 ? [] : Array.from({ length: n }, () => []);
    },
  };
}
