import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, type TestServer } from '../harness';
import {
  balances,
  createProduct,
  D,
  expected,
  newUser,
  type Order,
  orderOf,
  type Product,
  productOf,
  quoteRefusal,
  subscribe,
} from './helpers';

const HOUR = 3600;

type Listed = Product & { quote_time: number };
type AdminProduct = { id: number; apr: string; crossed: boolean; sold: string; orders: number };

/**
 * Targets on the wrong side of the market (issue 29: Buy Low below the price, Sell High above it):
 * refused at creation, and once the market crosses a live product's target, hidden from the list and
 * refused at subscription, never quoted (an in-the-money put or call premium is no yield). And the
 * quote's time: the interest counts from it, so the outcomes computed from the list are the ones paid.
 */
describe('dual targets across the market, and the quote time', () => {
  let server: TestServer;
  let op: Operator;
  let start: number;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    start = Math.ceil((await op.now()) / HOUR) * HOUR;
    const pair = await op.call('PUT', '/admin/api/dual/pairs/BTC', { volatility: '60', margin: '2' });
    expect(pair.body.code).toBe(0);
  });
  afterAll(() => server.dispose());

  const adminProducts = async () =>
    (await op.call<{ list: AdminProduct[]; total: number }>('GET', '/admin/api/dual/products')).body.data;

  it('refuses to create a target at or across the market, writing nothing', async () => {
    const before = (await adminProducts()).total;
    const settle = start + 3 * 24 * HOUR;
    const cases = [
      { direction: 'buy_low', target: '100000' },
      { direction: 'buy_low', target: '100000.01' },
      { direction: 'sell_high', target: '100000' },
      { direction: 'sell_high', target: '99999.99' },
    ] as const;
    for (const c of cases) {
      const res = await op.call('POST', '/admin/api/dual/products', {
        invest_coin: c.direction === 'sell_high' ? 'BTC' : 'USDT',
        exercise_coin: c.direction === 'sell_high' ? 'USDT' : 'BTC',
        direction: c.direction,
        target_price: c.target,
        settle_time: settle,
        min_amount: '0.0001',
        total_quota: '1000',
      });
      expect(res.status, `${c.direction} at ${c.target}`).toBe(422);
      expect(res.body).toMatchObject({
        code: 42240,
        data: {
          key: 'dual.product.targetSide',
          params: { price: '100000', target: c.target, direction: c.direction },
        },
      });
    }
    expect((await adminProducts()).total).toBe(before);
    // Just on its side, each is taken.
    await createProduct(op, { base: 'BTC', direction: 'buy_low', target: '99999.99', settle });
    await createProduct(op, { base: 'BTC', direction: 'sell_high', target: '100000.01', settle });
    expect((await adminProducts()).total).toBe(before + 2);
  });

  it('hides a live product once the market crosses its target and refuses its subscription', async () => {
    const settle = start + 4 * 24 * HOUR;
    const quoted = await createProduct(op, { base: 'BTC', direction: 'buy_low', target: '95000', settle });
    const fixed = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '105000',
      settle,
      apr: '18',
    });
    const { client, id } = await newUser(server, op, { USDT: '10000', BTC: '1' });
    const shownBuy = await productOf(client, quoted.id);
    const shownSell = await productOf(client, fixed.id);

    // At the Buy Low target the put is in the money from here down: no longer a yield.
    await op.setPrice('BTC', '95000');
    const listed = await client.get<{ list: Listed[] }>('/apiw/v2/earn/dual/products', { coin: 'BTC' });
    const ids = listed.body.data.list.map((p) => p.id);
    expect(ids).not.toContain(quoted.id);
    expect(ids).toContain(fixed.id);
    const refused = await subscribe(client, shownBuy, '1000');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 42240,
      data: { key: 'dual.product.targetCrossed', params: { price: '95000', target: '95000' } },
    });
    // No quote rides on the refusal: the crossed product's APR is never shown.
    expect(refused.body.data).not.toHaveProperty('apr');
    expect(refused.body.data).not.toHaveProperty('quote_id');
    // The operator sees it crossed, quoting nothing.
    expect((await adminProducts()).list.find((p) => p.id === quoted.id)).toMatchObject({
      crossed: true,
      apr: '0',
      sold: '0',
      orders: 0,
    });

    // Above the Sell High target, a fixed APR too: converting at 105000 what is worth 106000 is a loss.
    await op.setPrice('BTC', '106000');
    const again = await client.get<{ list: Listed[] }>('/apiw/v2/earn/dual/products', { coin: 'BTC' });
    expect(again.body.data.list.map((p) => p.id)).not.toContain(fixed.id);
    const sell = await subscribe(client, shownSell, '0.5');
    expect(sell.body).toMatchObject({
      code: 42240,
      data: { key: 'dual.product.targetCrossed', params: { price: '106000', target: '105000' } },
    });
    expect((await adminProducts()).list.find((p) => p.id === fixed.id)).toMatchObject({
      crossed: true,
      apr: '18',
    });
    expect(await balances(op, id)).toMatchObject({ 'spot:USDT': '10000', 'spot:BTC': '1' });
    const orders = await client.get<{ total: number }>('/apiw/v2/earn/dual/orders');
    expect(orders.body.data.total).toBe(0);

    // Back on its side, the product is listed and quoted again.
    await op.setPrice('BTC', '100000');
    const back = await productOf(client, quoted.id);
    expect(back.apr).toBe(shownBuy.apr);
    expect((await subscribe(client, back, '1000')).body.code).toBe(0);
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it('counts the interest from the quote time the list gave, for quoted and fixed APRs', async () => {
    const settle = start + 5 * 24 * HOUR;
    const quoted = await createProduct(op, { base: 'BTC', direction: 'sell_high', target: '108000', settle });
    const fixed = await createProduct(op, {
      base: 'BTC',
      direction: 'buy_low',
      target: '93000',
      settle,
      apr: '22.5',
    });
    const { client } = await newUser(server, op, { BTC: '2', USDT: '20000' });
    const listedAt = await op.now();
    const q = (await productOf(client, quoted.id)) as Listed;
    const f = (await productOf(client, fixed.id)) as Listed;
    expect(q).toMatchObject({ quote_time: listedAt, quote_expire_time: listedAt + 60 });
    expect(f).toMatchObject({ quote_time: listedAt, quote_expire_time: listedAt + 60, apr: '22.5' });
    // The user reads the dialog for 45 s: the figures they were shown still count from the quote.
    await op.advance(45);
    for (const [p, amount] of [
      [q, '0.37'],
      [f, '4321.123'],
    ] as const) {
      const res = await subscribe(client, p, amount);
      expect(res.body.code).toBe(0);
      const want = expected({
        direction: p.direction,
        amount,
        apr: p.apr,
        seconds: settle - p.quote_time,
        target: p.target_price,
      });
      expect(res.body.data).toMatchObject({
        apr: p.apr,
        reached_amount: want.reached,
        not_reached_amount: want.notReached,
      } satisfies Partial<Order>);
    }
    // A fixed APR's quote lives 60 s like any other: later, refused with the same APR and a new time.
    await op.advance(16);
    const late = await subscribe(client, f, '100');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 40910, data: { key: 'dual.quote.expired' } });
    const fresh = quoteRefusal(late.body.data);
    expect(fresh.apr).toBe('22.5');
    expect(late.body.data).toMatchObject({ quote_time: listedAt + 61 });
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it('rolls past a product whose target the market has crossed', async () => {
    const now = Math.ceil((await op.now()) / HOUR) * HOUR;
    const sell = (target: string, hours: number, apr: string) =>
      createProduct(op, { base: 'BTC', direction: 'sell_high', target, settle: now + hours * HOUR, apr });
    const first = await sell('120000', 2, '12');
    const near = await sell('101000', 26, '15');
    const far = await sell('125000', 50, '30');
    const { client } = await newUser(server, op, { BTC: '1' });
    const o = (await subscribe(client, await productOf(client, first.id), '0.5', { auto_compound: true }))
      .body.data;
    // Below the first target (not reached, proceeds in BTC) but above the nearest product's.
    await op.setPrice('BTC', '110000');
    await op.advance(first.settle_time - (await op.now()));
    const settled = await orderOf(client, o.order_id);
    expect(settled).toMatchObject({ status: 'SETTLEMENT_SUCCESS', settle_coin: 'BTC' });
    const rolled = await orderOf(client, settled.rolled_to as number);
    const want = expected({
      direction: 'sell_high',
      amount: settled.settle_amount as string,
      apr: '30',
      seconds: far.settle_time - first.settle_time,
      target: '125000',
    });
    expect(rolled).toMatchObject({
      settle_time: far.settle_time,
      apr: '30',
      amount: settled.settle_amount,
      reached_amount: want.reached,
      not_reached_amount: want.notReached,
    });
    expect(new D(settled.settle_amount as string).gt('0.5')).toBe(true);
    const sold = (await adminProducts()).list.find((p) => p.id === near.id);
    expect(sold).toMatchObject({ crossed: true, orders: 0 });
    await op.setPrice('BTC', '100000');
    expect((await op.reconciliation()).ok).toBe(true);
  });
});
