import { dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, sql } from '../../src/infra/db/client';
import type { Job, Period } from '../../src/infra/jobs/scheduler';
import { idleBatch } from '../../src/kernel/jobs';
import { UserPurpose } from '../../src/ledger/accounts';
import { settlementJob } from '../../src/lines/dual/engine/settle';
import { launchPoolJobs } from '../../src/lines/launch-pool/engine';
import { FLEX_HOURLY_JOB, simpleEarnJobs } from '../../src/lines/simple-earn/engine';
import { stakingJobs } from '../../src/lines/staking/engine';
import { priceHistoryJob } from '../../src/market/prices';
import { retentionJob } from '../../src/ops/retention/retention';
import { books, fund, H0, HOUR, period, spanningScheduler, threeQuietBooks } from './flex-book';

/*
 * Flexible hours booked k at a time in a clock advance (lines/simple-earn/engine/flexible-batch.ts,
 * infra/jobs/batch.ts) against the same book advanced one hour per call, one transaction per hour:
 * every money row, the hours' records and the job bookkeeping must be the same, to the last digit.
 * The advance is broken by what makes hours not quiet, at fixed hours on both sides (a job of the
 * test's, independent of the flexible hour until its next event; the other lines' jobs run beside
 * them, idle): a subscription, a frozen
 * redemption, a borrow demand that no longer covers every offer (and covers them again), and an
 * auto-earn user whose spot balance grows.
 */

