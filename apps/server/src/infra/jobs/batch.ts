import type { BookedPeriod, Job, Period, PeriodBatch } from '../../kernel/jobs';
import type { Db } from '../db/client';
import { jobPeriods, jobRuns, jobShards } from '../db/schema';
import type { Periods } from './periods';
import { NeedsOwnTransaction, PeriodDoneElsewhere } from './sharded';

/*
 * A job's quiet periods booked together inside one stop of a clock advance (Job.batch). The stop runs
 * every period end up to `end` in one transaction, in order; a batch books the job's periods from
 * `period` on ahead of the other jobs' periods of the same span, which is the same as interleaving
 * them only where those jobs are independent of it (Job.independent). Any other job bounds the batch:
 * it ends before that job's next period end or due instant.
 */

/** What a batch needs of its scheduler and of the stop it runs in. */
export interface BatchHost {
  jobs: readonly Job[];
  periods: Periods;
  /** The stop's span: where it ends, and how far a batch booked (the clock is persisted there at least). */
  span: Span;
  /** Where the whole advance ends (coalescing jobs' spans). */
  horizon: Date;
  shardRows: number;
  /** The clock's time at the batch's first period. */
  now: Date;
  instance: string;
  booked(job: string, shards: number): void;
}

/**
 * A spanning stop: where it ends, how far a batch booked (the clock is persisted there at least), and
 * per batching job where its last batch ended while only interleaving periods ran since (resume).
 */
export interface Span {
  end: Date;
  reached: number;
  resumable: Map<string, number>;
}

export function newSpan(end: Date, at: Date): Span {
  return { end, reached: at.getTime(), resumable: new Map() };
}

const DAY_MS = 86_400_000;
const NOON_MS = 43_200_000;

/**
 * Where a stop spanning up to `spanMs` from `at` ends: at the last 12:00 UTC within it, else after
 * `spanMs`. Noon, because no job's period ends near it: a stop ending at midnight, where the daily
 * jobs end theirs, could not end there (spanMayEnd: the batch after them would be a single hour) and
 * went on an hour at a time, booking every hourly job alone until 05:00; ended at noon, a quiet day's
 * flexible hours are two parts (to midnight, and resumed after the daily jobs), not three or more.
 */
export function spanEnd(at: Date, spanMs: number): number {
  const noon = Math.floor((at.getTime() + spanMs - NOON_MS) / DAY_MS) * DAY_MS + NOON_MS;
  return noon > at.getTime() ? noon : at.getTime() + spanMs;
}

/**
 * A period (or, without one, due work) of `job` is about to run in the span, not as a batch of its
 * own: a batch of another job may go on across it only when it interleaves or is independent (for
 * that period); the job's own batch does not go on across a period it ran alone.
 */
export async function running(span: Span | undefined, job: Job, tx: Db, period?: Period): Promise<void> {
  if (!span || span.resumable.size === 0) return;
  // Only the job's own batch resumable: either way it no longer is, and no other (no query to ask).
  if (span.resumable.size === 1 && span.resumable.has(job.name)) {
    span.resumable.delete(job.name);
    return;
  }
  const { interleaves, independent } = job;
  // A predicate answers for the period at hand (due work, without one, answers only by `true`); either
  // answer keeps the batch going, so interleaves is asked first (it answers yes for more periods).
  const across =
    interleaves === true ||
    independent === true ||
    (period !== undefined &&
      ((interleaves !== undefined && (await interleaves(tx, period.start, period.end))) ||
        (independent !== undefined && (await independent(tx, period.start, period.end)))));
  if (across) span.resumable.delete(job.name);
  else span.resumable.clear();
}

/**
 * Whether a stop (out of wall time, or at its span's end) may end at `at`: once the jobs that run
 * after a batch have caught up with it (each period at its own time), and unless a job's batch could
 * go on (it is resumable) with a part the next stop could not book as a batch (shorter than 2
 * periods: a part between daily jobs), which would then run alone; the stop goes on to where the next
 * part is longer, unless `late` (its wall time long out: a waiting call comes first).
 */
export async function spanMayEnd(
  tx: Db,
  host: BatchHost | undefined,
  at: Date,
  late: boolean,
): Promise<boolean> {
  if (!host) return true;
  if (at.getTime() < host.span.reached) return false;
  if (late) return true;
  for (const [name, end] of host.span.resumable) {
    const job = host.jobs.find((j) => j.name === name);
    if (!job) continue;
    const period = await host.periods.nextSpan(job, host.horizon, tx);
    if (period.start.getTime() !== end) continue;
    // As the next stop would see it: its own span ahead.
    const ahead = {
      ...host,
      span: { ...host.span, end: new Date(+period.start + 2 * job.periodSeconds * 1000) },
    };
    const size = await batchSize(tx, host.jobs, job, period, ahead, 2);
    if (size.max < 2 && !size.single) return false;
  }
  return true;
}

/**
 * The job's quiet periods from `period` on booked at once, with their bookkeeping; false when the
 * span or the job's state allows no batch (the period then runs alone).
 */
