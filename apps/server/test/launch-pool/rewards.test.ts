import Decimal from 'decimal.js';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchpoolOrders, ledgerAccounts } from '../../src/infra/db/schema';
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

/** The test's own arithmetic: far more digits than any payout needs, nothing shared with the server. */
const D = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_DOWN });
const floor8 = (x: Decimal) => x.toDecimalPlaces(8, Decimal.ROUND_DOWN);

const HOUR = 3600;
const REWARD_PER_HOUR = '1000';
const HOURS = 24;

type Who = 'A' | 'B' | 'C';
interface Event {
  /** Seconds after the project start (negative: before it). */
  at: number;
  who: Who;
  kind: 'stake' | 'redeem';
  amount: string;
}

/** Three users joining and leaving mid-hour; everyone out during hour 4, nobody in hour 5. */
const EVENTS: Event[] = [
  { at: -1800, who: 'A', kind: 'stake', amount: '100' },
  { at: 1234, who: 'B', kind: 'stake', amount: '250' },
  { at: HOUR + 777, who: 'A', kind: 'stake', amount: '50' },
  { at: HOUR + 2000, who: 'C', kind: 'stake', amount: '33.33' },
  { at: 2 * HOUR + 59, who: 'B', kind: 'redeem', amount: '100' },
  { at: 3 * HOUR + 3599, who: 'C', kind: 'stake', amount: '1.07' },
  { at: 4 * HOUR + 10, who: 'A', kind: 'redeem', amount: '150' },
  { at: 4 * HOUR + 20, who: 'B', kind: 'redeem', amount: '150' },
  { at: 4 * HOUR + 30, who: 'C', kind: 'redeem', amount: '34.4' },
  { at: 6 * HOUR + 1800, who: 'C', kind: 'stake', amount: '77.77' },
  { at: 6 * HOUR + 1801, who: 'A', kind: 'stake', amount: '12.34' },
  { at: 10 * HOUR + 3000, who: 'B', kind: 'stake', amount: '500' },
  { at: 15 * HOUR + 1, who: 'A', kind: 'redeem', amount: '2.34' },
  { at: 23 * HOUR + 3599, who: 'B', kind: 'stake', amount: '3' },
];

/**
 * Expected payouts per user and hour, computed independently: within each stretch of time between
 * two events every user earns reward_per_hour x seconds / 3600 x their stake / the pool's stake;
 * each hour pays what the cumulative entitlement reached, cut to 8 decimals, less what was paid.
 */
function expectedPayouts(): Record<Who, Decimal[]> {
  const stakes: Record<Who, Decimal> = { A: new D(0), B: new D(0), C: new D(0) };
  const cumulative: Record<Who, Decimal> = { A: new D(0), B: new D(0), C: new D(0) };
  const paid: Record<Who, Decimal> = { A: new D(0), B: new D(0), C: new D(0) };
  const payouts: Record<Who, Decimal[]> = { A: [], B: [], C: [] };
  const events = [...EVENTS].sort((a, b) => a.at - b.at);
  let t = 0;
  let next = 0;
  while (next < events.length && (events[next] as Event).at <= 0) applyEvent(events[next++] as Event);
  for (let hour = 0; hour < HOURS; hour++) {
    const hourEnd = (hour + 1) * HOUR;
    while (t < hourEnd) {
      const nextAt = next < events.length ? Math.min((events[next] as Event).at, hourEnd) : hourEnd;
      earn(nextAt - t);
      t = nextAt;
      while (next < events.length && (events[next] as Event).at === t && t < hourEnd)
        applyEvent(events[next++] as Event);
    }
    for (const who of ['A', 'B', 'C'] as Who[]) {
      const pay = floor8(cumulative[who]).minus(paid[who]);
      paid[who] = paid[who].plus(pay);
      payouts[who].push(pay);
    }
  }
  return payouts;

  function applyEvent(e: Event) {
    stakes[e.who] = e.kind === 'stake' ? stakes[e.who].plus(e.amount) : stakes[e.who].minus(e.amount);
  }
  function earn(seconds: number) {
    const total = stakes.A.plus(stakes.B).plus(stakes.C);
    if (seconds <= 0 || total.isZero()) return;
    for (const who of ['A', 'B', 'C'] as Who[]) {
      cumulative[who] = cumulative[who].plus(
        new D(REWARD_PER_HOUR).times(seconds).div(HOUR).times(stakes[who]).div(total),
      );
    }
  }
}

