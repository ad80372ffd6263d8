import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { stakingModule } from '../../src/lines/staking';
import { wealthModule } from '../../src/lines/wealth';
import { arrivalModule } from '../../src/views/arrival';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { fixedProduct, flexProduct } from '../simple-earn/helpers';
import { acceptStaking, DAY, toNextMidnight } from '../staking/helpers';

const ARRIVAL = '/api/web/v1/earn/redeem-arrival';
interface Arrival {
  line: string;
  rule: string;
  arrives_at: number;
  estimated: boolean;
  server_now: number;
  zone: string;
}

/**
 * The arrival a user reads before confirming equals what the engine then does: each preview is checked
 * against the redeem's own answer (staking redeem_stamp, flexible settle_at, fixed finish + 30 min).
 */
describe('redemption arrival', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let userId: number;
  let m0: number;

  beforeAll(async () => {
    server = await startTestServer({
      modules: [simpleEarnModule, stakingModule, wealthModule, arrivalModule],
    });
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    userId = await c.register();
    await op.deposit(userId, 'ETH', '20');
    await op.deposit(userId, 'USDT', '20000');
    m0 = await toNextMidnight(op, 9 * 3600 + 1234); // 09:20:34 UTC
  });
  afterAll(() => server.dispose());

  const arrival = async (query: Record<string, string | number>) => {
    const res = await c.get<Arrival>(ARRIVAL, query);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data;
  };

  it('staking: standard after the income days, quick after its minutes, as the redeem then stamps', async () => {
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
        redeem_fee: '0',
        redeem_quick_fee: '0',
        redeem_maxday: 5,
      },
      redeem_config: { redeem_quick_daily: '5' },
    });
    expect(eth.body.code, JSON.stringify(eth.body)).toBe(0);
    await acceptStaking(c, 'ETH');
    expect(
      (await c.post('/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'ETH', amount: '10' })).body
        .code,
    ).toBe(0);
    const now = m0 + 9 * 3600 + 1234;
    const standard = await arrival({ line: 'staking', asset: 'ETH' });
    expect(standard).toEqual({
      line: 'staking',
      rule: 'staking_standard',
      arrives_at: now + 3 * DAY,
      estimated: false,
      term_payout_at: null,
      server_now: now,
      zone: 'UTC',
    });
    const quick = await arrival({ line: 'staking', asset: 'ETH', quick: '1' });
    expect(quick).toMatchObject({ rule: 'staking_quick', arrives_at: now + 1800 });
    const r1 = await c.post<{ redeem_stamp: number }>('/apiw/v2/earn/staking/coin-redeem', {
      coin: 'ETH',
      amount: '1',
    });
    expect(r1.body.data.redeem_stamp).toBe(standard.arrives_at);
    const r2 = await c.post<{ redeem_stamp: number }>('/apiw/v2/earn/staking/coin-redeem', {
      coin: 'ETH',
      amount: '1',
      quick: 1,
    });
    expect(r2.body.data.redeem_stamp).toBe(quick.arrives_at);
  });

  it('flexible: at once, lent principal too (issue 27), as redeem-callback then says', async () => {
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05', min_lend_amount: '1' });
    const sub = await c.post(
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'USDT', amount: '10000', rateYear: '0.01' },
      { form: true },
    );
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(0);
    // Not yet earning: the pending amount leaves at once.
    const now = m0 + 9 * 3600 + 1234;
    expect(await arrival({ line: 'flexible', asset: 'USDT', amount: '100' })).toMatchObject({
      rule: 'flexible_instant',
      arrives_at: now,
    });
    // Two hours on the principal earns and is lent out in full (borrow demand covers it): at once all the same.
    await op.advance(2 * 3600);
    const later = now + 2 * 3600;
    expect(await arrival({ line: 'flexible', asset: 'USDT', amount: '9000' })).toMatchObject({
      rule: 'flexible_instant',
      arrives_at: later,
    });
    const redeemed = await c.post<{ frozen_amount: string }>(
      '/apiw/v2/uni-loan/earn/redeem',
      { asset: 'USDT', amount: '9000' },
      { form: true },
    );
    expect(redeemed.body).toMatchObject({ code: 0, data: { frozen_amount: '0' } });
    const callback = await c.post<{ frozen_amount: string; settle_at: number }>(
      '/apiw/v2/uni-loan/earn/redeem-callback',
      { asset: 'USDT' },
      { form: true },
    );
    expect(callback.body.data).toMatchObject({ frozen_amount: '0', frozen_status: 0, settle_at: 0 });
    // Nothing frozen is pending: asked without an amount, it is at once too.
    expect(await arrival({ line: 'flexible', asset: 'USDT' })).toMatchObject({ rule: 'flexible_instant' });
  });

  it('fixed: the order maturity plus 30 minutes; another user cannot ask for it', async () => {
    const productId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 30, year_rate: '0.08' });
    const res = await c.post<{ order_id: number; finish_time: number }>(
      '/apiw/v2/fixed_earn/api/user/lend',
      { product_id: productId, amount: '500', year_rate: '0.08', redeem_account_type: 1 },
      { form: true },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const dayStart = Math.floor((await op.now()) / DAY) * DAY;
    expect(res.body.data.finish_time).toBe(dayStart + 31 * DAY);
    expect(await arrival({ line: 'fixed', order_id: res.body.data.order_id })).toMatchObject({
      rule: 'fixed_maturity',
      arrives_at: dayStart + 31 * DAY + 1800,
    });
    // Redeemed early instead: the principal at once, as pre-redeem then does.
    const now = await op.now();
    expect(await arrival({ line: 'fixed', order_id: res.body.data.order_id, early: '1' })).toMatchObject({
      rule: 'fixed_early',
      arrives_at: now,
    });
    const other = new TestClient(server);
    await other.register();
    expect((await other.get(ARRIVAL, { line: 'fixed', order_id: res.body.data.order_id })).status).toBe(404);
  });

  it("wealth: the next NAV on the product's cadence, marked estimated", async () => {
    const created = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 4,
      name: 'Private USDT',
      coin: 'USDT',
      nav: '1',
    });
    const pid = created.body.data.pid;
    const first = await op.now();
    await op.advance(6 * 3600);
    expect((await op.call('POST', `/admin/api/wealth/products/${pid}/nav`, { nav: '1.01' })).body.code).toBe(
      0,
    );
    const second = first + 6 * 3600;
    await op.advance(3600);
    expect(await arrival({ line: 'wealth', pid })).toMatchObject({
      rule: 'wealth_next_nav',
      arrives_at: second + 6 * 3600,
      estimated: true,
      server_now: second + 3600,
    });
  });

  it('refuses a query missing what its line needs, and visitors', async () => {
    const bad = await c.get(ARRIVAL, { line: 'fixed' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: { key: 'common.invalidParams' } });
    expect((await c.get(ARRIVAL, { line: 'moon' })).status).toBe(400);
    expect((await new TestClient(server).get(ARRIVAL, { line: 'wealth', pid: 1 })).status).toBe(401);
  });
});