export async function runBatch(
  tx: Db,
  host: BatchHost,
  job: Job,
  batch: PeriodBatch,
  period: Period,
): Promise<boolean> {
  // Idle periods write nothing: another job's batch goes on across them (and theirs never resumes).
  const resume = !batch.idle && host.span.resumable.get(job.name) === period.start.getTime();
  const min = resume ? 1 : 2;
  const { max, single } = await batchSize(tx, host.jobs, job, period, host, min);
  if (max < min && !single) return false;
  const booked = await batch.run(tx, period, max, host.shardRows, resume);
  if (booked.length === 0) return false;
  const sharded = job.sharded !== undefined && host.shardRows > 0;
  await recordBatch(tx, job, booked, period, { sharded, now: host.now, instance: host.instance });
  const end = new Date(period.start.getTime() + booked.length * job.periodSeconds * 1000);
  host.periods.ran(job, { start: period.start, end }, true);
  host.span.reached = Math.max(host.span.reached, end.getTime());
  if (!batch.idle) host.span.resumable.set(job.name, end.getTime());
  if (sharded)
    host.booked(
      job.name,
      booked.reduce((n, shards) => n + shards.length, 0),
    );
  return true;
}

/**
 * How many periods of `job` from `period` on a batch may book: ended by `end`, before any dependent
 * job's turn. `single`: fewer than `min` (2), but one period is worth booking as a batch: only periods
 * that interleave with it (Job.interleaves, for the very period) end it there and the span goes on, so
 * the part after them resumes (a job whose periods bound every hour, a launch pool running, would
 * else leave each hour alone, as no fresh batch could be longer).
 */
async function batchSize(
  tx: Db,
  jobs: readonly Job[],
  job: Job,
  period: Period,
  { span: { end }, horizon, periods }: BatchHost,
  min: number,
): Promise<{ max: number; single: boolean }> {
  const length = job.periodSeconds * 1000;
  const start = period.start.getTime();
  // `hard`: the bounds of the span's end, due work and jobs that never interleave; `max` all of them.
  let hard = Math.floor((end.getTime() - start) / length);
  let max = hard;
  // The interleaving jobs whose next period ends the batch after a single period, with that period.
  const soft: { other: Job; next: Period }[] = [];
  for (const other of job.batch?.idle ? [] : jobs) {
    if (hard < min || max < 1) return { max: Math.min(max, hard), single: false };
    if (other === job || other.independent === true) continue;
    if (other.independent && (await other.independent(tx, period.start, end))) continue;
    // At an instant both share, a job registered before this one runs first: the batch ends before
    // it; one registered after runs after this job's period ending then. Due work runs after every
    // period ending at its instant.
    const next = await periods.nextSpan(other, horizon, tx);
    const after = jobs.indexOf(other) > jobs.indexOf(job);
    const ends = next.end.getTime() - start;
    const bound = after ? Math.floor(ends / length) : Math.ceil(ends / length) - 1;
    if (other.interleaves === undefined) hard = Math.min(hard, bound);
    else {
      max = Math.min(max, bound);
      if (bound === 1) soft.push({ other, next });
    }
    const due = other.due ? await other.due.next(tx) : undefined;
    if (due) hard = Math.min(hard, Math.floor((due.getTime() - start) / length));
  }
  max = Math.min(max, hard);
  if (max !== 1 || min < 2 || hard < 2) return { max, single: false };
  for (const { other, next } of soft) {
    const { interleaves } = other;
    if (interleaves !== true && !(interleaves && (await interleaves(tx, next.start, next.end))))
      return { max, single: false };
  }
  return { max, single: true };
}

/**
 * The bookkeeping each of the batch's periods would have written booked alone, at the time the clock
 * would then have read (the period's end, or `now` when the period was overdue): its job_runs claim
 * and, sharded, its job_periods row and its shards' records. A period another instance holds or ran
 * rolls the stop back (NeedsOwnTransaction, PeriodDoneElsewhere), as it would alone.
 */
async function recordBatch(
  tx: Db,
  job: Job,
  booked: readonly BookedPeriod[],
  first: Period,
  opts: { sharded: boolean; now: Date; instance: string },
): Promise<void> {
  const length = job.periodSeconds * 1000;
  const list = booked.map((shards, i) => {
    const start = new Date(first.start.getTime() + i * length);
    const end = new Date(start.getTime() + length);
    return { start, end, at: new Date(Math.max(end.getTime(), opts.now.getTime())), shards };
  });
  if (opts.sharded) {
    const planned = await tx
      .insert(jobPeriods)
      .values(
        list.map((p) => ({
          job: job.name,
          periodStart: p.start,
          periodEnd: p.end,
          shards: p.shards.length,
          plannedAt: p.at,
          closedAt: p.at,
          instance: opts.instance,
        })),
      )
      .onConflictDoNothing()
      .returning({ job: jobPeriods.job });
    if (planned.length !== list.length) throw new NeedsOwnTransaction();
    const shards = list.flatMap((p) =>
      p.shards.map(({ params, result }, shard) => ({
        job: job.name,
        periodStart: p.start,
        shard,
        params,
        result,
        doneAt: p.at,
        instance: opts.instance,
      })),
    );
    if (shards.length > 0) await tx.insert(jobShards).values(shards);
  }
  const claimed = await tx
    .insert(jobRuns)
    .values(
      list.map((p) => ({
        job: job.name,
        periodStart: p.start,
        periodEnd: p.end,
        startedAt: p.at,
        instance: opts.instance,
      })),
    )
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (claimed.length !== list.length) throw new PeriodDoneElsewhere();
}