describe('launch-pool rewards on the test clock', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
  });
  afterAll(() => server.dispose());

  it('pays three users exactly by stake and time, keeps an empty hour in the pool and returns stakes at the end', async () => {
    const t0 = await op.now();
    const start = t0 + HOUR;
    const project = await createProject(op, {
      start,
      hours: HOURS,
      pools: [
        pool('USDT', {
          personal_min_amount: '1',
          personal_max_amount: '100000',
          decimal_place: 2,
          reward_per_hour: REWARD_PER_HOUR,
        }),
      ],
    });
    const rid = (project.reward_pools[0] as { rid: number }).rid;
    const users: Record<Who, { client: TestClient; id: number }> = {
      A: await newUser(server, op, { USDT: '10000' }),
      B: await newUser(server, op, { USDT: '10000' }),
      C: await newUser(server, op, { USDT: '10000' }),
    };

    for (const e of [...EVENTS].sort((a, b) => a.at - b.at)) {
      const now = await op.now();
      await op.advance(start + e.at - now);
      const res = await users[e.who].client.post(`${LP}/${e.kind === 'stake' ? 'create-order' : 'redeem'}`, {
        pid: project.pid,
        rid,
        amount: e.amount,
        simpleEarnStatus: 0,
      });
      expect(res.body.code, `${e.who} ${e.kind} ${e.amount} at ${e.at}: ${JSON.stringify(res.body)}`).toBe(0);
      if (e.at === 6 * HOUR + 1801) {
        // Mid-run: the last paid hour (5) had nobody staked, so nobody got anything for it.
        const stats = await users.A.client.get<
          { amount: string; valid_amount: string; lastHourRewardAmount: string }[]
        >(`${LP}/user-project-statistics`, { pid: project.pid });
        expect(stats.body.data[0]).toMatchObject({
          amount: '12.34',
          valid_amount: '12.34',
          lastHourRewardAmount: '0',
        });
      }
    }
    await op.advance(start + HOURS * HOUR + HOUR - (await op.now()));

    const expected = expectedPayouts();
    let totalPaid = new D(0);
    for (const who of ['A', 'B', 'C'] as Who[]) {
      const res = await users[who].client.get<{
        list: { hour_start: number; amount: string; rid: number }[];
        total: number;
      }>(`${LP}/my-rewards`, { limit: 100 });
      const got = new Map(res.body.data.list.map((r) => [r.hour_start, r.amount]));
      const want = new Map<number, string>();
      expected[who].forEach((pay, hour) => {
        if (pay.gt(0)) want.set(start + hour * HOUR, pay.toFixed());
      });
      expect(got).toEqual(want);
      expect(got.has(start + 5 * HOUR)).toBe(false);
      const sum = expected[who].reduce((a, b) => a.plus(b), new D(0));
      totalPaid = totalPaid.plus(sum);
      const balances = await spot(op, users[who].id);
      expect(balances.spot?.NOVA ?? '0').toBe(sum.toFixed());
      // Every stake is back in spot once the project ended.
      expect(balances.spot?.USDT).toBe('10000');
      expect(balances.launchpool?.USDT ?? '0').toBe('0');
      const stats = await users[who].client.get<
        { amount: string; valid_amount: string; lastRewardAmount: string; lastHourRewardAmount: string }[]
      >(`${LP}/user-project-statistics`, { pid: project.pid });
      expect(stats.body.data[0]).toMatchObject({
        amount: '0',
        valid_amount: '0',
        lastRewardAmount: sum.toFixed(),
        lastHourRewardAmount: (expected[who][HOURS - 1] as Decimal).toFixed(),
      });
    }
    // A nobody-staked hour (5) and most of hour 4 stayed in the pool and went back to the project.
    const accounts = await server.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.asset, 'NOVA'), like(ledgerAccounts.purpose, 'launchpool_%')));
    const balanceOf = (purpose: string) => new D(accounts.find((a) => a.purpose === purpose)?.balance ?? '0');
    expect(balanceOf(`launchpool_rewards:${rid}`).toFixed()).toBe('0');
    expect(balanceOf('launchpool_project').toFixed()).toBe(totalPaid.negated().toFixed());
    expect(new D(HOURS).times(REWARD_PER_HOUR).minus(totalPaid).gt(1000)).toBe(true);

    const returns = await server.deps.db
      .select()
      .from(launchpoolOrders)
      .where(and(eq(launchpoolOrders.rid, rid), eq(launchpoolOrders.kind, 'return')));
    expect(returns.map((r) => [r.userId, new D(r.amount).toFixed()]).sort()).toEqual(
      [
        [users.A.id, '10'],
        [users.B.id, '503'],
        [users.C.id, '77.77'],
      ].sort(),
    );
    const sumA = expected.A.reduce((a, b) => a.plus(b), new D(0)).toFixed();
    const stakes = await users.A.client.get<{ list: Record<string, unknown>[]; total: number }>(
      `${LP}/my-stakes`,
    );
    expect(stakes.body.data).toEqual({
      list: [
        expect.objectContaining({
          pid: project.pid,
          rid,
          amount: '0',
          total_reward: sumA,
          state: 3,
          reward_coin: 'NOVA',
        }),
      ],
      total: 1,
    });
    const orders = await users.A.client.get<{ list: { kind: string; amount: string }[]; total: number }>(
      `${LP}/orders`,
    );
    expect(orders.body.data.list.map((o) => [o.kind, o.amount])).toEqual([
      ['return', '10'],
      ['redeem', '2.34'],
      ['stake', '12.34'],
      ['redeem', '150'],
      ['stake', '50'],
      ['stake', '100'],
    ]);
    const info = await users.A.client.get<ProjectWire>(`${LP}/project-info`, { projectId: project.pid });
    expect(info.body.data).toMatchObject({ state: 3 });
    expect(info.body.data.reward_pools[0]).toMatchObject({ staked_total: '0' });
    await expectReconciled(op);

    // Re-running the hour's payout cannot pay twice: the (reason, ref) of each pool-hour entry is unique.
    const again = await op.call('POST', '/admin/api/jobs/run-due');
    expect(again.body.code).toBe(0);
    expect((await spot(op, users.A.id)).spot?.NOVA).toBe(
      expected.A.reduce((a, b) => a.plus(b), new D(0)).toFixed(),
    );
  });
});
