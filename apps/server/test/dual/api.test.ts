import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, type TestServer } from '../harness';
import {
  balances,
  createProduct,
  D,
  expected,
  newUser,
  type Order,
  type Product,
  productOf,
  quoteRefusal,
  subscribe,
} from './helpers';

describe('dual products, quotes and subscriptions', () => {
  let server: TestServer;
  let op: Operator;
  let start: number;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    start = await op.now();
    const pair = await op.call('PUT', '/admin/api/dual/pairs/BTC', { volatility: '60', margin: '2' });
    expect(pair.body).toMatchObject({ code: 0, data: { base_coin: 'BTC', volatility: '60', margin: '2' } });
  });
  afterAll(() => server.dispose());

  it('lists quoted and fixed products with their quote, filtered by coin and direction', async () => {
    const settle = start + 7 * 86_400;
    const sh = await createProduct(op, { base: 'BTC', direction: 'sell_high', target: '110000', settle });
    const bl = await createProduct(op, { base: 'BTC', direction: 'buy_low', target: '90000', settle });
    const fixed = await createProduct(op, {
      base: 'ETH',
      direction: 'buy_low',
      target: '3500',
      settle,
      apr: '25.5',
    });
    const { client } = await newUser(server, op, {});
    const all = await client.get<{ list: Record<string, unknown>[]; total: number }>(
      '/apiw/v2/earn/dual/products',
    );
    expect(all.body.data.total).toBe(3);
    const btcSell = await client.get<{ list: Record<string, unknown>[] }>('/apiw/v2/earn/dual/products', {
      coin: 'BTC',
      direction: 'sell_high',
    });
    expect(btcSell.body.data.list).toHaveLength(1);
    expect(btcSell.body.data.list[0]).toMatchObject({
      id: sh.id,
      invest_coin: 'BTC',
      exercise_coin: 'USDT',
      direction: 'sell_high',
      target_price: '110000',
      settle_time: settle,
      apr_type: 'quoted',
      min_amount: '0.0001',
      index_price: '100000',
      quote_expire_time: start + 60,
      remaining_quota: '1000000',
    });
    expect(new D(btcSell.body.data.list[0]?.apr as string).gt(0)).toBe(true);
    const eth = await productOf(client, fixed.id);
    expect(eth).toMatchObject({ apr: '25.5', invest_coin: 'USDT', exercise_coin: 'ETH' });
    expect((await productOf(client, bl.id)).direction).toBe('buy_low');
  });

  it('answers the best APR quoted now on the earn home (the home card said "no products")', async () => {
    const { client } = await newUser(server, op, {});
    const open = (
      await client.get<{ list: (Product & { base_coin: string })[] }>('/apiw/v2/earn/dual/products')
    ).body.data.list;
    expect(open.length).toBeGreaterThan(0);
    const best = open.reduce((m, p) => (new D(p.apr).gt(m.apr) ? p : m));
    const home = await client.get<{ lines: { line: string; asset: string | null; apr: string | null }[] }>(
      '/api/web/v1/earn/home',
    );
    // The card opens the pair and direction that list it (the page opens on BTC, Buy Low).
    expect(home.body.data.lines.find((l) => l.line === 'dual')).toEqual({
      line: 'dual',
      asset: best.invest_coin,
      apr: best.apr,
      query: { coin: best.base_coin, direction: best.direction },
    });
  });

  it('books a subscription from spot into dual with both outcomes fixed to the 8th decimal', async () => {
    const settle = start + 3 * 86_400;
    const product = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '104000',
      settle,
    });
    const { client, id } = await newUser(server, op, { BTC: '2' });
    const quoted = await productOf(client, product.id);
    const res = await subscribe(client, quoted, '0.75');
    expect(res.body.code).toBe(0);
    const now = await op.now();
    const want = expected({
      direction: 'sell_high',
      amount: '0.75',
      apr: quoted.apr,
      seconds: settle - now,
      target: '104000',
    });
    expect(res.body.data).toMatchObject({
      status: 'PROCESSING',
      amount: '0.75',
      invest_coin: 'BTC',
      target_price: '104000',
      settle_time: settle,
      apr: quoted.apr,
      reached_amount: want.reached,
      not_reached_amount: want.notReached,
      settle_price: null,
      settle_coin: null,
      settle_amount: null,
    });
    expect(await balances(op, id)).toMatchObject({ 'spot:BTC': '1.25', 'dual:BTC': '0.75' });
    const orders = await client.get<{ list: Order[]; total: number }>('/apiw/v2/earn/dual/orders');
    expect(orders.body.data.total).toBe(1);
    expect(orders.body.data.list[0]?.order_id).toBe(res.body.data.order_id);
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it('refuses an expired or moved quote with its own code, key and the new APR, booking nothing', async () => {
    const settle = start + 5 * 86_400;
    const product = await createProduct(op, { base: 'BTC', direction: 'buy_low', target: '92000', settle });
    const { client, id } = await newUser(server, op, { USDT: '10000' });
    const shown = await productOf(client, product.id);
    await op.advance(61);
    const expired = await subscribe(client, shown, '1000');
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe(40910);
    expect(expired.body.data).toMatchObject({ key: 'dual.quote.expired' });
    const fresh = quoteRefusal(expired.body.data);
    expect(fresh.quote_id).not.toBe(shown.quote_id);
    expect(new D(fresh.apr).gt(0)).toBe(true);
    const again = await productOf(client, product.id);
    expect(again.quote_id).toBe(fresh.quote_id);
    expect(again.apr).toBe(fresh.apr);
    await op.setPrice('BTC', '98000');
    const moved = await subscribe(client, again, '1000');
    expect(moved.status).toBe(409);
    expect(moved.body.data).toMatchObject({ key: 'dual.quote.moved', params: { apr: expect.any(String) } });
    const newer = quoteRefusal(moved.body.data);
    // Closer to the target, the put is worth more: the APR rises.
    expect(new D(newer.apr).gt(again.apr)).toBe(true);
    expect(await balances(op, id)).toMatchObject({ 'spot:USDT': '10000' });
    const ok = await client.post<Order>('/apiw/v2/earn/dual/subscribe', {
      product_id: product.id,
      amount: '1000',
      quote_id: newer.quote_id,
    });
    expect(ok.body).toMatchObject({ code: 0, data: { apr: newer.apr, status: 'PROCESSING' } });
    await op.setPrice('BTC', '100000');
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it('refuses amounts in the shared order with the line keys', async () => {
    const settle = start + 4 * 86_400;
    const product = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '107000',
      settle,
      min: '0.01',
      max: '0.5',
      quota: '0.8',
      apr: '30',
    });
    const { client } = await newUser(server, op, { BTC: '3' });
    const p = await productOf(client, product.id);
    const refused = async (amount: string) => (await subscribe(client, p, amount)).body;
    expect(await refused('0.123456789')).toMatchObject({ data: { key: 'common.amountPrecision' } });
    expect(await refused('0.005')).toMatchObject({
      data: { key: 'dual.subscribe.belowMin', params: { amount: '0.01', coin: 'BTC' } },
    });
    expect(await refused('0.6')).toMatchObject({
      data: { key: 'dual.subscribe.aboveUserMax', params: { amount: '0.5' } },
    });
    expect((await subscribe(client, p, '0.5')).body.code).toBe(0);
    expect(await refused('0.1')).toMatchObject({
      data: { key: 'dual.subscribe.aboveUserMax', params: { amount: '0' } },
    });
    const other = await newUser(server, op, { BTC: '0.2' });
    const p2 = await productOf(other.client, product.id);
    expect((await subscribe(other.client, p2, '0.4')).body).toMatchObject({
      data: { key: 'dual.subscribe.aboveQuota', params: { amount: '0.3' } },
    });
    expect((await subscribe(other.client, p2, '0.25')).body).toMatchObject({
      data: { key: 'finances.inadequateBalance', params: { amount: '0.2', coin: 'BTC' } },
    });
    // Within the last hour before the settlement, the product takes nothing.
    await op.advance(settle - 3600 - (await op.now()));
    expect((await subscribe(other.client, p2, '0.1')).body).toMatchObject({
      data: { key: 'dual.product.closed' },
    });
    expect((await op.reconciliation()).ok).toBe(true);
  });
});
