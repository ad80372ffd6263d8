import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, Period } from '../../kernel/jobs';
import type { Db } from '../db/client';
import { jobPeriods, jobRuns } from '../db/schema';
import { type Clock, type TestClock, wallTime } from './clock';
import { claimRun, PeriodDoneElsewhere, runSharded, type ShardHost } from './sharded';
import type { SchedulerOptions, SchedulerStatus } from './status';

export type { Job, Period, ShardData, ShardedWork } from '../../kernel/jobs';
export { runWhole } from './sharded';
export type { JobStatus, SchedulerOptions, SchedulerStatus } from './status';

/** At most this many periods per job are caught up in one pass, so a pass stays bounded. */
const MAX_PERIODS_PER_PASS = 1000;

export class Scheduler {
  private readonly jobs: Job[] = [];
  private readonly instance = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  /** Set by stop(): a pass in progress ends after the period it is in. */
  private stopping = false;
  private running: Promise<void> = Promise.resolve();
  /**
   * The start of the last period known done, per job. Only this instance's passes move it, and they
   * are serialised; a period another instance did meanwhile costs one refused claim, not a wrong run.
   */
  private readonly lastDone = new Map<string, number>();
  /** For a job with no period done yet: the start of its first period, as this instance first saw it. */
  private readonly firstStart = new Map<string, number>();
  // Health bookkeeping, in wall-clock time: it says whether this process's scheduler is alive.
  private readonly failures = new Map<string, { count: number; lastError: string | null }>();
  private readonly lastSuccess = new Map<string, Date>();
  private lastPass: { startedAt: Date | null; endedAt: Date | null; ok: boolean | null } = {
    startedAt: null,
    endedAt: null,
    ok: null,
  };

