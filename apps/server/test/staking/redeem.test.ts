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
  spot,
  systemBalance,
  toNextMidnight,
} from './helpers';

const REDEEM = '/apiw/v2/earn/staking/coin-redeem';
const STAKE = '/apiw/v2/earn/staking/coin-swap-verify';

/** Standard and quick redeem: fees to 8 decimals, arrival times, the daily quick quota and VIP discounts. */
describe('staking redeem', { timeout: 300_000 }, () => {
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
    await op.deposit(userId, 'ETH', '20');
    await op.deposit(userId, 'USDT', '5000');
    m0 = await toNextMidnight(op, 9 * 3600);
    const eth = await op.call('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
      min_mortgage_amount: '0.01',
      min_redeem_amount: '0.1',
      income_days: 3,
      extra: {
        redeem_quick: 1,
        redeem_quick_long: 30,
        redeem_fee: '0.001',
        redeem_quick_fee: '0.005',
        redeem_maxday: 3,
      },
      redeem_config: { redeem_quick_daily: '5' },
      vip_config: [{ min_tier: 2, max_tier: 5, vip_sale: '20' }],
    });
    expect(eth.body.code).toBe(0);
    const usdt = await op.call('POST', '/admin/api/staking/products', {
      coin: 'USDT',
      type: 0,
      reward_coin: 'USDT',
      rate: '7.3',
      min_mortgage_amount: '10',
      min_redeem_amount: '1',
      reward_delay_days: 0,
      income_days: 0,
    });
    expect(usdt.body.code).toBe(0);
    await acceptStaking(c, 'ETH', 'USDT');
    expect((await c.post(STAKE, { side: 0, coin: 'ETH', amount: '10' })).body.code).toBe(0);
  });
  afterAll(() => server.dispose());

  it('quick redeem: fee at the quick rate, arriving exactly redeem_quick_long minutes later', async () => {
    await op.advance(20 * 60);
    const res = await c.post<{ fee: string; received: string; redeem_stamp: number }>(REDEEM, {
      coin: 'ETH',
      amount: '3',
      quick: 1,
    });
    expect(res.body.code).toBe(0);
    // 09:20 + 30 minutes = 09:50 to the minute: the coins land then, not at the next hour.
    const due = m0 + 9 * 3600 + 50 * 60;
    expect(res.body.data).toMatchObject({ fee: '0.015', received: '2.985', redeem_stamp: due });
    expect(await ledgerBalance(op, userId, 'ETH', 'staking_redeeming')).toBe('2.985');
    expect(await spot(c, 'ETH')).toBe('10');
    await advanceTo(op, due - 1);
    expect(await spot(c, 'ETH')).toBe('10');
    await op.advance(1);
    expect(await spot(c, 'ETH')).toBe('12.985');
    const arrived = await c.get<{
      list: { status: string; redeem_stamp: number; arrived_time: number | null }[];
    }>('/apiw/v2/earn/staking/redeem-records', { coin: 'ETH' });
    expect(arrived.body.data.list[0]).toMatchObject({
      status: 'arrived',
      redeem_stamp: due,
      arrived_time: due,
    });
    expect(await ledgerBalance(op, userId, 'ETH', 'staking_redeeming')).toBe('0');
    expect(await systemBalance(server, 'ETH', 'fee_income')).toBe('0.015');
    await expectReconciled(op);
  });

  it('quick quota: the day quota is shared and refused beyond, with what is left', async () => {
    const over = await c.post(REDEEM, { coin: 'ETH', amount: '2.5', quick: 1 });
    expect(over.status).toBe(422);
    expect(over.body.data).toMatchObject({
      key: 'staking.redeem.quickQuotaExceeded',
      params: { number: '2', coin: 'ETH' },
    });
    expect((await c.post(REDEEM, { coin: 'ETH', amount: '2', quick: 1 })).body.code).toBe(0);
    const product = await c.get<{
      redeem_config: {
        redeem_quick_daily: string;
        redeem_quick_daily_total: string;
        quick_selectable: number;
      };
    }>('/apiw/v2/earn/staking/product', { coin: 'ETH' });
    expect(product.body.data.redeem_config).toMatchObject({
      redeem_quick_daily: '0',
      redeem_quick_daily_total: '5',
      quick_selectable: 0,
    });
    const exhausted = await c.post(REDEEM, { coin: 'ETH', amount: '0.1', quick: 1 });
    expect(exhausted.body.data).toMatchObject({
      key: 'staking.redeem.quickQuotaExceeded',
      params: { number: '0' },
    });
    // The quota is per UTC day: tomorrow it is whole again.
    await advanceTo(op, m0 + DAY + 60);
    const fresh = await c.get<{ redeem_config: { redeem_quick_daily: string; quick_selectable: number } }>(
      '/apiw/v2/earn/staking/product',
      {
        coin: 'ETH',
      },
    );
    expect(fresh.body.data.redeem_config).toMatchObject({ redeem_quick_daily: '5', quick_selectable: 1 });
    expect((await c.post(REDEEM, { coin: 'ETH', amount: '1', quick: 1 })).body.code).toBe(0);
    await expectReconciled(op);
  });

  it('standard redeem: fee rounded down to 8 decimals, arrival after income_days, VIP discount', async () => {
    const now = await op.now();
    const res = await c.post<{ fee: string; received: string; redeem_stamp: number }>(REDEEM, {
      coin: 'ETH',
      amount: '1.23456789',
      quick: 0,
    });
    const fee = floor(new D('1.23456789').times('0.001'), 8);
    expect(fee.toFixed()).toBe('0.00123456');
    // Exactly income_days (3) after the request, to the second.
    const stamp = now + 3 * DAY;
    expect(res.body.data).toMatchObject({
      fee: fee.toFixed(),
      received: new D('1.23456789').minus(fee).toFixed(),
      redeem_stamp: stamp,
    });

    await op.call('PUT', `/admin/api/users/${userId}`, { vip_tier: 3 });
    const vip = await c.post<{ fee: string; received: string }>(REDEEM, {
      coin: 'ETH',
      amount: '0.77777777',
      quick: 0,
    });
    const vipFee = floor(new D('0.77777777').times('0.001').times('0.8'), 8);
    expect(vip.body.data).toMatchObject({
      fee: vipFee.toFixed(),
      received: new D('0.77777777').minus(vipFee).toFixed(),
    });

    // Just before the arrival (daily ETH rewards and the earlier quick redeem have landed by now).
    await advanceTo(op, stamp - 1);
    const spotBefore = new D(await spot(c, 'ETH'));
    const waiting = new D('1.23456789').minus(fee).plus(new D('0.77777777').minus(vipFee));
    expect(await ledgerBalance(op, userId, 'ETH', 'staking_redeeming')).toBe(waiting.toFixed());
    await op.advance(1);
    expect(await ledgerBalance(op, userId, 'ETH', 'staking_redeeming')).toBe('0');
    expect(await spot(c, 'ETH')).toBe(
      spotBefore.plus(new D('1.23456789').minus(fee)).plus(new D('0.77777777').minus(vipFee)).toFixed(),
    );
    // Each redemption that arrived is one inbox item with its amount (issue 18).
    const arrived = await c.get<{ list: { kind: string; title: string }[] }>('/api/web/v1/notifications', {
      kind: 'redemption_arrived',
      lang: 'en',
      limit: 100,
    });
    const titles = arrived.body.data.list.map((i) => i.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        `${new D('1.23456789').minus(fee).toFixed()} ETH redeemed`,
        `${new D('0.77777777').minus(vipFee).toFixed()} ETH redeemed`,
      ]),
    );
    expect(new Set(titles).size).toBe(titles.length);

    const history = await c.get<{ list: { status: string; quick: number }[]; total: number }>(
      '/apiw/v2/earn/staking/redeem-records',
      {
        coin: 'ETH',
      },
    );
    expect(history.body.data.total).toBe(5);
    expect(history.body.data.list.every((r) => r.status === 'arrived')).toBe(true);
    await expectReconciled(op);
  });

  it('rewards with a reward delay of 0 are held on the position and paid at redeem; instant arrival', async () => {
    const t0 = await op.now();
    expect((await c.post(STAKE, { side: 0, coin: 'USDT', amount: '1000.5' })).body.code).toBe(0);
    const spotAfterStake = new D(await spot(c, 'USDT'));
    const firstMidnight = Math.floor(t0 / DAY) * DAY + DAY;
    await advanceTo(op, firstMidnight + 3 * DAY + 3600);
    // Three whole days at 7.3 %: 1000.5 × 7.3 / 36500 = 0.2001 a day, held, not paid.
    expect(await spot(c, 'USDT')).toBe(spotAfterStake.toFixed());
    const balances = await c.get<{ accrued_reward: string; mortgage_amount: string }[]>(
      '/apiw/v2/earn/staking/balances',
      {
        coin: 'USDT',
        hide_zero_hold: 1,
      },
    );
    expect(balances.body.data[0]).toMatchObject({ mortgage_amount: '1000.5', accrued_reward: '0.6003' });
    const res = await c.post<{ received: string; reward_paid: string; redeem_stamp: number }>(REDEEM, {
      coin: 'USDT',
      amount: '500',
      quick: 0,
    });
    expect(res.body.data).toMatchObject({
      received: '500',
      reward_paid: '0.6003',
      redeem_stamp: await op.now(),
    });
    expect(await spot(c, 'USDT')).toBe(spotAfterStake.plus('500.6003').toFixed());
    const after = await c.get<{ accrued_reward: string; mortgage_amount: string }[]>(
      '/apiw/v2/earn/staking/balances',
      { coin: 'USDT' },
    );
    expect(after.body.data[0]).toMatchObject({ mortgage_amount: '500.5', accrued_reward: '0' });
    const records = await c.get<{ list: { status: string }[] }>(
      '/apiw/v2/earn/staking/coin-user-profit-records',
      { coin: 'USDT' },
    );
    expect(records.body.data.list.map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
    await expectReconciled(op);
  });

  it('refuses quick redeem on a product without it, and redeem amounts below the minimum or above holdings', async () => {
    const noQuick = await c.post(REDEEM, { coin: 'USDT', amount: '5', quick: 1 });
    expect(noQuick.status).toBe(422);
    expect(noQuick.body.data).toMatchObject({ key: 'staking.redeem.quickUnavailable' });
    const min = await c.post(REDEEM, { coin: 'USDT', amount: '0.5', quick: 0 });
    expect(min.body.data).toMatchObject({
      key: 'redeem.number.minLimit',
      params: { number: '1', coin: 'USDT' },
    });
    const max = await c.post(REDEEM, { coin: 'USDT', amount: '500.50000001', quick: 0 });
    expect(max.body.data).toMatchObject({
      key: 'redeem.maxLimit.insufficientBalance',
      params: { number: '500.5', coin: 'USDT' },
    });
    const precise = await c.post(REDEEM, { coin: 'USDT', amount: '1.123456789', quick: 0 });
    expect(precise.body.data).toMatchObject({ key: 'common.amountPrecision', params: { precision: '8' } });
    await op.call('PUT', '/admin/api/staking/products/2', { extra: { redeem_control: 'none' } });
    const closed = await c.post(REDEEM, { coin: 'USDT', amount: '5', quick: 0 });
    expect(closed.body.data).toMatchObject({ key: 'staking.redeem.closed' });
    await expectReconciled(op);
  });
});
