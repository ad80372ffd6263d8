import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operator, TestClient, TestServer } from '../harness';
import {
  createProject,
  expectReconciled,
  LP,
  newUser,
  pool,
  ridOf,
  startLaunchPool,
} from '../launch-pool/helpers';

const WHY = '/api/web/v1/earn/rewards/breakdown';
/** The test's own arithmetic: far more digits than any payout needs, nothing shared with the server. */
const D = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_DOWN });
const floor8 = (x: Decimal) => x.toDecimalPlaces(8, Decimal.ROUND_DOWN);
const HOUR = 3600;
const REWARD_PER_HOUR = '1000';
const HOURS = 5;

type Who = 'A' | 'B';
/** Seconds after the project's start; A alone in hour 0, B joins mid-hour 1, A adds mid-hour 3. */
const EVENTS: { at: number; who: Who; amount: string }[] = [
  { at: -600, who: 'A', amount: '100' },
  { at: HOUR + 1200, who: 'B', amount: '200' },
  { at: 3 * HOUR + 1800, who: 'A', amount: '50' },
];

interface Breakdown {
  kind: string;
  coin: string;
  principal: string;
  principal_coin: string;
  rate_percent: string | null;
  period_start: number;
  period_end: number;
  formula: string;
  gross: string;
  carry_in: string;
  total: string;
  paid: string;
  carry_out: string;
  recorded: string;
  carried: boolean;
  pool: {
    pool_total: string;
    reward_per_hour: string;
    share_percent: string;
    acc_step: string;
    earlier: string;
    stake_reward: string;
    steady: boolean;
  } | null;
}

/**
 * Independently: between two events every stake earns reward per hour × seconds ÷ 3,600 × its share;
 * each hour pays the floor of the cumulative less what was paid, and carries the rest.
 */
function expected(): Record<Who, { pay: Decimal; carry: Decimal; stake: Decimal; total: Decimal }[]> {
  const stakes: Record<Who, Decimal> = { A: new D(0), B: new D(0) };
  const cumulative: Record<Who, Decimal> = { A: new D(0), B: new D(0) };
  const paid: Record<Who, Decimal> = { A: new D(0), B: new D(0) };
  const out: ReturnType<typeof expected> = { A: [], B: [] };
  const earn = (seconds: number) => {
    const total = stakes.A.plus(stakes.B);
    if (seconds <= 0 || total.isZero()) return;
    for (const who of ['A', 'B'] as Who[])
      cumulative[who] = cumulative[who].plus(
        new D(REWARD_PER_HOUR).times(seconds).div(HOUR).times(stakes[who]).div(total),
      );
  };
  let t = 0;
  for (const e of EVENTS.filter((x) => x.at <= 0)) stakes[e.who] = stakes[e.who].plus(e.amount);
  for (let hour = 0; hour < HOURS; hour++) {
    const end = (hour + 1) * HOUR;
    for (const e of EVENTS.filter((x) => x.at > hour * HOUR && x.at < end)) {
      earn(e.at - t);
      t = e.at;
      stakes[e.who] = stakes[e.who].plus(e.amount);
    }
    earn(end - t);
    t = end;
    for (const who of ['A', 'B'] as Who[]) {
      const pay = floor8(cumulative[who]).minus(paid[who]);
      paid[who] = paid[who].plus(pay);
      out[who].push({
        pay,
        carry: cumulative[who].minus(paid[who]),
        stake: stakes[who],
        total: stakes.A.plus(stakes.B),
      });
    }
  }
  return out;
}

