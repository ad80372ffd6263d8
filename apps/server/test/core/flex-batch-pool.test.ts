import { dec, RateYearType, RewardPoolType } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, sql } from '../../src/infra/db/client';
import { UserPurpose } from '../../src/ledger/accounts';
import { settlementJob } from '../../src/lines/dual/engine/settle';
import { launchPoolJobs } from '../../src/lines/launch-pool/engine';
import { createProject, type PoolInput } from '../../src/lines/launch-pool/service/create-project';
import { stake } from '../../src/lines/launch-pool/service/stake';
import { FLEX_HOURLY_JOB, simpleEarnJobs } from '../../src/lines/simple-earn/engine';
import { stakingJobs } from '../../src/lines/staking/engine';
import { setPrice } from '../../src/market/assets';
import { priceHistoryJob } from '../../src/market/prices';
import { retentionJob } from '../../src/ops/retention/retention';
import { books, fund, HOUR, period, spanningScheduler, threeQuietBooks } from './flex-book';

/*
 * Flexible hours booked as batches while launch pools run (the launch pool hour interleaves with the
 * flexible batch: Job.interleaves, lines/launch-pool/engine/index.ts), against the same book
 * advanced one hour per call: every row the hours of both lines write, to the last digit and id.
 * Project A runs hours 3 to 30 and ends (the hour that settles it returns its auto-earn stakes into
 * flexible simple earn: that hour does not interleave, the window is planned afresh after it);
 * project B runs from hour 6 past the test's end. Each launch pool hour bounds the flexible batch, so
 * during the pools' run the flexible hours are booked as one-hour parts that resume.
 */

const HOURS = 72;
/** Project A's last hour (it is settled at its end) and the hours both projects start. */
const A_START = 3;
const A_LAST = 30;
const B_START = 6;

const lpPool = (coin: string, over: Partial<PoolInput>): PoolInput => ({
  coin,
  personal_min_amount: '0.01',
  personal_max_amount: '50000',
  decimal_place: 2,
  buy_total_amount: null,
  reward_per_hour: '100',
  rate_year: '30',
  rate_year_type: RateYearType.estimate,
  reward_pool_type: RewardPoolType.lockPool,
  vip_config: null,
  simple_earn: null,
  transaction_config: [],
  limit_rule: 0,
  ...over,
});

/**
 * Two projects paying NOVA: A with a USDT pool offering auto-earn into flexible simple earn (stakes
 * earning simple earn's USDT rate while staked, two of them going back into flexible at the end, one
 * of a user without a USDT position) and a BTC pool; B with a USDT pool in spot mode.
 */
async function seedPools(db: Db): Promise<void> {
  const at = period(0).start;
  await setPrice(db, { symbol: 'NOVA', name: 'Nova', usdt: dec('0.42'), at });
  const autoEarn = { status: 0, fixed_period: 0, fixed_rate: '0', rate: '0', ext_rate: '0' };
  const hourSeconds = (i: number) => period(i).start.getTime() / 1000;
  const a = await createProject(
    db,
    {
      reward_coin: 'NOVA',
      name: 'A',
      icon: '/a.svg',
      start_timest: hourSeconds(A_START),
      end_timest: hourSeconds(A_LAST + 1),
      pools: [
        lpPool('USDT', { reward_per_hour: '12.5', simple_earn: autoEarn }),
        lpPool('BTC', { reward_per_hour: '3', decimal_place: 4 }),
      ],
    },
    at,
  );
  const b = await createProject(
    db,
    {
      reward_coin: 'NOVA',
      name: 'B',
      icon: '/b.svg',
      start_timest: hourSeconds(B_START),
      end_timest: hourSeconds(HOURS + 48),
      pools: [lpPool('USDT', { reward_per_hour: '0.7' })],
    },
    at,
  );
  const [aUsdt, aBtc] = a.pools;
  const [bUsdt] = b.pools;
  if (!aUsdt || !aBtc || !bUsdt) throw new Error('pools not created');
  const stakes: [number, number, number, string, string, number][] = [
    // user, pid, rid, coin, amount, auto-earn (1: flexible)
    [2, a.project.pid, aUsdt.rid, 'USDT', '500', 1],
    [3, a.project.pid, aUsdt.rid, 'USDT', '321.45', 1],
    [8, a.project.pid, aUsdt.rid, 'USDT', '200', 0],
    [5, a.project.pid, aBtc.rid, 'BTC', '0.5', 0],
    [6, b.project.pid, bUsdt.rid, 'USDT', '1000', 0],
    [9, b.project.pid, bUsdt.rid, 'USDT', '77.77', 0],
  ];
  for (const [userId, pid, rid, coin, amount, simpleEarnStatus] of stakes) {
    await fund(db, userId, coin, UserPurpose.spot, amount, at);
    await stake(db, { userId, pid, rid, amount, simpleEarnStatus, now: at });
  }
}