  /** Shards this instance booked since it started, per job: what tests and metrics read. */
  readonly shardsBooked = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private log?: FastifyBaseLogger,
    private readonly options: SchedulerOptions = {},
  ) {}

  /** This scheduler as the sharded protocol sees it (sharded.ts). */
  private get shardHost(): ShardHost {
    return {
      db: this.db,
      clock: this.clock,
      instance: this.instance,
      shardWaitMs: this.options.shardWaitMs ?? 25,
      stopping: () => this.stopping,
      transaction: (work) => this.transaction(work),
      claimRun: (tx, job, period) => claimRun(tx, this.clock, this.instance, job, period),
      booked: (job, shards) => this.shardsBooked.set(job, (this.shardsBooked.get(job) ?? 0) + shards),
    };
  }

  /** The server's logger exists only once the app is built, after the scheduler. */
  useLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  register(job: Job): void {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
    if (job.coalesce && job.sharded) throw new Error(`job ${job.name}: a sharded job cannot coalesce`);
    this.jobs.push(job);
  }

  list(): readonly Job[] {
    return this.jobs;
  }

  /** A snapshot for readiness checks and metrics; reads no database. */
  status(): SchedulerStatus {
    return {
      started: this.timer !== undefined,
      lastPassStartedAt: this.lastPass.startedAt,
      lastPassEndedAt: this.lastPass.endedAt,
      lastPassOk: this.lastPass.ok,
      jobs: this.jobs.map((job) => {
        const done = this.lastDone.get(job.name);
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

  private recordFailure(job: string, error: unknown): void {
    const entry = this.failures.get(job) ?? { count: 0, lastError: null };
    entry.count++;
    entry.lastError = error instanceof Error ? error.message : String(error);
    this.failures.set(job, entry);
  }

  /**
   * A transaction of the scheduler's. Under a test clock its commit does not wait for the WAL to reach
   * the disk (synchronous_commit off): a long advance commits several times per clock hour, and each
   * flush cost more than the hour's work. A crash may then lose the last committed periods, whole and
   * in order with everything after them (their claims too), so they run again; nothing is paid twice
   * or half. The system clock keeps every commit durable.
   */
  private transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (t) => {
      const tx: Db = t;
      if (this.clock.kind === 'test') await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      return work(tx);
    });
  }

  /** Serialises passes within this instance; other instances are kept apart by the unique rows. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.running.then(work, work);
    this.running = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  /** Runs every period of every job that has ended by `now`, in order of period end. */
  runDue(): Promise<number> {
    return this.exclusive(async () => {
      this.lastPass.startedAt = wallTime();
      try {
        await this.clock.refresh();
        const ran = await this.runUntil(this.clock.now());
        this.lastPass.ok = true;
        return ran;
      } catch (error) {
        this.lastPass.ok = false;
        throw error;
      } finally {
        this.lastPass.endedAt = wallTime();
      }
    });
  }

  /**
   * Moves a test clock forward, stopping at each period end on the way to run what falls due.
   * `horizon`: where the whole advance ends when this call is one chunk of it (a background advance),
   * so that coalescing jobs run as they would in one call of the whole span.
   */
  advance(clock: TestClock, seconds: number, horizon?: Date): Promise<Date> {
    return this.exclusive(async () => {
      await clock.refresh();
      const target = new Date(clock.now().getTime() + seconds * 1000);
      const end = horizon && horizon.getTime() > target.getTime() ? horizon : target;
      for (let guard = 0; guard < 1_000_000 && !this.stopping; guard++) {
        const nextEnd = await this.nextDueEnd(target, end);
        if (!nextEnd) break;
        await clock.set(nextEnd);
        await this.runUntil(nextEnd, end);
      }
      await clock.set(target);
      await this.runUntil(clock.now(), end);
      return clock.now();
    });
  }

  /** The earliest end by `limit` of a period (a coalescing job's span up to `horizon`) or due instant. */
  private async nextDueEnd(limit: Date, horizon: Date): Promise<Date | undefined> {
    let earliest: Date | undefined;
    for (const job of this.jobs) {
      const period = await this.nextSpan(job, horizon);
      if (period.end.getTime() <= limit.getTime() && (!earliest || period.end < earliest))
        earliest = period.end;
      if (!job.due) continue;
      // Instants already passed are done by the next runUntil; only later ones are stops.
      const at = await job.due.next(this.db);
      if (
        at &&
        at.getTime() > this.clock.now().getTime() &&
        at.getTime() <= limit.getTime() &&
        (!earliest || at < earliest)
      )
        earliest = at;
    }
    return earliest;
  }

  /** Runs the due work of every job that has some pending by `now`. */
  private async runDueWork(now: Date): Promise<void> {
    for (const job of this.jobs) {
      const due = job.due;
      if (!due) continue;
      const at = await due.next(this.db);
      if (!at || at.getTime() > now.getTime()) continue;
      let done: number;
      try {
        done = await this.transaction((tx) => due.run(tx, now));
      } catch (error) {
        this.recordFailure(job.name, error);
        throw error;
      }
      this.lastSuccess.set(job.name, wallTime());
      if (done > 0) this.log?.info({ job: job.name, done, at: now.toISOString() }, 'due work done');
    }
  }

  /**
   * The next period of `job` to run: its next period, or, for a coalescing job, the span of every one
   * of its periods that ends by `horizon`.
   */
  private async nextSpan(job: Job, horizon: Date): Promise<Period> {
    const period = await this.nextPeriod(job);
    if (!job.coalesce || period.end.getTime() > horizon.getTime()) return period;
    const lengthMs = job.periodSeconds * 1000;
    const more = Math.floor((horizon.getTime() - period.end.getTime()) / lengthMs);
    return { start: period.start, end: new Date(period.end.getTime() + more * lengthMs) };
  }

  /**
   * Runs the periods that have ended by `now`; `horizon` (the end of the clock advance under way, else
   * now) is where coalescing jobs' spans end.
   */
  private async runUntil(now: Date, horizon: Date = now): Promise<number> {
    let ran = 0;
    // A sharded period left open is looked for first, and again only after one was found: periods
    // this pass runs close before it goes on.
    let lookForOpen = true;
    // Interleave jobs by period end so a later job never sees an earlier period of another undone.
    for (let pass = 0; pass < MAX_PERIODS_PER_PASS * Math.max(1, this.jobs.length); pass++) {
      if (this.stopping) return ran;
      let best: { job: Job; period: Period } | undefined = lookForOpen
        ? await this.openShardedPeriod()
        : undefined;
      lookForOpen = best !== undefined;
      if (!best)
        for (const job of this.jobs) {
          const period = await this.nextSpan(job, horizon);
          if (period.end.getTime() > now.getTime()) continue;
          if (!best || period.end < best.period.end) best = { job, period };
        }
      if (!best) break;
      await this.runPeriod(best.job, best.period);
      ran++;
      // Other work of the instance between two periods (on PGlite, whose queries never wait on the
      // network, the server would otherwise answer nothing until the pass ends).
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.runDueWork(now);
    return ran;
  }

  /**
   * A sharded period left open (its pass failed, or its instance died, after the plan) comes before
   * anything else: holders' calls wait for its close, and so would another job's period that moves
   * coins into the same line (a launch pool's end into flexible simple earn).
   */
  private async openShardedPeriod(): Promise<{ job: Job; period: Period } | undefined> {
    if (!(this.options.shardRows ?? 0)) return undefined;
    const open = await this.db
      .select({ job: jobPeriods.job, periodStart: jobPeriods.periodStart })
      .from(jobPeriods)
      .where(isNull(jobPeriods.closedAt))
      .orderBy(jobPeriods.periodEnd);
    for (const row of open) {
      const job = this.jobs.find((j) => j.name === row.job);
      if (job) return { job, period: this.periodAt(job, row.periodStart.getTime()) };
    }
    return undefined;
  }

  private periodAt(job: Job, startMs: number): Period {
    return { start: new Date(startMs), end: new Date(startMs + job.periodSeconds * 1000) };
  }

  /** The period after the last one done; for a job never run, the last period that ended. */
  private async nextPeriod(job: Job): Promise<Period> {
    const lengthMs = job.periodSeconds * 1000;
    const cached = this.lastDone.get(job.name);
    if (cached !== undefined) return this.periodAt(job, cached + lengthMs);
    const [last] = await this.db
      .select({ periodStart: jobRuns.periodStart })
      .from(jobRuns)
      .where(eq(jobRuns.job, job.name))
      .orderBy(desc(jobRuns.periodStart))
      .limit(1);
    if (last) {
      this.lastDone.set(job.name, last.periodStart.getTime());
      return this.periodAt(job, last.periodStart.getTime() + lengthMs);
    }
    // Fixed at the first look: a coalescing job's span, due later, still starts there.
    const anchored = this.firstStart.get(job.name);
    if (anchored !== undefined) return this.periodAt(job, anchored);
    const offsetMs = (job.offsetSeconds ?? 0) * 1000;
    const nowMs = this.clock.now().getTime();
    const currentStart = Math.floor((nowMs - offsetMs) / lengthMs) * lengthMs + offsetMs;
    this.firstStart.set(job.name, currentStart - lengthMs);
    return this.periodAt(job, currentStart - lengthMs);
  }

  /**
   * Claims and runs one period (a coalescing job's span: its periods) in one transaction; returns
   * false when another instance had it.
   */
  async runPeriod(job: Job, period: Period): Promise<boolean> {
    const claimed = await this.claimAndRun(job, period).catch((error: unknown) => {
      this.recordFailure(job.name, error);
      throw error;
    });
    const lastStart = period.end.getTime() - job.periodSeconds * 1000;
    // Claimed here or committed by another instance: either way the period is done. A span only
    // partly done elsewhere is read again from job_runs.
    if (claimed || lastStart === period.start.getTime()) this.lastDone.set(job.name, lastStart);
    else this.lastDone.delete(job.name);
    this.lastSuccess.set(job.name, wallTime());
    if (claimed) this.log?.info({ job: job.name, period: period.start.toISOString() }, 'job period done');
    return claimed;
  }

  private claimAndRun(job: Job, period: Period): Promise<boolean> {
    const shardRows = this.options.shardRows ?? 0;
    if (job.sharded && shardRows > 0) return runSharded(this.shardHost, job, job.sharded, period, shardRows);
    return this.transaction(async (tx) => {
      if (!(await claimRun(tx, this.clock, this.instance, job, period))) return false;
      await job.run(tx, period);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof PeriodDoneElsewhere) return false;
      throw error;
    });
  }

  async hasRun(job: string, periodStart: Date): Promise<boolean> {
    const found = await this.db
      .select({ job: jobRuns.job })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.periodStart, periodStart)));
    return found.length > 0;
  }

  start(intervalMs: number): void {
    const tick = () => {
      this.runDue().catch((error: unknown) => this.log?.error({ err: error }, 'job pass failed'));
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Waits for the period in progress, runs no further one, and stops the timer. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

declare module '../../kernel/deps' {
  interface AppDeps {
    scheduler: Scheduler;
    /** Present when EARN_CLOCK=test. */
    testClock?: TestClock;
  }
}
