import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Db, rows, sql } from '../../infra/db/client';
import { type TestClock, wallTime } from '../../infra/jobs/clock';
import type { Scheduler } from '../../infra/jobs/scheduler';
import type { AppDeps } from '../../kernel/deps';

/**
 * The clock moves a day per chunk on PostgreSQL, six hours on PGlite, and the instance turns to its
 * other work between chunks: PGlite answers a chain of queries without ever yielding to the event
 * loop, so a day's chunk there would leave every request of the instance (the progress polls too)
 * waiting for its stops. An hour a chunk (as before the stops spanned and batched) booked every
 * hour's jobs alone: 30 days took 86.7 s in the background against 27.6 s in 6-hour chunks, the
 * longest health answer 264 ms against 584 ms (`npm run bench:liveness -- --days 30`). A stop is
 * honoured between chunks.
 */
export const CHUNK_SECONDS = { postgres: 86_400, pglite: 21_600 } as const;
/** Progress is written after every chunk of 6 hours or more, and of shorter ones at most this often (and at the end). */
const PROGRESS_MS = 1000;
/** How often a running advance tells the database its instance is alive. */
const HEARTBEAT_MS = 10_000;
/** A running advance whose heartbeat is older than this belongs to an instance that died. */
export const STALE_SECONDS = 120;

export const STOPPED = 'stopped: the server closed before the advance ended';

interface Active {
  id: number;
  stopping: boolean;
  done: Promise<void>;
}

/**
 * Runs one long test-clock advance in the background of this instance, a chunk at a time through the
 * scheduler's own `advance` (which stops at every period end and runs what falls due, so the periods
 * run are those of one advance of the whole span), and keeps its progress in `clock_advances`.
 */
export class ClockAdvanceRunner {
  readonly instance = randomUUID();
  private active: Active | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: TestClock,
    private readonly scheduler: Scheduler,
    private readonly chunkSeconds: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The advance running on this instance, if any. */
  get activeId(): number | undefined {
    return this.active?.id;
  }

  /** Starts the advance of row `id` from `from` to `to`; returns at once. */
  start(id: number, from: Date, to: Date): void {
    const job: Active = { id, stopping: false, done: Promise.resolve() };
    this.active = job;
    // From the next turn of the event loop: the call that starts it answers first.
    job.done = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.run(job, from, to))
      .finally(() => {
        if (this.active === job) this.active = undefined;
      });
  }

  /** Stops the running advance between two chunks and waits for it: it is then recorded as failed. */
  async stop(): Promise<void> {
    const job = this.active;
    if (!job) return;
    job.stopping = true;
    await job.done;
  }

  private async run(job: Active, from: Date, to: Date): Promise<void> {
    const beat = setInterval(() => {
      this.db
        .execute(
          sql`UPDATE clock_advances SET heartbeat_at = now() WHERE id = ${job.id} AND status = 'running'`,
        )
        .catch((error: unknown) =>
          this.log?.warn({ err: error, advance: job.id }, 'clock advance heartbeat failed'),
        );
    }, HEARTBEAT_MS);
    beat.unref();
    let written = wallTime().getTime();
    try {
      for (;;) {
        if (job.stopping) {
          await this.record(job.id, from, { status: 'failed', error: STOPPED });
          return;
        }
        await this.clock.refresh();
        const remaining = Math.floor((to.getTime() - this.clock.now().getTime()) / 1000);
        if (remaining <= 0) break;
        await this.scheduler.advance(this.clock, Math.min(this.chunkSeconds, remaining), to);
        await new Promise((resolve) => setImmediate(resolve));
        if (this.chunkSeconds < CHUNK_SECONDS.pglite && wallTime().getTime() - written < PROGRESS_MS)
          continue;
        written = wallTime().getTime();
        // Another instance judged this advance dead and took over: leave the clock to it.
        if (!(await this.record(job.id, from))) return;
      }
      await this.record(job.id, from, { status: 'done', error: null });
      this.log?.info({ advance: job.id }, 'clock advance done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log?.error({ err: error, advance: job.id }, 'clock advance failed');
      await this.record(job.id, from, { status: 'failed', error: message }).catch((e: unknown) =>
        this.log?.error({ err: e, advance: job.id }, 'clock advance not recorded'),
      );
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Writes where the clock stands and the periods run since the start (every job period that ended
   * in (from, clock]), and the end state when given. Answers false when the row is no longer running.
   */
  private async record(
    id: number,
    from: Date,
    end?: { status: 'done' | 'failed'; error: string | null },
  ): Promise<boolean> {
    const at = this.clock.now().toISOString();
    const updated = await rows<{ id: string }>(
      this.db,
      sql`UPDATE clock_advances SET at = ${at}::timestamptz, heartbeat_at = now(),
            periods_run = (SELECT COUNT(*)::int FROM job_runs
                           WHERE period_end > ${from.toISOString()}::timestamptz AND period_end <= ${at}::timestamptz)
            ${end ? sql`, status = ${end.status}, error = ${end.error}, finished_at = now()` : sql``}
          WHERE id = ${id} AND status = 'running' RETURNING id::text AS id`,
    );
    return updated.length > 0;
  }
}

const runners = new WeakMap<AppDeps, ClockAdvanceRunner>();

/** This instance's runner (test clock only), made on first use. */
export function clockAdvanceRunner(deps: AppDeps, log?: FastifyBaseLogger): ClockAdvanceRunner | undefined {
  if (!deps.testClock) return undefined;
  let runner = runners.get(deps);
  if (!runner) {
    const onPostgres = (deps.db as { $client?: unknown }).$client instanceof pg.Pool;
    const chunk = onPostgres ? CHUNK_SECONDS.postgres : CHUNK_SECONDS.pglite;
    runner = new ClockAdvanceRunner(deps.db, deps.testClock, deps.scheduler, chunk, log);
    runners.set(deps, runner);
  }
  return runner;
}

/**
 * Stops this instance's background clock advance, if one runs, between two chunks. The console's
 * routes call it when the app closes; server.close() should call it before scheduler.stop(), so that
 * no further chunk starts once the scheduler is stopping.
 */
export async function stopClockAdvances(deps: AppDeps): Promise<void> {
  await runners.get(deps)?.stop();
}
