import Decimal from 'decimal.js';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../src/infra/db/schema';
import type { Operator, TestClient, TestServer } from '../harness';
import {
  createProject,
  expectReconciled,
  LP,
  newUser,
  type ProjectWire,
  pool,
  spot,
  startLaunchPool,
} from './helpers';

/**
 * The test's own arithmetic, nothing shared with the server: 200 significant digits rounded to nearest,
 * so a share that is exactly on a unit (11/24 of 0.0123 = 0.0056375) is not read as just below it; the
 * entitlement is taken to 50 places (far below any error of the sums) before the cut to 8 decimals.
 */
const D = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_EVEN });
const floor8 = (x: Decimal) =>
  x.toDecimalPlaces(50, Decimal.ROUND_HALF_EVEN).toDecimalPlaces(8, Decimal.ROUND_DOWN);

const HOUR = 3600;
const HOURS = 6;
type Who = 'A' | 'B' | 'C';
const WHO: Who[] = ['A', 'B', 'C'];

/** The pool's coins: the project's token (NOVA) and two further coins at creation; BTC is added mid-run. */
const COINS: { coin: string; perHour: string; from: number }[] = [
  { coin: 'NOVA', perHour: '100', from: 0 },
  { coin: 'GT', perHour: '7.77', from: 0 },
  { coin: 'ETH', perHour: '0.0123', from: 0 },
  { coin: 'BTC', perHour: '0.001', from: 2 * HOUR + 1234 },
];
const ADD_BTC_AT = 2 * HOUR + 1234;

interface Event {
  /** Seconds after the project start (negative: before it). */
  at: number;
  who: Who;
  kind: 'stake' | 'redeem';
  amount: string;
}

/** Joining and leaving mid-hour; everyone out from 3h+20s, nobody in hour 4. */
const EVENTS: Event[] = [
  { at: -600, who: 'A', kind: 'stake', amount: '100' },
  { at: 1000, who: 'B', kind: 'stake', amount: '300' },
  { at: 2 * HOUR + 100, who: 'C', kind: 'stake', amount: '50.5' },
  { at: 2 * HOUR + 2000, who: 'B', kind: 'redeem', amount: '300' },
  { at: 3 * HOUR + 10, who: 'A', kind: 'redeem', amount: '100' },
  { at: 3 * HOUR + 20, who: 'C', kind: 'redeem', amount: '50.5' },
  { at: 5 * HOUR + 1800, who: 'B', kind: 'stake', amount: '20' },
  { at: 5 * HOUR + 3000, who: 'A', kind: 'stake', amount: '7.77' },
];

/**
 * Expected payouts of one coin per user and hour: within each stretch between two events (and the
 * coin's addition) every user earns per_hour x seconds / 3600 x stake / pool stake; each hour pays the
 * cumulative entitlement cut to 8 decimals, less what was paid before.
 */
function expectedPayouts(perHour: string, from: number): Record<Who, Decimal[]> {
  const stakes: Record<Who, Decimal> = { A: new D(0), B: new D(0), C: new D(0) };
  const cumulative: Record<Who, Decimal> = { A: new D(0), B: new D(0), C: new D(0) };
  const paid: Record<Who, Decimal> = { A: new D(0), B: new D(0), C: new D(0) };
  const payouts: Record<Who, Decimal[]> = { A: [], B: [], C: [] };
  const events = [...EVENTS].sort((a, b) => a.at - b.at);
  let next = 0;
  while (next < events.length && (events[next] as Event).at <= 0) apply(events[next++] as Event);
  let t = 0;
  for (let hour = 0; hour < HOURS; hour++) {
    const hourEnd = (hour + 1) * HOUR;
    while (t < hourEnd) {
      const nextAt = next < events.length ? Math.min((events[next] as Event).at, hourEnd) : hourEnd;
      earn(t, nextAt);
      t = nextAt;
      while (next < events.length && (events[next] as Event).at === t && t < hourEnd)
        apply(events[next++] as Event);
    }
    for (const who of WHO) {
      const pay = floor8(cumulative[who]).minus(paid[who]);
      paid[who] = paid[who].plus(pay);
      payouts[who].push(pay);
    }
  }
  return payouts;

  function apply(e: Event) {
    stakes[e.who] = e.kind === 'stake' ? stakes[e.who].plus(e.amount) : stakes[e.who].minus(e.amount);
  }
  function earn(a: number, b: number) {
    const seconds = b - Math.max(a, from);
    const total = stakes.A.plus(stakes.B).plus(stakes.C);
    if (seconds <= 0 || total.isZero()) return;
    for (const who of WHO) {
      cumulative[who] = cumulative[who].plus(
        new D(perHour).times(seconds).div(HOUR).times(stakes[who]).div(total),
      );
    }
  }
}

