import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../kernel/clock';
import type { Job, Period } from '../../kernel/jobs';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';
import { wallTime } from './clock';
import type { Health } from './status';

/** Where each job of one scheduler stands: the last period it knows done, and the next to run. */
export class Periods {
  /**
   * The start of the last period known done, per job. Only this instance's passes move it, and they
   * are serialised; a period another instance did meanwhile costs one refused claim, not a wrong run.
   */
  readonly lastDone = new Map<string, number>();
  /** For a job with no period done yet: the start of its first period, as this instance first saw it. */
  private readonly firstStart = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  at(job: Job, startMs: number): Period {
    return { start: new Date(startMs), end: new Date(startMs + job.periodSeconds * 1000) };
  }

  /** Where every job stood, to go back to if what follows is rolled back (see restore). */
  snapshot(): ReadonlyMap<string, number> {
    return new Map(this.lastDone);
  }

  /**
   * A rolled-back stop: its jobs stand again where they stood before it. Not forgotten: the last period
   * known done before the stop is still done, and status() (the lag metric, readiness) reads it until
   * the next pass moves on.
   */
  restore(before: ReadonlyMap<string, number>, jobs: Iterable<string>): void {
    for (const job of jobs) {
      const done = before.get(job);
      if (done === undefined) this.lastDone.delete(job);
      else this.lastDone.set(job, done);
    }
  }

  /**
   * After a period (a span) ran: claimed here or committed by another instance, either way it is
   * done. A span only partly done elsewhere is read again from job_runs.
   */
  ran(job: Job, period: Period, claimed: boolean): void {
    const lastStart = period.end.getTime() - job.periodSeconds * 1000;
    if (claimed || lastStart === period.start.getTime()) this.lastDone.set(job.name, lastStart);
    else this.lastDone.delete(job.name);
  }

  /**
   * The next period of `job` to run: its next period, or, for a coalescing job, the span of every one
   * of its periods that ends by `horizon` (up to its cap).
   */
  async nextSpan(job: Job, horizon: Date, db: Db): Promise<Period> {
    const period = await this.next(job, db);
    if (!job.coalesce || period.end.getTime() > horizon.getTime()) return period;
    const lengthMs = job.periodSeconds * 1000;
    const cap = typeof job.coalesce === 'number' ? job.coalesce - 1 : Number.POSITIVE_INFINITY;
    const more = Math.min(cap, Math.floor((horizon.getTime() - period.end.getTime()) / lengthMs));
    return { start: period.start, end: new Date(period.end.getTime() + more * lengthMs) };
  }

  /** The period after the last one done; for a job never run, the last period that ended. */
  private async next(job: Job, db: Db): Promise<Period> {
    const lengthMs = job.periodSeconds * 1000;
    const cached = this.lastDone.get(job.name);
    if (cached !== undefined) return this.at(job, cached + lengthMs);
    const [last] = await db
      .select({ periodStart: jobRuns.periodStart })
      .from(jobRuns)
      .where(eq(jobRuns.job, job.name))
      .orderBy(desc(jobRuns.periodStart))
      .limit(1);
    if (last) {
      this.lastDone.set(job.name, last.periodStart.getTime());
      return this.at(job, last.periodStart.getTime() + lengthMs);
    }
    // Fixed at the first look: a coalescing job's span, due later, still starts there.
    const anchored = this.firstStart.get(job.name);
    if (anchored !== undefined) return this.at(job, anchored);
    const offsetMs = (job.offsetSeconds ?? 0) * 1000;
    const nowMs = this.clock.now().getTime();
    const currentStart = Math.floor((nowMs - offsetMs) / lengthMs) * lengthMs + offsetMs;
    this.firstStart.set(job.name, currentStart - lengthMs);
    return this.at(job, currentStart - lengthMs);
  }
}

/**
 * A clock advance's next stop: the earliest end by `limit` of a period (a coalescing job's span up to
 * `horizon`) or due instant after `now`. `seen`: each due job's next instant as the last stop read it
 * (nothing of the scheduler's ran since), used once instead of asking again. `spanning`: inside a
 * spanning stop.
 */
export async function nextStop(
  db: Db,
  jobs: readonly Job[],
  periods: Periods,
  o: {
    now: Date;
    limit: Date;
    horizon: Date;
    seen: Map<string, Date | undefined> | undefined;
    spanning: boolean;
  },
): Promise<Date | undefined> {
  let earliest: Date | undefined;
  for (const job of jobs) {
    const period = await periods.nextSpan(job, o.horizon, db);
    if (period.end.getTime() <= o.limit.getTime() && (!earliest || period.end < earliest))
      earliest = period.end;
    // In a spanning stop, an independent job's due work runs at the stop's last instant: no stop of its own.
    if (!job.due || (o.spanning && job.independent === true)) continue;
    // Instants already passed are done by the next runUntil; only later ones are stops.
    const at = o.seen?.has(job.name) ? o.seen.get(job.name) : await job.due.next(db);
    o.seen?.delete(job.name);
    if (at && at > o.now && at <= o.limit && (!earliest || at < earliest)) earliest = at;
  }
  return earliest;
}

/** Runs, each in its own transaction, the due work of every job that has some pending by `now`. */
export async function runDueWork(
  jobs: readonly Job[],
  db: Db,
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>,
  health: Health,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<void> {
  for (const job of jobs) {
    const due = job.due;
    if (!due) continue;
    const at = await due.next(db);
    if (!at || at.getTime() > now.getTime()) continue;
    let done: number;
    try {
      done = await transaction((tx) => due.run(tx, now));
    } catch (error) {
      health.failed(job.name, error);
      throw error;
    }
    health.lastSuccess.set(job.name, wallTime());
    if (done > 0) log?.info({ job: job.name, done, at: now.toISOString() }, 'due work done');
  }
}

/**
 * A stop's due work, in its transaction: each of `jobs` whose next instant is by `now` runs it
 * (`running` first); the others' next instants are remembered in `seen` for the next stop.
 */
export async function runStopDue(
  tx: Db,
  jobs: readonly Job[],
  now: Date,
  seen: Map<string, Date | undefined> | undefined,
  running: (job: Job) => Promise<void> | void,
): Promise<void> {
  for (const job of jobs) {
    const due = job.due;
    if (!due) continue;
    const at = await due.next(tx);
    if (!at || at.getTime() > now.getTime()) {
      seen?.set(job.name, at);
      continue;
    }
    await running(job);
    await due.run(tx, now);
  }
}
