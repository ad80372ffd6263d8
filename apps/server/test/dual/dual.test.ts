import { DUAL_ORDER_STATUSES } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/ops/seed/demo';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

describe('dual-investment order statuses', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  it('seeds one demo order per status and serves them by kind and id', async () => {
    const c = new TestClient(server);
    expect(
      (await c.post('/api/web/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).body.code,
    ).toBe(0);
    const all = await c.get<{
      list: { order_id: number; kind: string; status: string; is_open: number }[];
      total: number;
    }>('/apiw/v2/earn/dual/orders', { limit: 50 });
    expect(all.body.data.total).toBe(10);
    expect(new Set(all.body.data.list.map((o) => o.status))).toEqual(new Set(DUAL_ORDER_STATUSES));
    const dual = all.body.data.list.find((o) => o.kind === 'dual') as { order_id: number; status: string };
    const sniper = all.body.data.list.find((o) => o.kind === 'sniper') as {
      order_id: number;
      status: string;
    };
    const detail = await c.get('/apiw/v2/earn/dual/order-detail', { order_id: dual.order_id });
    expect(detail.body.data).toMatchObject({ order_id: dual.order_id, kind: 'dual', status: dual.status });
    const snipe = await c.get('/apiw/v2/earn/dual-sniper/order', { order_id: sniper.order_id });
    expect(snipe.body.data).toMatchObject({ order_id: sniper.order_id, kind: 'sniper' });
    // Each path serves its own kind only.
    expect((await c.get('/apiw/v2/earn/dual/order-detail', { order_id: sniper.order_id })).status).toBe(404);
    const open = await c.get<{ list: { status: string; is_open: number }[] }>('/apiw/v2/earn/dual/orders', {
      status: 'INIT,PROCESSING',
    });
    expect(open.body.data.list.map((o) => o.status).sort()).toEqual(['INIT', 'PROCESSING']);
    expect(open.body.data.list.every((o) => o.is_open === 1)).toBe(true);
    expect((await c.get('/apiw/v2/earn/dual/orders', { status: 'DONE' })).status).toBe(400);
  });

  it("the operator's list pages by the total of every order, not of the page", async () => {
    type Page = { list: { id: number }[]; total: number };
    const first = await op.call<Page>('GET', '/admin/api/dual/orders?page=1&limit=3');
    const last = await op.call<Page>('GET', '/admin/api/dual/orders?page=4&limit=3');
    // The demo's ten orders: three a page, the fourth holds the last one; each page says ten.
    expect(first.body.data.list).toHaveLength(3);
    expect(first.body.data.total).toBe(10);
    expect(last.body.data.list).toHaveLength(1);
    expect(last.body.data.total).toBe(10);
  });

  it('lets the operator create orders and move them through statuses; other users cannot read them', async () => {
    const c = new TestClient(server);
    const id = await c.register();
    const created = await op.call<{ order_id: number }>('POST', '/admin/api/dual/orders', {
      user: id,
      invest_coin: 'USDT',
      exercise_coin: 'BTC',
      amount: '1000',
      target_price: '90000',
      apr: '35.5',
      expire_time: (await op.now()) + 86_400,
    });
    const orderId = created.body.data.order_id;
    expect((await c.get('/apiw/v2/earn/dual/order-detail', { order_id: orderId })).body.data).toMatchObject({
      status: 'INIT',
      apr: '35.5',
    });
    const moved = await op.call('PUT', `/admin/api/dual/orders/${orderId}`, {
      status: 'SETTLEMENT_SUCCESS',
      settle_coin: 'BTC',
      settle_amount: '0.01111111',
    });
    expect(moved.body.data).toMatchObject({
      status: 'SETTLEMENT_SUCCESS',
      is_open: 0,
      settle_coin: 'BTC',
      settle_amount: '0.01111111',
    });
    expect((await op.call('PUT', `/admin/api/dual/orders/${orderId}`, { status: 'DONE' })).status).toBe(400);
    const other = new TestClient(server);
    await other.register();
    expect((await other.get('/apiw/v2/earn/dual/order-detail', { order_id: orderId })).status).toBe(404);
  });

  it('narrows the list to a coin and sorts it by APR or expiry; a bad sort or coin is refused', async () => {
    const c = new TestClient(server);
    const id = await c.register();
    const now = await op.now();
    const make = async (invest: string, exercise: string, apr: string, days: number) =>
      (
        await op.call<{ order_id: number }>('POST', '/admin/api/dual/orders', {
          user: id,
          invest_coin: invest,
          exercise_coin: exercise,
          amount: '100',
          target_price: '2',
          apr,
          expire_time: now + days * 86_400,
        })
      ).body.data.order_id;
    const a = await make('USDT', 'BTC', '12.5', 7);
    const b = await make('BTC', 'USDT', '40', 3);
    const e = await make('USDT', 'ETH', '8.25', 14);
    type Listed = { list: { order_id: number; apr: string }[]; total: number };
    const ids = async (query: Record<string, string | number>) => {
      const res = await c.get<Listed>('/apiw/v2/earn/dual/orders', query);
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return { ids: res.body.data.list.map((o) => o.order_id), total: res.body.data.total };
    };
    expect(await ids({})).toEqual({ ids: [e, b, a], total: 3 });
    expect(await ids({ sort: 'apr_desc' })).toEqual({ ids: [b, a, e], total: 3 });
    expect(await ids({ sort: 'apr_asc' })).toEqual({ ids: [e, a, b], total: 3 });
    expect(await ids({ sort: 'expire_asc' })).toEqual({ ids: [b, a, e], total: 3 });
    expect(await ids({ sort: 'expire_desc' })).toEqual({ ids: [e, a, b], total: 3 });
    // A coin matches what the order invests and what it may settle in; lower case is the same coin.
    expect(await ids({ coin: 'btc', sort: 'apr_asc' })).toEqual({ ids: [a, b], total: 2 });
    expect(await ids({ coin: 'ETH' })).toEqual({ ids: [e], total: 1 });
    expect(await ids({ coin: 'GT' })).toEqual({ ids: [], total: 0 });
    // Paged in the chosen order: the second page of one continues the first.
    expect(await ids({ sort: 'apr_desc', limit: 1, page: 2 })).toEqual({ ids: [a], total: 3 });
    for (const bad of [{ sort: 'price' }, { coin: 'BT C' }] as Record<string, string>[]) {
      const res = await c.get('/apiw/v2/earn/dual/orders', bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40000, data: { key: 'common.invalidParams' } });
    }
  });
});
