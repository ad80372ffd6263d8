import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Job, Period, ShardData, ShardedWork } from '../../kernel/jobs';
import { type Db, rows } from '../db/client';
import { jobPeriods, jobRuns, jobShards } from '../db/schema';
import type { Clock } from './clock';
import type { Periods } from './periods';

// A period in shards, shared by the instances that run it (scheduler.ts runs the rest of a job).

/** What the sharded protocol needs of its scheduler: its transactions, its claim of a period's run. */
export interface ShardHost {
  readonly db: Db;
  readonly clock: Clock;
  readonly instance: string;
  /** How long to wait between looks at shards other instances hold. */
  readonly shardWaitMs: number;
  /** Set once the scheduler stops: a period still open then is left to another pass. */
  stopping(): boolean;
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  claimRun(tx: Db, job: Job, period: Period): Promise<boolean>;
  /** Counts shards booked here (tests and metrics read them). */
  booked(job: string, shards: number): void;
}

/**
 * The period's one `job_runs` row (a span: one per period in it): whoever inserts it runs the period
 * (or, sharded, its close). A span another instance ran part of is rolled back.
 */
export async function claimRun(
  tx: Db,
  clock: Clock,
  instance: string,
  job: Job,
  period: Period,
): Promise<boolean> {
  const lengthMs = job.periodSeconds * 1000;
  const count = Math.round((period.end.getTime() - period.start.getTime()) / lengthMs);
  if (count > 1) {
    const claimed = await rows<{ n: number }>(
      tx,
      sql`INSERT INTO job_runs (job, period_start, period_end, started_at, instance)
          SELECT ${job.name}, s, s + make_interval(secs => ${job.periodSeconds}),
                 ${clock.now().toISOString()}::timestamptz, ${instance}
            FROM generate_series(${period.start.toISOString()}::timestamptz,
                                 ${new Date(period.end.getTime() - lengthMs).toISOString()}::timestamptz,
                                 make_interval(secs => ${job.periodSeconds})) s
          ON CONFLICT DO NOTHING RETURNING 1 AS n`,
    );
    if (claimed.length === count) return true;
    if (claimed.length === 0) return false;
    throw new PeriodDoneElsewhere();
  }
  const inserted = await tx
    .insert(jobRuns)
    .values({
      job: job.name,
      periodStart: period.start,
      periodEnd: period.end,
      startedAt: clock.now(),
      instance: instance,
    })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return inserted.length > 0;
}

/** The rows a plan's shards book together, when every one of them says. */
function plannedRows(shards: readonly ShardData[]): number | undefined {
  let total = 0;
  for (const shard of shards) {
    if (typeof shard.rows !== 'number') return undefined;
    total += shard.rows;
  }
  return total;
}

/** A sharded job's whole period in one transaction: the same plan, bookings and close, in order. */
export async function runWhole(tx: Db, work: ShardedWork, period: Period, shardRows = 0): Promise<void> {
  const planned = await work.plan(tx, period, shardRows);
  const shards: { params: ShardData; result: ShardData }[] = [];
  for (const params of planned) shards.push({ params, result: await work.book(tx, period, params) });
  await work.close(tx, period, shards);
}

/** A sharded period another instance ran whole meanwhile: its plan here is rolled back. */
export class PeriodDoneElsewhere extends Error {}

/**
 * A sharded period run inside a stop's one transaction (a clock advance) that cannot end there: its
 * plan is larger than a shard, or another instance holds it open. The stop is rolled back and run
 * again a period a transaction.
 */
export class NeedsOwnTransaction extends Error {}

/**
 * A period in shards: plan it (once: the period's row is the claim), book every shard this instance
 * can claim (FOR UPDATE SKIP LOCKED: a shard another instance is booking is skipped, one whose
 * instance died is free again once its transaction rolled back), wait while others hold the rest,
 * and close the period once none is left (the job_runs row is the claim of the close). A plan of one
 * shard or none, or of shards holding no more than one shard's rows together (ShardData.rows), has
 * nothing worth sharing: it is booked and closed in the plan's own transaction, with the same rows.
 * Answers whether this instance closed it. `inline`: the caller's transaction, in which the period
 * must be booked and closed whole (else NeedsOwnTransaction; PeriodDoneElsewhere is thrown, not
 * answered, as the caller's other work is rolled back with the plan).
 */