const HOURS = 120;
/** Hours (period index) at whose end the test's events happen. */
const EVENTS: Record<number, (tx: Db, p: Period) => Promise<void>> = {
  // A subscription: its amount starts earning in the hour after the next.
  20: async (tx, p) => {
    await fund(tx, 2, 'USDT', UserPurpose.flexible, '1234.5678', p.end);
    await tx.execute(sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
      VALUES ((SELECT id FROM se_flex_positions WHERE user_id = 2), ${p.end.toISOString()}::timestamptz, 'USDT', 1234.5678)`);
  },
  // A redemption left frozen until the hour's close (the interest earned so far stays the position's).
  41: async (tx, p) => {
    await fund(tx, 4, 'USDT', UserPurpose.flexible, '100', p.end);
    await tx.execute(sql`UPDATE se_flex_positions p SET principal = p.principal - 100, frozen_amount = 100,
        frozen_at = ${p.end.toISOString()}::timestamptz, acc_offset = p.acc_offset + 100 * pr.acc_index
      FROM se_flex_products pr WHERE pr.asset = p.asset AND p.user_id = 4`);
  },
  // The borrow demand runs out part-way through BTC's offers, then covers them again.
  55: async (tx) => {
    await tx.execute(sql`UPDATE se_flex_products SET borrow_demand = 2.5 WHERE asset = 'BTC'`);
  },
  62: async (tx) => {
    await tx.execute(sql`UPDATE se_flex_products SET borrow_demand = 1e12 WHERE asset = 'BTC'`);
  },
  // Auto-earn for a BTC holder whose spot balance then receives coins (swept into flexible at the
  // hour; the hours after it are quiet again: the sweep finds nothing more to move).
  90: async (tx, p) => {
    await tx.execute(
      sql`INSERT INTO se_auto_invest (user_id, asset, status, updated_at) VALUES (5, 'BTC', 1, ${p.end.toISOString()}::timestamptz)`,
    );
    await fund(tx, 5, 'BTC', UserPurpose.spot, '0.7512345', p.end);
  },
};
const eventHours = Object.keys(EVENTS)
  .map(Number)
  .sort((a, b) => a - b);

const hourIndex = (at: Date) => Math.round((at.getTime() - H0) / HOUR) - 1;

/** The test's events, hourly after the flexible hour; its hours without an event do nothing. */
const eventsJob: Job = {
  name: 'test.events',
  periodSeconds: 3600,
  run: async (tx, p) => EVENTS[hourIndex(p.end)]?.(tx, p),
  // Until its next event the flexible hours may run ahead of its (empty) hours.
  independent: async (_db, _from, to) =>
    !eventHours.some((h) => period(h).end > _from && period(h).end <= to),
  batch: idleBatch(async (_db, first, max) => {
    const next = eventHours.find((h) => period(h).end > first.start);
    return next === undefined ? max : next - hourIndex(first.end);
  }),
};

/**
 * Daily jobs of the test's around the flexible hour that interleave (Job.interleaves): each books an
 * entry at its instant, drawing ids (an account on the first day), the later ones for the whole
 * interest booked so far, so that a batch run ahead of them, or after them, books other ids and sums.
 */
const interestSoFar = async (tx: Db) =>
  (await rows<{ s: string }>(tx, sql`SELECT COALESCE(SUM(interest), 0)::text AS s FROM se_flex_interest`))[0]
    ?.s ?? '0';
const dailyJob = (name: string, offsetSeconds: number, pay: (tx: Db, p: Period) => Promise<void>): Job => ({
  name,
  periodSeconds: 86_400,
  offsetSeconds,
  run: pay,
  interleaves: true,
});
/** Registered before the flexible job: at midnight it runs before the hour ending then. */
const dayBefore = dailyJob('test.day-before', 0, (tx, p) =>
  fund(tx, 3, 'BTC', UserPurpose.spot, '0.25', p.end),
);
/** Registered after it: at midnight after the hour ending then, and at 01:00. */
const payInterestSoFar = (userId: number) => async (tx: Db, p: Period) => {
  const sum = await interestSoFar(tx);
  if (dec(sum).gt(0)) await fund(tx, userId, 'USDT', UserPurpose.spot, sum, p.end);
};
const dayAfter = dailyJob('test.day-after', 0, payInterestSoFar(6));
const oneAfter = dailyJob('test.one-after', 3600, payInterestSoFar(7));

describe('flexible hours booked k at a time write what hours booked one by one write', () => {
  let three: Awaited<ReturnType<typeof threeQuietBooks>>;
  const flexJob = () => {
    const job = simpleEarnJobs().find((j) => j.name === FLEX_HOURLY_JOB);
    if (!job) throw new Error('no flexible job');
    return job;
  };
  beforeAll(async () => {
    three = await threeQuietBooks();
  }, 300_000);
  afterAll(() => three.drop());

  it(`${HOURS} hours: one call of spanning stops books what ${HOURS} one-hour calls book`, async () => {
    const [hourly, batched, cut] = three.dbs;
    if (!hourly || !batched || !cut) throw new Error('no database');
    const setup = async (db: Db, stopSpanMs: number, stopSpanWallMs = 0) => {
      const { clock, scheduler } = await spanningScheduler(db, stopSpanMs, stopSpanWallMs);
      const job = flexJob();
      let batchedHours = 0;
      let lastBatched = 0;
      let resumed = 0;
      const midnight = new Set<number>();
      const batch = job.batch;
      if (batch)
        job.batch = {
          run: async (tx, first, max, shardRows, resume) => {
            const booked = await batch.run(tx, first, max, shardRows, resume);
            batchedHours += booked.length;
            if (booked.length > 0 && resume) resumed++;
            if (booked.length > 0) lastBatched = Math.max(lastBatched, first.start.getTime());
            // The hours ending at midnight and at 01:00, between the daily jobs.
            for (let i = 0; i < booked.length; i++) {
              const end = new Date(first.start.getTime() + (i + 1) * HOUR).getUTCHours();
              if (end === 0 || end === 1) midnight.add(first.start.getTime() + i * HOUR);
            }
            return booked;
          },
        };
      scheduler.register(dayBefore);
      scheduler.register(job);
      scheduler.register(dayAfter);
      scheduler.register(oneAfter);
      scheduler.register(eventsJob);
      // Other lines' jobs, idle here (no pool, product or stake): their hours are recorded at once, and
      // the staking day bounds the flexible batches at midnight; the hourly prices and retention's due
      // work, independent of the batches, run beside them.
      for (const other of [
        ...launchPoolJobs(),
        settlementJob(),
        ...stakingJobs(),
        priceHistoryJob(),
        retentionJob(),
      ])
        scheduler.register(other);
      return {
        clock,
        scheduler,
        batched: () => batchedHours,
        lastBatched: () => lastBatched,
        resumed: () => resumed,
        midnight: () => midnight.size,
      };
    };
    const a = await setup(hourly, 0);
    for (let i = 0; i < HOURS; i++) await a.scheduler.advance(a.clock, 3600);
    const b = await setup(batched, 86_400_000);
    const now = await b.scheduler.advance(b.clock, HOURS * 3600);
    expect(now.getTime()).toBe(period(HOURS - 1).end.getTime());
    expect(a.batched()).toBe(0);
    // Most hours in batches; the events' hours and those after them alone.
    expect(b.batched()).toBeGreaterThan(HOURS / 2);
    expect(b.batched()).toBeLessThan(HOURS - 10);
    // With auto-earn on, once its sweep has nothing left to move, hours are batched again.
    expect(b.lastBatched()).toBeGreaterThan(period(92).start.getTime());
    const x = await books(hourly);
    const y = await books(batched);
    expect(x.interest?.length).toBeGreaterThan(HOURS * 30);
    // The hour before the clock started (the first period a new job runs), then the advance's.
    expect(x.runs?.filter((r) => r.startsWith(FLEX_HOURLY_JOB)).length).toBe(HOURS + 1);
    expect(x.runs?.filter((r) => r.startsWith('launchpool.hourly')).length).toBe(HOURS + 1);
    for (const key of Object.keys(x)) expect({ [key]: y[key] }).toEqual({ [key]: x[key] });
    // Batches go on across the daily jobs (resumed): the hours ending at midnight and 01:00 of the
    // days without an event near them (the last two days have auto-earn on: no resume) are batched.
    expect(b.resumed()).toBeGreaterThan(3);
    expect(b.midnight()).toBeGreaterThanOrEqual(4);
    // Stops cut by wall time (PGlite's bound, here 1 ms: each stop ends after its first instant, its
    // batches booked) write the same again.
    const c = await setup(cut, 86_400_000, 1);
    expect((await c.scheduler.advance(c.clock, HOURS * 3600)).getTime()).toBe(
      period(HOURS - 1).end.getTime(),
    );
    expect(c.batched()).toBeGreaterThan(HOURS / 2);
    const z = await books(cut);
    for (const key of Object.keys(x)) expect({ [key]: z[key] }).toEqual({ [key]: x[key] });
    // The events happened: a frozen redemption paid, a sweep booked, a subscription earning.
    const reasons = await rows<{ reason: string; n: number }>(
      batched,
      sql`SELECT reason, COUNT(*)::int AS n FROM journal_entries GROUP BY reason ORDER BY reason`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['se_flex_redeem_settle', 'se_auto_earn', 'se_flex_interest', 'se_flex_bonus']),
    );
    // The daily jobs booked at each midnight and 01:00 passed.
    expect(reasons.find((r) => r.reason === 'test.fund')?.n).toBeGreaterThan(5 + 3 * 4);
  }, 300_000);
});
