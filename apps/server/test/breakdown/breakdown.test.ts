import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { softStakingModule } from '../../src/lines/soft-staking';
import { stakingModule } from '../../src/lines/staking';
import { breakdownModule } from '../../src/views/breakdown';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { fixedProduct } from '../simple-earn/helpers';
import { acceptStaking, advanceTo, D, DAY, floor, toNextMidnight } from '../staking/helpers';

const WHY = '/api/web/v1/earn/rewards/breakdown';
interface Breakdown {
  kind: string;
  coin: string;
  principal: string;
  principal_coin: string;
  rate_percent: string;
  period_start: number;
  period_end: number;
  formula: string;
  gross: string;
  carry_in: string;
  total: string;
  paid: string;
  carry_out: string;
  recorded: string;
}

/** Independently: each day's gross, paid 8 decimals down with the rest carried, in this test's own Decimal. */
function expectedDays(principals: string[], rate: string) {
  let carry = new D(0);
  return principals.map((p) => {
    const gross = floor(new D(p).times(rate).div(36500), 18);
    const carryIn = carry;
    const total = carry.plus(gross);
    const paid = floor(total, 8);
    carry = total.minus(paid);
    return {
      gross: gross.toFixed(),
      carry_in: carryIn.toFixed(),
      paid: paid.toFixed(),
      carry_out: carry.toFixed(),
    };
  });
}

