import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import {
  acceptDisclaimer,
  D,
  DAY,
  expectReconciled,
  floor,
  ledgerBalance,
  spot,
  systemBalance,
} from '../staking/helpers';

const BASE = '/apiw/v2/earn/private-wealth';

/** Wealth: subscribe at the NAV, redeem units settled at the next NAV, across NAVs both ways. */
describe('private wealth and asset management', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let userId: number;
  let pid: number;
  let vipPid: number;
  let orderId: number;
  let t0: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    userId = await c.register();
    await op.deposit(userId, 'USDT', '10000');
    t0 = await op.now();
    const created = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 5,
      name: 'Quant USDT',
      coin: 'USDT',
      min_purchase: '100',
      nav: '1.02345678',
    });
    expect(created.body.code).toBe(0);
    pid = created.body.data.pid;
    const vip = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 4,
      name: 'Private USDT',
      coin: 'USDT',
      vip_min_tier: 2,
      nav: '1',
    });
    vipPid = vip.body.data.pid;
  });
  afterAll(() => server.dispose());

  const u1 = floor(new D(1000).div('1.02345678'), 6);
  const u2 = floor(new D(500).div('1.05'), 6);

  it('refuses a subscription until the disclaimer is accepted, recorded with the clock time', async () => {
    const refused = await c.post(`${BASE}/purchase`, { pid, amount: '100', project_type: 5 });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 42210,
      data: {
        key: 'wealth.purchase.disclaimerRequired',
        params: { document: '/asset-management/institution/disclaimer' },
      },
    });
    const before = await c.get(`${BASE}/disclaimer`, { pid });
    expect(before.body.data).toMatchObject({ accepted: 0, accepted_at: null });
    const now = await op.now();
    const accepted = await c.post(`${BASE}/disclaimer`, { pid, project_type: 5 });
    expect(accepted.body).toMatchObject({
      code: 0,
      data: { kind: 'wealth_disclaimer', accepted: 1, accepted_at: now },
    });
    expect((await c.get(`${BASE}/disclaimer`, { pid })).body.data).toMatchObject({
      accepted: 1,
      accepted_at: now,
    });
    // The wrong project type names no product; an anonymous caller is refused.
    expect((await c.post(`${BASE}/disclaimer`, { pid, project_type: 4 })).status).toBe(404);
    expect((await new TestClient(server).post(`${BASE}/disclaimer`, { pid })).status).toBe(401);
    await acceptDisclaimer(c, vipPid);
    expect(await spot(c, 'USDT')).toBe('10000');
  });

  it('refuses subscriptions with the spec keys and changes nothing', async () => {
    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [
        { pid, amount: '99.99999999', project_type: 5 },
        422,
        { key: 'less.minimum.amount', params: { amount: '100' } },
      ],
      [
        { pid, amount: '10000.00000001', project_type: 5 },
        422,
        { key: 'finances.inadequateBalance', params: { number: '10000' } },
      ],
      [
        { pid, amount: '100.123456789', project_type: 5 },
        422,
        { key: 'common.amountPrecision', params: { precision: '8' } },
      ],
      [{ pid, amount: '0', project_type: 5 }, 400, { key: 'common.amountPositive' }],
      [{ pid: 999_999, amount: '100', project_type: 5 }, 404, { key: 'common.notFound' }],
      // The spec's client sends project_type=5 with every purchase: the pid names the product, here a
      // private-wealth one (type 4), found and refused for its own rule.
      [
        { pid: vipPid, amount: '100', project_type: 5 },
        422,
        { key: 'wealth.product.vipOnly', params: { tier: '2' } },
      ],
    ];
    for (const [body, status, data] of cases) {
      const res = await c.post(`${BASE}/purchase`, body, { form: true });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.data).toMatchObject(data);
    }
    expect(await spot(c, 'USDT')).toBe('10000');
  });

  it('subscribes at the NAV of the moment, twice across two NAVs', async () => {
    const first = await c.post<{ order_id: number; unit: string; net_value_ratio: string }>(
      `${BASE}/purchase`,
      {
        pid: String(pid),
        amount: '1000',
        project_type: '5',
      },
      { form: true },
    );
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ unit: u1.toFixed(), net_value_ratio: '1.02345678' });
    orderId = first.body.data.order_id;
    await op.advance(DAY);
    expect(
      (await op.call('POST', `/admin/api/wealth/products/${pid}/nav`, { nav: '1.05' })).body.data,
    ).toMatchObject({ settled: 0 });
    const second = await c.post<{ order_id: number; unit: string }>(`${BASE}/purchase`, {
      pid,
      amount: '500',
      project_type: 5,
    });
    expect(second.body.data).toMatchObject({ order_id: orderId, unit: u2.toFixed() });
    expect(await spot(c, 'USDT')).toBe('8500');
    expect(await ledgerBalance(op, userId, 'USDT', 'wealth')).toBe('1500');

    const detail = await c.get(`${BASE}/order-detail`, { order_id: orderId, project_type: 5 });
    const units = u1.plus(u2);
    expect(detail.body.data).toMatchObject({
      name: 'Quant USDT',
      coin: 'USDT',
      unit: units.toFixed(),
      amount: floor(units.times('1.05'), 8).toFixed(),
      income_amount: floor(units.times('1.05'), 8).minus(1500).toFixed(),
      net_value_ratio: '1.05',
      net_value_ratio_buy: floor(new D(1500).div(units), 8).toFixed(),
      run_days: 1,
      show_interest: 1,
      client_id: String(userId),
    });
    await expectReconciled(op);
  });

  it('redeems units at the next NAV (a loss), then the rest at another (a gain)', async () => {
    const units = u1.plus(u2);
    const over = await c.post(`${BASE}/redeem`, { pid, unit: units.plus('0.000001').toFixed() });
    expect(over.body.data).toMatchObject({
      key: 'less.redeemable.units',
      params: { number: units.toFixed() },
    });
    const precise = await c.post(`${BASE}/redeem`, { pid, unit: '1.0000001' });
    expect(precise.body.data).toMatchObject({ key: 'common.amountPrecision', params: { precision: '6' } });

    const r1 = await c.post<{ status: string }>(`${BASE}/redeem`, { pid, unit: '600.5' });
    expect(r1.body.data).toMatchObject({ status: 'pending', unit: '600.5' });
    const cost1 = floor(new D(1500).times('600.5').div(units), 8);
    const pending = await c.get(`${BASE}/order-detail`, { order_id: orderId });
    expect(pending.body.data).toMatchObject({
      unit: units.minus('600.5').toFixed(),
      redeeming_unit: '600.5',
      cost: new D(1500).minus(cost1).toFixed(),
    });
    expect(await spot(c, 'USDT')).toBe('8500');
    await expectReconciled(op);

    await op.advance(DAY);
    const nav2 = await op.call('POST', `/admin/api/wealth/products/${pid}/nav`, { nav: '0.98765432' });
    expect(nav2.body.data).toMatchObject({ settled: 1 });
    const value1 = floor(new D('600.5').times('0.98765432'), 8);
    expect(await spot(c, 'USDT')).toBe(new D(8500).plus(value1).toFixed());
    expect(await systemBalance(server, 'USDT', 'wealth_fund')).toBe(cost1.minus(value1).toFixed());
    await expectReconciled(op);

    const rest = units.minus('600.5');
    expect((await c.post(`${BASE}/redeem`, { pid, unit: rest.toFixed() })).body.code).toBe(0);
    await op.advance(DAY);
    expect(
      (await op.call('POST', `/admin/api/wealth/products/${pid}/nav`, { nav: '1.1' })).body.data,
    ).toMatchObject({ settled: 1 });
    const value2 = floor(rest.times('1.1'), 8);
    expect(await spot(c, 'USDT')).toBe(new D(8500).plus(value1).plus(value2).toFixed());
    expect(await ledgerBalance(op, userId, 'USDT', 'wealth')).toBe('0');
    const done = await c.get(`${BASE}/order-detail`, { order_id: orderId });
    expect(done.body.data).toMatchObject({
      unit: '0',
      redeeming_unit: '0',
      cost: '0',
      income_amount: value1.plus(value2).minus(1500).toFixed(),
    });
    const history = await c.get<{ list: { status: string; amount: string }[] }>(`${BASE}/redeem-records`);
    expect(history.body.data.list.map((r) => [r.status, r.amount])).toEqual([
      ['settled', value2.toFixed()],
      ['settled', value1.toFixed()],
    ]);
    await expectReconciled(op);
  });

  it('draws the balance and rate lines over a range, one point per NAV', async () => {
    const balance = await c.get<{
      lines: { timestamp: number; value: string; diff: string }[];
      change: string;
    }>(`${BASE}/lines`, {
      type: 'balance',
      order_id: orderId,
      range: 30,
      project_type: 5,
    });
    const units = u1.plus(u2);
    const v0 = floor(u1.times('1.02345678'), 8);
    // Each point values the units held at the end of that instant: the purchase and the redeem of 600.5
    // happened at the second NAV's time, the redeem of the rest at the third's.
    const v1 = floor(units.minus('600.5').times('1.05'), 8);
    expect(balance.body.data.lines.map((l) => [l.timestamp - t0, l.value])).toEqual([
      [0, v0.toFixed()],
      [DAY, v1.toFixed()],
      [2 * DAY, '0'],
      [3 * DAY, '0'],
    ]);
    expect(balance.body.data.lines[1]?.diff).toBe(v1.minus(v0).toFixed());
    expect(balance.body.data.change).toBe(`-${v0.toFixed()}`);
    const rate = await c.get<{ lines: { value: string }[]; change: string }>(`${BASE}/lines`, {
      type: 'rate',
      order_id: orderId,
      range: 180,
    });
    expect(rate.body.data.lines.map((l) => l.value)).toEqual([
      '0',
      floor(new D('1.05').div('1.02345678').minus(1).times(100), 4).toFixed(),
      floor(new D('0.98765432').div('1.02345678').minus(1).times(100), 4).toFixed(),
      floor(new D('1.1').div('1.02345678').minus(1).times(100), 4).toFixed(),
    ]);
    const bad = await c.get(`${BASE}/lines`, { type: 'balance', order_id: orderId, range: 31 });
    expect(bad.status).toBe(400);
    const other = new TestClient(server);
    await other.register();
    expect((await other.get(`${BASE}/order-detail`, { order_id: orderId })).status).toBe(404);
    const products = await c.get<{
      list: { pid: number; net_value_ratio: string; recent_30_days_rate: string; run_days: number }[];
    }>(`${BASE}/products`, { project_type: 5 });
    // Fewer than 30 days of NAVs: annualised from the first NAV, 3 days earlier.
    const annual = floor(new D('1.1').div('1.02345678').minus(1).times(365).div(3).times(100), 4);
    expect(products.body.data.list).toMatchObject([
      { pid, net_value_ratio: '1.1', recent_30_days_rate: annual.toFixed(), run_days: 3 },
    ]);
    const orders = await c.get<{ list: { order_id: number }[]; total: number }>(`${BASE}/orders`, {
      project_type: 5,
    });
    // A holding fully redeemed and settled leaves the list.
    expect(orders.body.data.total).toBe(0);
  });

  it('asks for the funding password when the user requires it, and replays a purchase by its Idempotency-Key', async () => {
    expect(
      (
        await c.post('/api/web/v1/auth/fund-password', {
          fundpass: '135790',
          login_password: 'correct-horse-1',
          mode: 'always',
        })
      ).body.code,
    ).toBe(0);
    const none = await c.post(`${BASE}/purchase`, { pid, amount: '100', project_type: 5 });
    expect(none.body).toMatchObject({ code: 10010111 });
    const headers = { 'idempotency-key': 'wealth-buy-1', 'x-fund-password': '135790' };
    const first = await c.post<{ order_id: number; unit: string }>(
      `${BASE}/purchase`,
      { pid, amount: '100', project_type: 5 },
      { headers },
    );
    expect(first.body.code).toBe(0);
    const again = await c.post(`${BASE}/purchase`, { pid, amount: '100', project_type: 5 }, { headers });
    expect(again.body).toEqual(first.body);
    const orders = await c.get<{ list: { order_id: number; unit: string; cost: string }[] }>(
      `${BASE}/orders`,
    );
    expect(orders.body.data.list).toMatchObject([
      { order_id: orderId, unit: floor(new D(100).div('1.1'), 6).toFixed(), cost: '100' },
    ]);
    await expectReconciled(op);
  });
});