const sum = (list: Decimal[]) => list.reduce((a, b) => a.plus(b), new D(0));

type RewardRow = {
  pid: number;
  rid: number;
  name: string;
  coin: string;
  reward_coin: string;
  amount: string;
  hour_start: number;
};
type Err = { key: string; params: Record<string, string | number> };

describe('launch-pool multi mining on the test clock', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
  });
  afterAll(() => server.dispose());

  it('refuses malformed multi-mining pools and reward-coin edits', async () => {
    const now = await op.now();
    const start = Math.floor(now / HOUR) * HOUR + HOUR;
    const body = (pools: unknown[]) => ({
      reward_coin: 'NOVA',
      name: 'x',
      start_timest: start,
      end_timest: start + 2 * HOUR,
      pools,
    });
    let res = await op.call<Err>(
      'POST',
      '/admin/api/launch-pool/projects',
      body([pool('USDT', { reward_pool_type: 1 })]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('reward_coins');
    res = await op.call('POST', '/admin/api/launch-pool/projects', {
      ...body([pool('USDT', { reward_coins: [{ coin: 'GT', reward_per_hour: '1', rate_year: '1' }] })]),
    });
    expect(res.status).toBe(400);
    res = await op.call('POST', '/admin/api/launch-pool/projects', {
      ...body([
        pool('USDT', {
          reward_pool_type: 1,
          reward_coins: [{ coin: 'NOVA', reward_per_hour: '1', rate_year: '1' }],
        }),
      ]),
    });
    expect(res.status).toBe(400);
    res = await op.call('POST', '/admin/api/launch-pool/projects', {
      ...body([
        pool('USDT', {
          reward_pool_type: 1,
          reward_coins: [
            { coin: 'GT', reward_per_hour: '1', rate_year: '1' },
            { coin: 'GT', reward_per_hour: '2', rate_year: '1' },
          ],
        }),
      ]),
    });
    expect(res.status).toBe(409);
    // Nothing of a refused project was kept.
    const projects = await op.call<{ list: unknown[] }>('GET', '/admin/api/launch-pool/projects');
    expect(projects.body.data.list).toHaveLength(0);

    const project = await createProject(op, {
      start,
      hours: 2,
      pools: [
        pool('USDT'),
        pool('GT', {
          reward_pool_type: 1,
          reward_coins: [{ coin: 'ETH', reward_per_hour: '0.5', rate_year: '2' }],
        }),
      ],
    });
    const [lock, multi] = project.reward_pools as [
      ProjectWire['reward_pools'][0],
      ProjectWire['reward_pools'][0],
    ];
    res = await op.call('POST', `/admin/api/launch-pool/pools/${lock.rid}/reward-coins`, {
      coin: 'BTC',
      reward_per_hour: '1',
      rate_year: '1',
    });
    expect(res.status).toBe(409);
    res = await op.call('POST', `/admin/api/launch-pool/pools/${multi.rid}/reward-coins`, {
      coin: 'ETH',
      reward_per_hour: '1',
      rate_year: '1',
    });
    expect(res.status).toBe(409);
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${multi.rid}/reward-coins/ETH`, {
      rate_year: '2.75',
    });
    expect(res.body).toMatchObject({ code: 0, data: { rid: multi.rid, coin: 'ETH', rate_year: '2.75' } });
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${multi.rid}/reward-coins/BTC`, {
      rate_year: '1',
    });
    expect(res.status).toBe(404);
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${multi.rid}/reward-coins/ETH`, {
      reward_per_hour: '9',
    });
    expect(res.status).toBe(400);
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${multi.rid}`, { reward_pool_type: 0 });
    expect(res.status).toBe(409);
    const info = await op.call<ProjectWire>('GET', `${LP}/project-info?projectId=${project.pid}`);
    // The pool's yearly rate is what a stake earns in all: the project coin's part and every further coin's.
    expect(info.body.data.reward_pools[1]?.rate_year).toBe('27.75');
    expect(info.body.data.reward_pools[0]?.rate_year).toBe('25');
    expect(info.body.data.reward_pools[1]?.reward_coins).toEqual([
      { coin: 'NOVA', reward_per_hour: '100', rate_year: '25', total_reward_amount: '200' },
      { coin: 'ETH', reward_per_hour: '0.5', rate_year: '2.75', total_reward_amount: '1' },
    ]);
    expect(info.body.data.reward_pools[0]?.reward_coins).toEqual([
      { coin: 'NOVA', reward_per_hour: '100', rate_year: '25', total_reward_amount: '200' },
    ]);
    await expectReconciled(op);
  });

  it('pays every reward coin by stake and time to the 8th decimal, each through its own accumulator', async () => {
    const t0 = await op.now();
    const start = Math.floor(t0 / HOUR) * HOUR + 3 * HOUR;
    const project = await createProject(op, {
      name: 'Multi',
      start,
      hours: HOURS,
      pools: [
        pool('USDT', {
          reward_pool_type: 1,
          personal_min_amount: '1',
          personal_max_amount: '100000',
          reward_per_hour: '100',
          rate_year: '10',
          reward_coins: [
            { coin: 'GT', reward_per_hour: '7.77', rate_year: '3' },
            { coin: 'ETH', reward_per_hour: '0.0123', rate_year: '2' },
          ],
        }),
      ],
    });
    const rid = (project.reward_pools[0] as { rid: number }).rid;
    expect(project.reward_pools[0]?.rate_year).toBe('15');
    expect(project.reward_pools[0]?.reward_coins).toEqual([
      { coin: 'NOVA', reward_per_hour: '100', rate_year: '10', total_reward_amount: '600' },
      { coin: 'GT', reward_per_hour: '7.77', rate_year: '3', total_reward_amount: '46.62' },
      { coin: 'ETH', reward_per_hour: '0.0123', rate_year: '2', total_reward_amount: '0.0738' },
    ]);
    const users: Record<Who, { client: TestClient; id: number }> = {
      A: await newUser(server, op, { USDT: '1000' }),
      B: await newUser(server, op, { USDT: '1000' }),
      C: await newUser(server, op, { USDT: '1000' }),
    };

    const steps = [...EVENTS.map((e) => ({ at: e.at, e })), { at: ADD_BTC_AT, e: null }].sort(
      (a, b) => a.at - b.at,
    );
    for (const { at, e } of steps) {
      await op.advance(start + at - (await op.now()));
      if (!e) {
        const added = await op.call<{ reward_coins: { coin: string }[] }>(
          'POST',
          `/admin/api/launch-pool/pools/${rid}/reward-coins`,
          { coin: 'BTC', reward_per_hour: '0.001', rate_year: '1.5' },
        );
        expect(added.body.code, JSON.stringify(added.body)).toBe(0);
        expect(added.body.data.reward_coins.map((c) => c.coin)).toEqual(['NOVA', 'GT', 'ETH', 'BTC']);
        const info = await users.A.client.get<ProjectWire>(`${LP}/project-info`, { projectId: project.pid });
        expect(info.body.data.reward_pools[0]?.rate_year).toBe('16.5');
        continue;
      }
      const res = await users[e.who].client.post(`${LP}/${e.kind === 'stake' ? 'create-order' : 'redeem'}`, {
        pid: project.pid,
        rid,
        amount: e.amount,
        simpleEarnStatus: 0,
      });
      expect(res.body.code, `${e.who} ${e.kind} ${e.amount} at ${e.at}: ${JSON.stringify(res.body)}`).toBe(0);
    }

    // Mid-run, after hour 5 (nobody staked in hour 4): statistics per coin.
    await op.advance(start + 5 * HOUR + 3300 - (await op.now()));
    const expected = Object.fromEntries(COINS.map((c) => [c.coin, expectedPayouts(c.perHour, c.from)]));
    const paidUpTo = (who: Who, coin: string, hours: number) =>
      sum((expected[coin] as Record<Who, Decimal[]>)[who].slice(0, hours));
    const statsA = await users.A.client.get<
      { rid: number; lastRewardAmount: string; lastHourRewardAmount: string; rewards: unknown[] }[]
    >(`${LP}/user-project-statistics`, { pid: project.pid });
    expect(statsA.body.data[0]).toMatchObject({
      rid,
      lastRewardAmount: paidUpTo('A', 'NOVA', 5).toFixed(),
      lastHourRewardAmount: '0',
      rewards: COINS.map((c) => ({
        coin: c.coin,
        lastRewardAmount: paidUpTo('A', c.coin, 5).toFixed(),
        lastHourRewardAmount: '0',
      })),
    });

    await op.advance(start + HOURS * HOUR + HOUR - (await op.now()));

    const totals: Record<string, Decimal> = {};
    for (const who of WHO) {
      const res = await users[who].client.get<{ list: RewardRow[]; total: number }>(`${LP}/my-rewards`, {
        limit: 100,
      });
      const got = new Map(
        res.body.data.list.map((r) => [`${r.reward_coin}@${r.hour_start - start}`, r.amount]),
      );
      const want = new Map<string, string>();
      for (const { coin } of COINS) {
        (expected[coin] as Record<Who, Decimal[]>)[who].forEach((pay, hour) => {
          if (pay.gt(0)) want.set(`${coin}@${hour * HOUR}`, pay.toFixed());
        });
      }
      expect(got).toEqual(want);
      // Each row names its pool: the project and the stake coin.
      expect(new Set(res.body.data.list.map((r) => `${r.name} · ${r.coin}`))).toEqual(
        new Set(['Multi · USDT']),
      );
      // Hour 4 had nobody staked: no coin paid anything for it.
      expect([...got.keys()].some((k) => k.endsWith(`@${4 * HOUR}`))).toBe(false);

      const balances = await spot(op, users[who].id);
      for (const { coin } of COINS) {
        const paid = sum((expected[coin] as Record<Who, Decimal[]>)[who]);
        totals[coin] = (totals[coin] ?? new D(0)).plus(paid);
        expect(balances.spot?.[coin] ?? '0', `${who} ${coin}`).toBe(paid.toFixed());
      }
      expect(balances.spot?.USDT).toBe('1000');

      const stats = await users[who].client.get<Record<string, unknown>[]>(`${LP}/user-project-statistics`, {
        pid: project.pid,
      });
      expect(stats.body.data[0]).toMatchObject({
        amount: '0',
        valid_amount: '0',
        rewards: COINS.map(({ coin }) => ({
          coin,
          lastRewardAmount: sum((expected[coin] as Record<Who, Decimal[]>)[who]).toFixed(),
          lastHourRewardAmount: (
            (expected[coin] as Record<Who, Decimal[]>)[who][HOURS - 1] as Decimal
          ).toFixed(),
        })),
      });
      const stakes = await users[who].client.get<{ list: { rewards: unknown[] }[] }>(`${LP}/my-stakes`);
      expect(stakes.body.data.list[0]?.rewards).toEqual(
        COINS.map(({ coin }) => ({
          coin,
          total_reward: sum((expected[coin] as Record<Who, Decimal[]>)[who]).toFixed(),
        })),
      );
    }
    // The expected figures are not trivially zero: every coin paid every user something.
    for (const { coin } of COINS) expect(totals[coin]?.gt(0), coin).toBe(true);
    // A did not move between BTC's addition and that hour's end: it had no BTC row until the payout made
    // one with snapshot 0, and it was paid for the seconds after the addition all the same.
    expect((expected.BTC as Record<Who, Decimal[]>).A[2]?.gt(0)).toBe(true);

    // Each coin's unpaid reward (hours nobody staked, hours before BTC was added) went back to the project.
    const accounts = await server.deps.db
      .select()
      .from(ledgerAccounts)
      .where(like(ledgerAccounts.purpose, 'launchpool_%'));
    const balanceOf = (asset: string, purpose: string) =>
      new D(accounts.find((a) => a.asset === asset && a.purpose === purpose)?.balance ?? '0');
    for (const { coin } of COINS) {
      expect(balanceOf(coin, `launchpool_rewards:${rid}`).toFixed(), coin).toBe('0');
    }
    for (const coin of ['GT', 'ETH', 'BTC']) {
      expect(balanceOf(coin, 'launchpool_project').toFixed(), coin).toBe(
        (totals[coin] as Decimal).negated().toFixed(),
      );
    }
    await expectReconciled(op);

    // Re-running the due jobs pays nothing twice.
    expect((await op.call('POST', '/admin/api/jobs/run-due')).body.code).toBe(0);
    expect((await spot(op, users.A.id)).spot?.GT).toBe(
      sum((expected.GT as Record<Who, Decimal[]>).A).toFixed(),
    );
    const rows = await server.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.asset, 'ETH'), eq(ledgerAccounts.purpose, `launchpool_rewards:${rid}`)));
    expect(new D(rows[0]?.balance ?? '0').toFixed()).toBe('0');

    // The reward history's date range: hours starting within [start + 1h, start + 2h] only.
    const ranged = await users.A.client.get<{ list: RewardRow[]; total: number }>(`${LP}/my-rewards`, {
      start_time: start + HOUR,
      end_time: start + 2 * HOUR,
      limit: 100,
    });
    const inRange = COINS.flatMap(({ coin }) =>
      [1, 2]
        .filter((h) => ((expected[coin] as Record<Who, Decimal[]>).A[h] as Decimal).gt(0))
        .map((h) => `${coin}@${h * HOUR}`),
    );
    expect(ranged.body.data.total).toBe(inRange.length);
    expect(ranged.body.data.list.map((r) => `${r.reward_coin}@${r.hour_start - start}`).sort()).toEqual(
      inRange.sort(),
    );
    const gtOnly = await users.A.client.get<{ list: RewardRow[] }>(`${LP}/my-rewards`, {
      start_time: start,
      end_time: start + HOURS * HOUR,
      reward_coin: 'GT',
      limit: 100,
    });
    expect(gtOnly.body.data.list.every((r) => r.reward_coin === 'GT')).toBe(true);
    expect(sum(gtOnly.body.data.list.map((r) => new D(r.amount))).toFixed()).toBe(
      sum((expected.GT as Record<Who, Decimal[]>).A).toFixed(),
    );
  });

  it('limits the reward history to 6 months and refuses a reversed range', async () => {
    const { client } = await newUser(server, op);
    const now = await op.now();
    const DAY = 86_400;
    // 181 days from the first day's start to the last day's end is the longest range.
    let res = await client.get<{ list: unknown[]; total: number }>(`${LP}/my-rewards`, {
      start_time: now - 181 * DAY,
      end_time: now,
    });
    expect(res.body).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    res = await client.get(`${LP}/my-rewards`, { end_time: now });
    expect(res.body.code).toBe(0);
    const tooLong = await client.get<Err>(`${LP}/my-rewards`, {
      start_time: now - 181 * DAY - 1,
      end_time: now,
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.code).toBe(42200);
    expect(tooLong.body.data).toEqual({
      key: 'analysis.date.picker.limit.tip',
      params: { months: 6, days: 180 },
    });
    const reversed = await client.get<Err>(`${LP}/my-rewards`, { start_time: now, end_time: now - 1 });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe(40000);
    expect(reversed.body.data.key).toBe('finances.startupMining.history.range.reversed');
    const bad = await client.get<Err>(`${LP}/my-rewards`, { start_time: 'yesterday' });
    expect(bad.status).toBe(400);
  });
});