describe('why this reward: a launch-pool hour', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  const users = {} as Record<Who, { client: TestClient; id: number }>;
  let rid = 0;
  let start = 0;

  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
    users.A = await newUser(server, op, { USDT: '1000' });
    users.B = await newUser(server, op, { USDT: '1000' });
  });
  afterAll(() => server.dispose());

  it("breaks every hour down to its paid reward, each hour's carry out the next hour's carry in", async () => {
    const now = await op.now();
    start = now - (now % HOUR) + 2 * HOUR;
    const project = await createProject(op, {
      start,
      hours: HOURS,
      pools: [
        pool('USDT', {
          personal_min_amount: '1',
          personal_max_amount: '1000',
          reward_per_hour: REWARD_PER_HOUR,
        }),
      ],
    });
    rid = ridOf(project);
    for (const e of EVENTS) {
      await op.advance(start + e.at - (await op.now()));
      const res = await users[e.who].client.post(`${LP}/create-order`, {
        pid: project.pid,
        rid,
        amount: e.amount,
        simpleEarnStatus: 0,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
    await op.advance(start + HOURS * HOUR + 60 - (await op.now()));

    const want = expected();
    // Which hours were one stretch at one pool total for the user: A in 0, 2, 4; B in 2, 3 and 4.
    const steady: Record<Who, boolean[]> = {
      A: [true, false, true, false, true],
      B: [false, false, true, false, true],
    };
    for (const who of ['A', 'B'] as Who[]) {
      const { client } = users[who];
      const list = await client.get<{ list: { hour_start: number; amount: string; rid: number }[] }>(
        `${LP}/my-rewards`,
        { limit: 100 },
      );
      const records = new Map(list.body.data.list.map((r) => [r.hour_start, r.amount]));
      let carryIn: string | null = null;
      for (let hour = 0; hour < HOURS; hour++) {
        const w = want[who][hour];
        if (!w) throw new Error('missing expectation');
        const hourStart = start + hour * HOUR;
        if (w.pay.isZero()) {
          expect(records.has(hourStart)).toBe(false); // B before joining
          continue;
        }
        const res = await client.get<Breakdown>(WHY, {
          kind: 'launchpool_hour',
          rid,
          coin: 'NOVA',
          hour: hourStart,
        });
        expect(res.body.code, JSON.stringify(res.body)).toBe(0);
        const b = res.body.data;
        const label = `${who} hour ${hour}`;
        // The paid amount: the record, the breakdown and the independent chain, to the 8th decimal.
        expect(b.paid, label).toBe(records.get(hourStart));
        expect(b.recorded, label).toBe(b.paid);
        expect(b.paid, label).toBe(w.pay.toFixed());
        expect(b).toMatchObject({
          kind: 'launchpool_hour',
          coin: 'NOVA',
          principal: w.stake.toFixed(),
          principal_coin: 'USDT',
          rate_percent: null,
          period_start: hourStart,
          period_end: hourStart + HOUR,
          carried: true,
        });
        expect(b.pool, label).toMatchObject({
          pool_total: w.total.toFixed(),
          reward_per_hour: REWARD_PER_HOUR,
          share_percent: floor8(w.stake.div(w.total).times(100)).toFixed(),
          steady: steady[who][hour],
        });
        // The fraction carried: out of one hour, into the next; and as the exact chain leaves it.
        if (carryIn !== null) expect(b.carry_in, label).toBe(carryIn);
        expect(new D(b.carry_out).minus(w.carry).abs().lt('1e-20'), `${label} carry`).toBe(true);
        expect(new D(b.carry_out).lt('0.00000001')).toBe(true);
        expect(new D(b.paid).plus(b.carry_out).toFixed()).toBe(b.total);
        expect(new D(b.carry_in).plus(b.gross).minus(b.total).abs().lte('1e-24'), label).toBe(true);
        if (b.pool?.steady) {
          expect(b.formula).toBe(
            `${REWARD_PER_HOUR} × ${b.principal} ÷ ${b.pool.pool_total} = ${b.pool.stake_reward}`,
          );
        } else {
          expect(b.formula).toMatch(new RegExp(`^${b.principal} × ${b.pool?.acc_step}`));
        }
        carryIn = b.carry_out;
      }
    }
    // A's stake change in hour 3 settled what A earned before it; B joined mid-hour 1 with nothing earlier.
    const a3 = await users.A.client.get<Breakdown>(WHY, {
      kind: 'launchpool_hour',
      rid,
      coin: 'NOVA',
      hour: start + 3 * HOUR,
    });
    expect(new D(a3.body.data.pool?.earlier ?? '0').gt(0)).toBe(true);
    await expectReconciled(op);
  });

  it("answers 404 for another user's hour and an hour without reward, 400 without the pool", async () => {
    const theirs = await users.B.client.get(WHY, { kind: 'launchpool_hour', rid, coin: 'NOVA', hour: start });
    expect(theirs.status).toBe(404);
    const before = await users.A.client.get(WHY, {
      kind: 'launchpool_hour',
      rid,
      coin: 'NOVA',
      hour: start - HOUR,
    });
    expect(before.status).toBe(404);
    const bad = await users.A.client.get<{ key: string; params: { field: string } }>(WHY, {
      kind: 'launchpool_hour',
      coin: 'NOVA',
      hour: start,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.key).toBe('common.invalidParams');
    expect(bad.body.message).toBe('rid, coin and hour are required for launchpool_hour');
    expect(bad.body.data.params).toEqual({ field: 'rid,coin,hour' });
  });
});
