import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakingModule } from '../../src/lines/staking';
import { breakdownModule } from '../../src/views/breakdown';
import { statementsModule } from '../../src/views/statements';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { acceptStaking, advanceTo, D, DAY, floor, toNextMidnight } from '../staking/helpers';

const PATH = '/api/web/v1/earn/statements';
const WHY = '/api/web/v1/earn/rewards/breakdown';

interface Row {
  at: number;
  line: string;
  type: string;
  asset: string;
  amount: string;
  product: string;
  why: { kind: string; ids?: number[] } | null;
}
interface Breakdown {
  kind: string;
  coin: string;
  period_start: number;
  paid: string;
  recorded: string;
}

/**
 * A staking day pays each user one posting per coin: the base reward and every campaign's of that
 * day, summed. Its statement row opens those records, and their paid amounts add up to the row.
 */
describe("a staking day's statement row opens its reward records", { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let m0: number;

  beforeAll(async () => {
    server = await startTestServer({ modules: [stakingModule, statementsModule, breakdownModule] });
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    const userId = await c.register();
    await op.deposit(userId, 'GT', '5000');
    m0 = await toNextMidnight(op, 3600);
    // Base 5 % paid daily from day 1, and a GT campaign from 06:00 of day 1 to 12:00 of day 3.
    const created = await op.call('POST', '/admin/api/staking/products', {
      coin: 'GT',
      type: 1,
      reward_coin: 'GT',
      rate: '5',
      min_mortgage_amount: '1',
      min_redeem_amount: '1',
      reward_delay_days: 1,
      income_days: 1,
      extra_interest: [
        {
          reward_coin: 'GT',
          start_time: m0 + DAY + 6 * 3600,
          end_time: m0 + 3 * DAY + 12 * 3600,
          interest: [{ money_min: '0', money_max: '-1', money_rate: '0.08' }],
        },
      ],
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    await acceptStaking(c, 'GT');
    const staked = await c.post('/apiw/v2/earn/staking/coin-swap-verify', {
      side: 0,
      coin: 'GT',
      amount: '1234.56789',
    });
    expect(staked.body.code, JSON.stringify(staked.body)).toBe(0);
    await advanceTo(op, m0 + 5 * DAY + 3600);
  });
  afterAll(() => server.dispose());

  it('each day: the records it sums (base, and the campaign while it ran), paid amounts adding up to the row', async () => {
    const res = await c.get<{ list: Row[] }>(PATH, { line: 'staking', type: 'reward', limit: 50 });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const list = res.body.data.list;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const withCampaign: number[] = [];
    for (const row of list) {
      expect(row.product, JSON.stringify(row)).toMatch(/^staking day:/);
      expect(row.why?.kind).toBe('staking_day');
      const ids = row.why?.ids ?? [];
      expect(ids.length).toBeGreaterThanOrEqual(1);
      let paid = new D(0);
      for (const id of ids) {
        const b = await c.get<Breakdown>(WHY, { kind: 'staking_day', id });
        expect(b.body.code, JSON.stringify(b.body)).toBe(0);
        expect(b.body.data.coin).toBe('GT');
        // Paid at the end of the day it is for: the row's time.
        expect(b.body.data.period_start + DAY).toBe(row.at);
        expect(b.body.data.paid, JSON.stringify(b.body.data)).toBe(b.body.data.recorded);
        paid = paid.plus(b.body.data.paid);
      }
      expect(paid.toFixed()).toBe(new D(row.amount).toFixed());
      if (ids.length === 2) withCampaign.push(row.at - DAY);
    }
    // The campaign ran on days 1, 2 and 3 (part of 1 and 3): those days' payments sum two records.
    expect(withCampaign.sort((a, b) => a - b)).toEqual([m0 + DAY, m0 + 2 * DAY, m0 + 3 * DAY]);

    // Day 2, written out independently: base 1,234.56789 × 5 % ÷ 365 plus the campaign's whole day,
    // 1,234.56789 × 8 % ÷ 365, each 8 decimals down after its own carry from day 1.
    const day2 = list.find((r) => r.at === m0 + 3 * DAY);
    const principal = new D('1234.56789');
    const baseGross = floor(principal.times(5).div(36500), 18);
    const campaign1 = floor(
      principal
        .times('0.08')
        .times(DAY - 6 * 3600)
        .div(365 * DAY),
      18,
    );
    const campaign2 = floor(
      principal
        .times('0.08')
        .times(DAY)
        .div(365 * DAY),
      18,
    );
    const pay = (carryIn: InstanceType<typeof D>, gross: InstanceType<typeof D>) => {
      const total = carryIn.plus(gross);
      return { paid: floor(total, 8), carry: total.minus(floor(total, 8)) };
    };
    // Base paid on day 0 (the first distribution), day 1, then day 2.
    const b0 = pay(new D(0), baseGross);
    const b1 = pay(b0.carry, baseGross);
    const b2 = pay(b1.carry, baseGross);
    const k1 = pay(new D(0), campaign1);
    const k2 = pay(k1.carry, campaign2);
    expect(day2?.amount).toBe(b2.paid.plus(k2.paid).toFixed());
  });

  it("another user's statement opens nothing of this user's records", async () => {
    const other = new TestClient(server);
    await other.register();
    const res = await other.get<{ list: Row[] }>(PATH, { line: 'staking', limit: 50 });
    expect(res.body.data.list).toEqual([]);
  });
});