describe('flexible hours batched beside running launch pools write what hours one by one write', () => {
  let three: Awaited<ReturnType<typeof threeQuietBooks>>;
  beforeAll(async () => {
    three = await threeQuietBooks(seedPools);
  }, 300_000);
  afterAll(() => three.drop());

  it(`${HOURS} hours: one call of spanning stops books what ${HOURS} one-hour calls book`, async () => {
    const [hourly, batched, cut] = three.dbs;
    if (!hourly || !batched || !cut) throw new Error('no database');
    const setup = async (db: Db, stopSpanMs: number, stopSpanWallMs = 0) => {
      const { clock, scheduler } = await spanningScheduler(db, stopSpanMs, stopSpanWallMs);
      const job = simpleEarnJobs().find((j) => j.name === FLEX_HOURLY_JOB);
      if (!job) throw new Error('no flexible job');
      // Per flexible hour booked in a batch (by its start): whether its part was offered to resume
      // (PeriodBatch.run's `resume`: only periods that interleave or are independent ran since the last).
      const parts = new Map<number, boolean>();
      const batch = job.batch;
      if (batch)
        job.batch = {
          run: async (tx, first, max, shardRows, resume) => {
            const booked = await batch.run(tx, first, max, shardRows, resume);
            for (let i = 0; i < booked.length; i++)
              parts.set(first.start.getTime() + i * HOUR, resume === true);
            return booked;
          },
        };
      scheduler.register(job);
      for (const other of [
        ...launchPoolJobs(),
        settlementJob(),
        ...stakingJobs(),
        priceHistoryJob(),
        retentionJob(),
      ])
        scheduler.register(other);
      return { clock, scheduler, parts };
    };
    const a = await setup(hourly, 0);
    for (let i = 0; i < HOURS; i++) await a.scheduler.advance(a.clock, 3600);
    const b = await setup(batched, 86_400_000);
    const c = await setup(cut, 86_400_000, 1);
    expect((await b.scheduler.advance(b.clock, HOURS * 3600)).getTime()).toBe(
      period(HOURS - 1).end.getTime(),
    );
    expect(a.parts.size).toBe(0);
    const x = await books(hourly);
    const y = await books(batched);
    // Both pools paid every hour of their run, A's auto-earn stakes their interest; A settled.
    expect(x.lpRewards?.length).toBeGreaterThan(5 * (A_LAST - A_START));
    expect(x.lpInterest?.length).toBe(2 * (A_LAST + 1 - A_START));
    const pgTime = (at: Date) => at.toISOString().replace('T', ' ').replace('.000Z', '+00');
    expect(x.lpProjects).toEqual([
      `1 | ${pgTime(period(A_START).start)} | ${pgTime(period(A_LAST).end)} | ${pgTime(period(A_LAST).end)}`,
      `2 | ${pgTime(period(B_START).start)} | ${pgTime(period(HOURS + 47).end)}`,
    ]);
    expect(x.lpOrders?.filter((o) => o.includes('return')).length).toBe(4);
    for (const key of Object.keys(x)) expect({ [key]: y[key] }).toEqual({ [key]: x[key] });

    // During the pools' run (from B's start), every launch pool hour ends a flexible part, and every
    // flexible hour is booked as a batch, nearly all as parts that resume after the launch pool hour
    // (without Job.interleaves on it, each was booked alone). Alone: only the hour A's returned stakes
    // start earning in (their pending amount moves into principal: not quiet).
    const during = (m: Map<number, boolean>) =>
      Array.from({ length: HOURS - B_START }, (_, k) => m.get(period(B_START + k).start.getTime()));
    const seen = during(b.parts);
    const alone = seen.flatMap((r, k) => (r === undefined ? [B_START + k] : []));
    expect(alone).toEqual([A_LAST + 2]);
    // The hour that settles A does not interleave (its returns subscribe into flexible): the hour after
    // it is not offered to resume, and is planned afresh (a one-hour part).
    expect(seen[A_LAST + 1 - B_START]).toBe(false);
    expect(seen.filter((r) => r === true).length).toBeGreaterThan(HOURS - B_START - 8);

    // Stops cut by wall time (each stop ends after its first instant, its batches booked) write the same.
    expect((await c.scheduler.advance(c.clock, HOURS * 3600)).getTime()).toBe(
      period(HOURS - 1).end.getTime(),
    );
    const z = await books(cut);
    for (const key of Object.keys(x)) expect({ [key]: z[key] }).toEqual({ [key]: x[key] });
    expect(during(c.parts).filter((r) => r === true).length).toBeGreaterThan(HOURS - B_START - 12);

    // The returned auto-earn stakes went into flexible simple earn (pending, then earning).
    const returned = await rows<{ user_id: number; principal: string }>(
      batched,
      sql`SELECT user_id::int, principal::text FROM se_flex_positions WHERE user_id IN (2, 3) AND asset = 'USDT' ORDER BY user_id`,
    );
    expect(returned.map((r) => r.user_id)).toEqual([2, 3]);
    expect(dec(returned[1]?.principal ?? '0').eq('321.45')).toBe(true);
  }, 300_000);
});
