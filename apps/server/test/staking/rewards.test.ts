import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import {
  acceptStaking,
  advanceTo,
  D,
  DAY,
  expectReconciled,
  floor,
  ledgerBalance,
  payWithCarry,
  spot,
  toNextMidnight,
} from './helpers';

/**
 * Rewards on the test clock: a GT product at 5 % with an extra-bonus campaign that starts and ends in
 * the middle of days, a second stake joining later, a standard redeem taking the newest coins first,
 * checked to the 8th decimal against the formula computed here.
 */
describe('staking rewards with a bonus campaign', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let userId: number;
  let m0: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    userId = await c.register();
    await op.deposit(userId, 'GT', '5000');
    m0 = await toNextMidnight(op, 3600);
    const created = await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
      coin: 'GT',
      type: 1,
      reward_coin: 'GT',
      rate: '5',
      min_mortgage_amount: '1',
      min_redeem_amount: '1',
      reward_delay_days: 1,
      income_days: 1,
      extra: { redeem_fee: '0.002' },
      extra_interest: [
        {
          reward_coin: 'GT',
          start_time: m0 + DAY + 6 * 3600,
          end_time: m0 + 3 * DAY + 12 * 3600,
          interest: [
            { money_min: '0', money_max: '500', money_rate: '0.08' },
            { money_min: '500', money_max: '2000', money_rate: '0.03' },
          ],
        },
      ],
    });
    expect(created.body.code).toBe(0);
    await acceptStaking(c, 'GT');
  });
  afterAll(() => server.dispose());

  const base = (amount: string) => floor(new D(amount).times(5).div(36500), 18);
  const bonus = (amount: string, seconds: number) => {
    const a = new D(amount);
    const perYear = D.min(a, 500)
      .times('0.08')
      .plus(D.max(0, D.min(a, 2000).minus(500)).times('0.03'));
    return floor(perYear.times(seconds).div(365 * DAY), 18);
  };

  it('stakes, pays nothing before the first distribution, then base and bonus daily with carry', async () => {
    const stake1 = await c.post<{ interest_start: number; first_distribution_time: number }>(
      '/apiw/v2/earn/staking/coin-swap-verify',
      { side: 0, coin: 'GT', amount: '1234.56789' },
    );
    expect(stake1.body.code).toBe(0);
    // Staked at 01:00 of day 0: earns from day 1, first paid at the UTC start of day 2.
    expect(stake1.body.data.interest_start).toBe(m0 + DAY);
    expect(stake1.body.data.first_distribution_time).toBe(m0 + 2 * DAY);
    expect(await spot(c, 'GT')).toBe('3765.43211');
    const info = await c.get<{ hold_amount: string; is_crowd: number }>(
      '/apiw/v2/earn/staking/coin-user-info',
      { coin: 'GT' },
    );
    expect(info.body.data).toMatchObject({ hold_amount: '1234.56789', is_crowd: 0 });

    await advanceTo(op, m0 + 2 * DAY - 1);
    expect(await spot(c, 'GT')).toBe('3765.43211');

    // Day 2, midday: a second stake, earning from day 3.
    await advanceTo(op, m0 + 2 * DAY + 12 * 3600);
    const stake2 = await c.post('/apiw/v2/earn/staking/coin-swap-verify', {
      side: 0,
      coin: 'GT',
      amount: '100',
    });
    expect(stake2.body.code).toBe(0);

    // Day 3 at 13:00 (after the campaign ended at 12:00): redeem 200, the 100 staked last and 100 of the first,
    // so day 3 earns on 1134.56789 only.
    await advanceTo(op, m0 + 3 * DAY + 13 * 3600);
    const redeem = await c.post<{ fee: string; received: string; redeem_stamp: number }>(
      '/apiw/v2/earn/staking/coin-redeem',
      {
        coin: 'GT',
        amount: '200',
        quick: 0,
      },
    );
    expect(redeem.body.code).toBe(0);
    expect(redeem.body.data).toMatchObject({
      fee: '0.4',
      received: '199.6',
      redeem_stamp: m0 + 4 * DAY + 13 * 3600,
    });
    expect(await ledgerBalance(op, userId, 'GT', 'staking_redeeming')).toBe('199.6');

    await advanceTo(op, m0 + 5 * DAY);

    // Independent calculation, day by day (the day's eligible coins are those staked for all of it).
    const a1 = '1234.56789';
    const a3 = '1134.56789';
    const baseDays = payWithCarry([base(a1), base(a1), base(a3)]); // days 1, 2, 3 (paid at 2, 3, 4)
    const base4 = payWithCarry([base(a1), base(a1), base(a3), base(a3)])[3] as D; // day 4
    const bonusDays = payWithCarry([bonus(a1, 18 * 3600), bonus(a1, DAY), bonus(a3, 12 * 3600)]);
    const rewards = [...baseDays, base4, ...bonusDays].reduce((s, x) => s.plus(x), new D(0));
    const expected = new D('5000').minus('1234.56789').minus('100').plus('199.6').plus(rewards);

    const records = await c.get<{
      list: { amount: string; type: string; day: number; mortgage_amount: string }[];
      total: number;
    }>('/apiw/v2/earn/staking/coin-user-profit-records', {
      coin: 'GT',
      page: 1,
      limit: 20,
      to: m0 + 5 * DAY,
    });
    expect(records.body.data.total).toBe(7);
    const bonusRecords = records.body.data.list.filter((r) => r.type === 'bonus').reverse();
    expect(bonusRecords.map((r) => r.amount)).toEqual(bonusDays.map((x) => x.toFixed()));
    const baseRecords = records.body.data.list.filter((r) => r.type === 'interest').reverse();
    expect(baseRecords.map((r) => r.amount)).toEqual([...baseDays, base4].map((x) => x.toFixed()));
    expect(baseRecords.map((r) => r.mortgage_amount)).toEqual([a1, a1, a3, a3]);

    const stats = await c.get<{
      mortgage_amount: string;
      total_profit: { coin: string; amount: string }[];
      redeeming_amount: string;
    }>('/apiw/v2/earn/staking/statistics', { coin: 'GT' });
    expect(await spot(c, 'GT')).toBe(expected.toFixed());
    expect(stats.body.data.mortgage_amount).toBe('1134.56789');
    expect(stats.body.data.redeeming_amount).toBe('0');
    expect(stats.body.data.total_profit).toEqual([{ coin: 'GT', amount: rewards.toFixed() }]);
    await expectReconciled(op);
  });

  it('answers the campaign as finished and the trend rows with the extra rate on campaign days', async () => {
    const product = await c.get<{
      extra_interest: { status: number; max_interest: string; ext_award_rate_year: string };
      apr: string;
    }>('/apiw/v2/earn/staking/product', { coin: 'GT' });
    expect(product.body.data.extra_interest).toMatchObject({
      status: 2,
      max_interest: '0.08',
      ext_award_rate_year: '8',
    });
    expect(product.body.data.apr).toBe('5');
    const lines = await c.get<{
      list: { time: number; rate: string; base_rate: string; extra_rate: string }[];
    }>('/apiw/v2/earn/staking/coin-lines', { coin: 'GT', limit: 7 });
    const byDay = new Map(lines.body.data.list.map((p) => [p.time, p]));
    expect(byDay.get(m0 + DAY)).toMatchObject({ rate: '13', base_rate: '5', extra_rate: '8' });
    expect(byDay.get(m0 + 4 * DAY)).toMatchObject({ rate: '5', extra_rate: '0' });
  });

  it('does not pay a day twice when the job period is run again', async () => {
    const before = await spot(c, 'GT');
    const ran = await server.deps.scheduler.runPeriod(
      server.deps.scheduler.list().find((j) => j.name === 'staking.rewards') as never,
      { start: new Date((m0 + 3 * DAY) * 1000), end: new Date((m0 + 4 * DAY) * 1000) },
    );
    expect(ran).toBe(false);
    expect(await spot(c, 'GT')).toBe(before);
    await expectReconciled(op);
  });
});