describe('why this reward', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let userId: number;
  let m0: number;

  beforeAll(async () => {
    server = await startTestServer({
      modules: [stakingModule, softStakingModule, simpleEarnModule, breakdownModule],
    });
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    userId = await c.register();
    await op.deposit(userId, 'ETH', '12.12345678');
    m0 = await toNextMidnight(op, 3600);
  });
  afterAll(() => server.dispose());

  it('soft staking: three days, each breakdown equal to the paid amount and to an independent carry chain', async () => {
    expect(
      (
        await op.call('PUT', '/admin/api/soft-staking/coins/ETH', {
          rate: '4.2',
          min_amount: '0.5',
          max_amount: '-1',
        })
      ).body.code,
    ).toBe(0);
    expect((await c.post('/apiw/v2/earn/soft-staking/switch', { status: true })).body.code).toBe(0);
    await advanceTo(op, m0 + 4 * DAY + 60);
    const history = await c.get<{
      list: { coin: string; day: number; amount: string; eligible_amount: string }[];
    }>('/apiw/v2/earn/soft-staking/payout-history', { page: 1, limit: 10 });
    const rows = [...history.body.data.list].reverse();
    expect(rows.length).toBe(3);
    // Each day earns on the spot balance, which grows by the payouts before it.
    const expected = expectedDays(
      rows.map((r) => r.eligible_amount),
      '4.2',
    );
    expect(rows[0]?.eligible_amount).toBe('12.12345678');
    for (const [i, row] of rows.entries()) {
      const res = await c.get<Breakdown>(WHY, { kind: 'soft_staking_day', coin: 'ETH', day: row.day });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      expect(res.body.data).toMatchObject({
        kind: 'soft_staking_day',
        coin: 'ETH',
        principal: row.eligible_amount,
        rate_percent: '4.2',
        period_start: row.day,
        period_end: row.day + DAY,
        ...expected[i],
        recorded: row.amount,
      });
      expect(res.body.data.paid).toBe(row.amount);
      expect(res.body.data.formula).toBe(`${row.eligible_amount} × 4.2 % ÷ 365 = ${expected[i]?.gross}`);
    }
    // The figures of day one, written out: 12.12345678 × 4.2 ÷ 36,500 = 0.001395027903452054…
    expect(expected[0]).toEqual({
      gross: '0.001395027903452054',
      carry_in: '0',
      paid: '0.00139502',
      carry_out: '0.000000007903452054',
    });
    await c.post('/apiw/v2/earn/soft-staking/switch', { status: false });
  });

  it('staking: base reward days broken down to the paid amount; another user gets 404', async () => {
    const eth = await op.call('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3.33',
      min_mortgage_amount: '0.01',
      min_redeem_amount: '0.1',
      income_days: 3,
      extra: { redeem_maxday: 3 },
    });
    expect(eth.body.code, JSON.stringify(eth.body)).toBe(0);
    await acceptStaking(c, 'ETH');
    const staked = await c.post('/apiw/v2/earn/staking/coin-swap-verify', {
      side: 0,
      coin: 'ETH',
      amount: '7.77777777',
    });
    expect(staked.body.code, JSON.stringify(staked.body)).toBe(0);
    const start = await op.now();
    await advanceTo(op, Math.floor(start / DAY) * DAY + 4 * DAY + 3600);
    const records = await c.get<{
      list: { id: number; amount: string; mortgage_amount: string; type: string }[];
    }>('/apiw/v2/earn/staking/coin-user-profit-records', { coin: 'ETH', page: 1, limit: 10 });
    const base = records.body.data.list.filter((r) => r.type === 'interest').reverse();
    expect(base.length).toBeGreaterThanOrEqual(2);
    const expected = expectedDays(
      base.map((r) => r.mortgage_amount),
      '3.33',
    );
    for (const [i, r] of base.entries()) {
      const res = await c.get<Breakdown>(WHY, { kind: 'staking_day', id: r.id });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      expect(res.body.data).toMatchObject({
        kind: 'staking_day',
        coin: 'ETH',
        principal: '7.77777777',
        principal_coin: 'ETH',
        rate_percent: '3.33',
        ...expected[i],
        recorded: r.amount,
        paid: r.amount,
      });
    }
    const other = new TestClient(server);
    await other.register();
    expect((await other.get(WHY, { kind: 'staking_day', id: base[0]?.id ?? 0 })).status).toBe(404);
    const bad = await c.get<{ params: { field: string } }>(WHY, { kind: 'staking_day' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id is required for staking_day');
    expect(bad.body.data.params).toEqual({ field: 'id' });
  });

  it('fixed: the maturity interest from principal, rate and term, the fraction below 8 decimals never paid', async () => {
    await op.deposit(userId, 'USDT', '5000');
    const productId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 30, year_rate: '0.08' });
    const res = await c.post<{
      order_id: number;
      start_time: number;
      finish_time: number;
      total_interest: string;
    }>(
      '/apiw/v2/fixed_earn/api/user/lend',
      { product_id: productId, amount: '4999.999999', year_rate: '0.08', redeem_account_type: 1 },
      { form: true },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const order = res.body.data;
    // 4,999.999999 × 0.08 ÷ 365 × 30, by hand: 32.876712322191780821917808219178…
    const exact = new D('4999.999999').times('0.08').div(365).times(30);
    const why = await c.get<Breakdown & { carried: boolean; extras: unknown[] }>(WHY, {
      kind: 'fixed_maturity',
      id: order.order_id,
    });
    expect(why.body.code, JSON.stringify(why.body)).toBe(0);
    expect(why.body.data).toMatchObject({
      kind: 'fixed_maturity',
      coin: 'USDT',
      principal: '4999.999999',
      rate_percent: '8',
      period_start: order.start_time,
      period_end: order.finish_time,
      carry_in: '0',
      paid: '32.87671232',
      recorded: '32.87671232',
      carried: false,
      extras: [],
      formula: `4999.999999 × 8 % ÷ 365 × 30 = ${why.body.data.gross}`,
    });
    expect(why.body.data.gross.slice(0, 20)).toBe(exact.toFixed(18).slice(0, 20));
    expect(new D(why.body.data.paid).plus(why.body.data.carry_out).toFixed(30)).toBe(
      new D(why.body.data.gross).toFixed(30),
    );
    const listed = await c.get<{ list: { order_id: number; total_interest: string }[] }>(
      '/apiw/v2/fixed_earn/api/user/lend',
      { order_type: 1, page: 1, limit: 10 },
    );
    const mine = listed.body.data.list.find((o) => o.order_id === order.order_id);
    expect(mine?.total_interest).toBe('32.87671232');
  });
});
