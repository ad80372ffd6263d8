import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, Period } from '../../kernel/jobs';
import type { Db } from '../db/client';
import { openCommitHooks, runCommitHooks } from '../db/commit-hooks';
import { jobRuns } from '../db/schema';
import { type BatchHost, newSpan, runBatch, running, type Span, spanEnd, spanMayEnd } from './batch';
import { type Clock, type TestClock, wallTime } from './clock';
import { nextStop, Periods, runDueWork, runStopDue } from './periods';
import {
  claimRun,
  NeedsOwnTransaction,
  openShardedPeriod,
  PeriodDoneElsewhere,
  runSharded,
  type ShardHost,
} from './sharded';
import { Health, type SchedulerOptions, type SchedulerStatus } from './status';

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
  /** Where each job stands: its last period done, its next (periods.ts). */
  private readonly periods: Periods;
  /** During a clock advance: each due job's next instant as the last stop read it (not due then). */
  private dueSeen: Map<string, Date | undefined> | undefined;
  /** During a stop that spans several period ends: where it ends, and how far a batch booked. */
  private span: Span | undefined;
  /** Until then (ms), stops span nothing: a spanning stop failed (it runs again a stop per instant). */
  private spanOffUntil = 0;
  /** Health bookkeeping, in wall-clock time: it says whether this process's scheduler is alive. */
  private readonly health = new Health();

  /** Shards this instance booked since it started, per job: what tests and metrics read. */
  readonly shardsBooked = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private log?: FastifyBaseLogger,
    private readonly options: SchedulerOptions = {},
  ) {
    this.periods = new Periods(clock);
  }

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

  /** This scheduler as a spanning stop's batches see it (batch.ts). */
  private batchHost(span: Span, horizon: Date): BatchHost {
    const { jobs, periods, instance } = this;
    const booked = (job: string, shards: number) => this.shardHost.booked(job, shards);
    const shardRows = this.options.shardRows ?? 0;
    return { jobs, periods, span, horizon, shardRows, now: this.clock.now(), instance, booked };
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
    return this.health.status(this.timer !== undefined, this.jobs, this.periods.lastDone);
  }

  private recordFailure(job: string, error: unknown): void {
    this.health.failed(job, error);
  }

  /**
   * A transaction of the scheduler's, its periods' commit hooks run last; under a test clock its commit
   * does not wait for the WAL (a crash may lose the last committed periods, whole with their claims).
   */
  private transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (t) => {
      const tx: Db = t;
      if (this.clock.kind === 'test') await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      openCommitHooks(tx);
      const done = await work(tx);
      return runCommitHooks(tx).then(() => done);
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
      this.health.lastPass.startedAt = wallTime();
      try {
        await this.clock.refresh();
        const ran = await this.runUntil(this.clock.now());
        this.health.lastPass.ok = true;
        return ran;
      } catch (error) {
        this.health.lastPass.ok = false;
        throw error;
      } finally {
        this.health.lastPass.endedAt = wallTime();
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
      this.dueSeen = new Map();
      try {
        for (let guard = 0; guard < 1_000_000 && !this.stopping; guard++) {
          const nextEnd = await this.nextDueEnd(target, end);
          if (!nextEnd) break;
          await this.stopAt(clock, nextEnd, end, target);
        }
        await this.stopAt(clock, target, end);
      } finally {
        this.dueSeen = undefined;
      }
      return clock.now();
    });
  }

  /**
   * One stop of a clock advance in one transaction (a stop's fixed cost is its commit): the clock moved
   * to `at` and every period and due work by then, and on to each further period end and due instant
   * up to `limit` within stopSpanMs (and stopSpanWallMs of wall time), each at its own time (batch.ts
   * books quiet periods at once). A stop that cannot be one transaction (a sharded period larger than
   * a shard, or one another instance holds) is run again a period a transaction, as runDue does.
   */
  private async stopAt(clock: TestClock, at: Date, horizon: Date, limit: Date = at): Promise<void> {
    const touched = new Set<string>();
    const before = this.periods.snapshot();
    const from = clock.now();
    // Spanning: the period ends and due instants up to `end`, each run at its own time, in order.
    const spanMs = at.getTime() < this.spanOffUntil ? 0 : (this.options.stopSpanMs ?? 0);
    let end = new Date(Math.min(limit.getTime(), spanEnd(at, spanMs)));
    let failed: Job | undefined;
    const wallMs = this.options.stopSpanWallMs || Infinity;
    const wallEnd = performance.now() + wallMs;
    try {
      await this.transaction(async (tx) => {
        this.span = end > at ? newSpan(end, at) : undefined;
        let sub = at;
        for (;;) {
          clock.pass(sub);
          const failing = (job: Job) => {
            failed = job;
          };
          await this.runGroup(tx, sub, horizon, touched, failing, sub === at);
          // Out of wall time, or at its end, the span ends at this instant (the same work in shorter
          // transactions) where batch.ts spanMayEnd says it may (twice the time out: once caught up).
          const host = this.span && this.batchHost(this.span, horizon);
          const late = performance.now() - wallEnd;
          const out = late >= 0 || sub >= end;
          if (this.stopping || sub >= limit || (out && (await spanMayEnd(tx, host, sub, late >= wallMs))))
            break;
          if (this.span && sub >= end) end = this.span.end = new Date(Math.min(+limit, +sub + 3_600_000));
          const next = await this.nextDueEnd(end, horizon, tx);
          if (!next || next <= sub) break;
          sub = next;
        }
        const deferred = this.span ? this.jobs.filter((j) => j.independent === true) : [];
        await runStopDue(tx, deferred, sub, this.dueSeen, (job) => {
          failed = job;
          touched.add(job.name);
          return running(this.span, job, tx);
        });
        await clock.set(new Date(Math.max(sub.getTime(), this.span?.reached ?? 0)), tx);
      });
      this.span = undefined;
    } catch (error) {
      this.span = undefined;
      // Rolled back: the stop's jobs stand where they stood before it, the clock moved alone.
      this.periods.restore(before, touched);
      this.dueSeen?.clear();
      clock.rewind(from);
      // A spanning stop that failed runs again a stop per instant up to its end: what committed
      // before the failure stop by stop commits again, and a failing period fails where it would.
      if (end > at) {
        this.spanOffUntil = end.getTime();
        return this.stopAt(clock, at, horizon);
      }
      await clock.set(at);
      if (!(error instanceof NeedsOwnTransaction || error instanceof PeriodDoneElsewhere)) {
        if (failed) this.recordFailure(failed.name, error);
        throw error;
      }
      await this.runUntil(at, horizon);
      return;
    }
    for (const name of touched) this.health.lastSuccess.set(name, wallTime());
    // Other work of the instance between two stops (PGlite answers nothing during a chain of queries).
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** The periods due by `now` in order of period end, then the due work, all in `tx` (see stopAt). */
  private async runGroup(
    tx: Db,
    now: Date,
    horizon: Date,
    touched: Set<string>,
    failing: (job: Job) => void,
    first: boolean,
  ): Promise<void> {
    // A sharded period left open elsewhere runs the ordinary way first (one opened later conflicts with the plan here).
    if (first && (await this.openShardedPeriod(tx))) throw new NeedsOwnTransaction();
    const shardRows = this.options.shardRows ?? 0;
    for (let pass = 0; pass < MAX_PERIODS_PER_PASS * Math.max(1, this.jobs.length); pass++) {
      if (this.stopping) return;
      let best: { job: Job; period: Period } | undefined;
      for (const job of this.jobs) {
        const period = await this.periods.nextSpan(job, horizon, tx);
        if (period.end.getTime() > now.getTime()) continue;
        if (!best || period.end < best.period.end) best = { job, period };
      }
      if (!best) break;
      const { job, period } = best;
      failing(job);
      touched.add(job.name);
      if (
        job.batch &&
        this.span &&
        (await runBatch(tx, this.batchHost(this.span, horizon), job, job.batch, period))
      )
        continue;
      await running(this.span, job, tx, period);
      let claimed: boolean;
      if (job.sharded && shardRows > 0)
        claimed = await runSharded(this.shardHost, job, job.sharded, period, shardRows, tx);
      else {
        claimed = await claimRun(tx, this.clock, this.instance, job, period);
        if (claimed) await job.run(tx, period);
      }
      this.periods.ran(job, period, claimed);
    }
    // In a spanning stop, independent jobs' due work waits for the stop's last instant (stopAt).
    const jobs = this.span ? this.jobs.filter((j) => j.independent !== true) : this.jobs;
    await runStopDue(tx, jobs, now, this.dueSeen, (job) => {
      failing(job);
      touched.add(job.name);
      return running(this.span, job, tx);
    });
  }

  /** The earliest end by `limit` of a period (a coalescing job's span up to `horizon`) or due instant. */
  private nextDueEnd(limit: Date, horizon: Date, db: Db = this.db): Promise<Date | undefined> {
    return nextStop(db, this.jobs, this.periods, {
      now: this.clock.now(),
      limit,
      horizon,
      seen: this.dueSeen,
      spanning: this.span !== undefined,
    });
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
          const period = await this.periods.nextSpan(job, horizon, this.db);
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
    await runDueWork(this.jobs, this.db, (work) => this.transaction(work), this.health, now, this.log);
    return ran;
  }

  /** A sharded period left open comes before anything else (sharded.ts). */
  private openShardedPeriod(db: Db = this.db): Promise<{ job: Job; period: Period } | undefined> {
    if (!(this.options.shardRows ?? 0)) return Promise.resolve(undefined);
    return openShardedPeriod(db, this.jobs, this.periods);
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
    this.periods.ran(job, period, claimed);
    this.health.lastSuccess.set(job.name, wallTime());
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
    const where = and(eq(jobRuns.job, job), eq(jobRuns.periodStart, periodStart));
    return (await this.db.select({ job: jobRuns.job }).from(jobRuns).where(where)).length > 0;
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