export async function runSharded(
  host: ShardHost,
  job: Job,
  work: ShardedWork,
  period: Period,
  shardRows: number,
  inline?: Db,
): Promise<boolean> {
  const key = and(eq(jobShards.job, job.name), eq(jobShards.periodStart, period.start));
  const periodKey = and(eq(jobPeriods.job, job.name), eq(jobPeriods.periodStart, period.start));
  let bookedHere = 0;
  // Inline, the period is known undone (its stop's scheduler ran the one before it); one another
  // instance ran meanwhile is found by its job_periods row or its claim, and the stop runs again.
  const first = async (tx: Db): Promise<'open' | 'closed' | 'done elsewhere'> => {
    if (inline) return plan(tx);
    const [run] = await tx
      .select({ job: jobRuns.job })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job.name), eq(jobRuns.periodStart, period.start)));
    if (run) return 'done elsewhere';
    return plan(tx);
  };
  const plan = async (tx: Db): Promise<'open' | 'closed'> => {
    const planned = await tx
      .insert(jobPeriods)
      .values({
        job: job.name,
        periodStart: period.start,
        periodEnd: period.end,
        shards: 0,
        plannedAt: host.clock.now(),
        instance: host.instance,
      })
      .onConflictDoNothing()
      .returning({ job: jobPeriods.job });
    if (planned.length === 0) {
      if (inline) throw new NeedsOwnTransaction();
      return 'open';
    }
    const shards = await work.plan(tx, period, shardRows);
    if (shards.length <= 1 || (plannedRows(shards) ?? Number.POSITIVE_INFINITY) <= shardRows) {
      // Claimed before the booking: a period another instance ran whole rolls this one back.
      if (!(await host.claimRun(tx, job, period))) throw new PeriodDoneElsewhere();
      const done: { params: ShardData; result: ShardData }[] = [];
      for (const params of shards) done.push({ params, result: await work.book(tx, period, params) });
      // The shards' record, in one statement.
      if (done.length > 0)
        await tx.insert(jobShards).values(
          done.map(({ params, result }, shard) => ({
            job: job.name,
            periodStart: period.start,
            shard,
            params,
            result,
            doneAt: host.clock.now(),
            instance: host.instance,
          })),
        );
      await work.close(tx, period, done);
      await tx.update(jobPeriods).set({ shards: shards.length, closedAt: host.clock.now() }).where(periodKey);
      bookedHere = shards.length;
      return 'closed';
    }
    if (inline) throw new NeedsOwnTransaction();
    await tx
      .insert(jobShards)
      .values(shards.map((params, shard) => ({ job: job.name, periodStart: period.start, shard, params })));
    await tx.update(jobPeriods).set({ shards: shards.length }).where(periodKey);
    return 'open';
  };
  const outcome = inline
    ? await first(inline)
    : await host.transaction(first).catch((error: unknown) => {
        if (error instanceof PeriodDoneElsewhere) return 'done elsewhere' as const;
        throw error;
      });
  if (outcome === 'closed') {
    host.booked(job.name, bookedHere);
    return true;
  }
  if (outcome === 'done elsewhere') return false;
  for (;;) {
    if (host.stopping()) throw new Error(`stopped with ${job.name} ${period.start.toISOString()} open`);
    const booked = await host.transaction(async (tx) => {
      const [claim] = await tx
        .select({ shard: jobShards.shard, params: jobShards.params })
        .from(jobShards)
        .where(and(key, isNull(jobShards.doneAt)))
        .orderBy(jobShards.shard)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!claim) return false;
      const result = await work.book(tx, period, claim.params);
      await tx
        .update(jobShards)
        .set({ result, doneAt: host.clock.now(), instance: host.instance })
        .where(and(key, eq(jobShards.shard, claim.shard)));
      return true;
    });
    if (booked) {
      host.booked(job.name, 1);
      continue;
    }
    const [left] = await host.db
      .select({ n: sql<number>`COUNT(*)::int` })
      .from(jobShards)
      .where(and(key, isNull(jobShards.doneAt)));
    if ((left?.n ?? 0) > 0) {
      // Other instances hold the rest; if one dies, its shards come free when its connection drops.
      await new Promise((r) => setTimeout(r, host.shardWaitMs));
      continue;
    }
    return host.transaction(async (tx) => {
      if (!(await host.claimRun(tx, job, period))) return false;
      const shards = await tx
        .select({ params: jobShards.params, result: jobShards.result })
        .from(jobShards)
        .where(key)
        .orderBy(jobShards.shard);
      await work.close(
        tx,
        period,
        shards.map((s) => ({ params: s.params, result: s.result ?? {} })),
      );
      await tx.update(jobPeriods).set({ closedAt: host.clock.now() }).where(periodKey);
      return true;
    });
  }
}

/**
 * A sharded period left open (its pass failed, or its instance died, after the plan) comes before
 * anything else: holders' calls wait for its close, and so would another job's period that moves
 * coins into the same line (a launch pool's end into flexible simple earn).
 */
export async function openShardedPeriod(
  db: Db,
  jobs: readonly Job[],
  periods: Periods,
): Promise<{ job: Job; period: Period } | undefined> {
  const open = await db
    .select({ job: jobPeriods.job, periodStart: jobPeriods.periodStart })
    .from(jobPeriods)
    .where(isNull(jobPeriods.closedAt))
    .orderBy(jobPeriods.periodEnd);
  for (const row of open) {
    const job = jobs.find((j) => j.name === row.job);
    if (job) return { job, period: periods.at(job, row.periodStart.getTime()) };
  }
  return undefined;
}
