import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/infra/db/client';
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
  subscribe,
} from './helpers';

const HOUR = 3600;

/**
 * The money scenario: each outcome at, just above and just below the target, for both directions,
 * checked to the 8th decimal against the calculation in helpers.ts; a withdrawn product; a settlement
 * without a fixing price, retried; an auto-roll. The books reconcile after each.
 */
describe('dual settlement', () => {
  let server: TestServer;
  let op: Operator;
  let start: number;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    start = await op.now();
  });
  afterAll(() => server.dispose());

  async function advanceTo(t: number) {
    await op.advance(t - (await op.now()));
  }

  it('pays each outcome at, just above and just below the target, both directions', async () => {
    const sellAt = [2, 3, 4].map((h) => start + h * HOUR);
    const buyAt = [5, 6, 7].map((h) => start + h * HOUR);
    const sells: Product[] = [];
    const buys: Product[] = [];
    for (const t of sellAt)
      sells.push(
        await createProduct(op, {
          base: 'BTC',
          direction: 'sell_high',
          target: '105000',
          settle: t,
          apr: '36.5',
        }),
      );
    for (const t of buyAt)
      buys.push(
        await createProduct(op, {
          base: 'BTC',
          direction: 'buy_low',
          target: '95000',
          settle: t,
          apr: '21.37',
        }),
      );
    const { client, id } = await newUser(server, op, { BTC: '3', USDT: '30000' });
    const orders: { o: Order; p: Product; amount: string }[] = [];
    for (const p of sells) {
      const r = await subscribe(client, await productOf(client, p.id), '0.7');
      expect(r.body.code).toBe(0);
      orders.push({ o: r.body.data, p, amount: '0.7' });
    }
    for (const p of buys) {
      const r = await subscribe(client, await productOf(client, p.id), '7000.5');
      expect(r.body.code).toBe(0);
      orders.push({ o: r.body.data, p, amount: '7000.5' });
    }
    const subscribedAt = await op.now();
    expect(await balances(op, id)).toMatchObject({
      'spot:BTC': '0.9',
      'dual:BTC': '2.1',
      'spot:USDT': '8998.5',
      'dual:USDT': '21001.5',
    });

    // Fixing prices: at, just above and just below each target.
    const fixings = ['105000', '105000.01', '104999.99', '95000', '95000.01', '94999.99'];
    const reached = [true, true, false, true, false, true];
    let spotBtc = new D('0.9');
    let spotUsdt = new D('8998.5');
    for (let i = 0; i < 6; i++) {
      const { o, p, amount } = orders[i] as { o: Order; p: Product; amount: string };
      await op.setPrice('BTC', fixings[i] as string);
      await advanceTo(p.settle_time);
      const want = expected({
        direction: p.direction,
        amount,
        apr: p.direction === 'sell_high' ? '36.5' : '21.37',
        seconds: p.settle_time - subscribedAt,
        target: p.target_price,
      });
      const got = await orderOf(client, o.order_id);
      const paid = reached[i] ? want.reached : want.notReached;
      const coin = reached[i] ? p.exercise_coin : p.invest_coin;
      expect(got, `order ${i}`).toMatchObject({
        status: 'SETTLEMENT_SUCCESS',
        settle_price: fixings[i],
        settle_coin: coin,
        settle_amount: paid,
        reached_amount: want.reached,
        not_reached_amount: want.notReached,
      });
      if (coin === 'BTC') spotBtc = spotBtc.plus(paid);
      else spotUsdt = spotUsdt.plus(paid);
      expect(await balances(op, id)).toMatchObject({
        'spot:BTC': spotBtc.toFixed(),
        'spot:USDT': spotUsdt.toFixed(),
      });
      expect((await op.reconciliation()).ok, `reconciliation after order ${i}`).toBe(true);
    }
    const after = await balances(op, id);
    expect(after['dual:BTC'] ?? '0').toBe('0');
    expect(after['dual:USDT'] ?? '0').toBe('0');
    // Settled exactly once: one run per product, and the inbox told the user of each order.
    const exposure = await op.call<{ runs: { product_id: number; outcome: string; reached: boolean }[] }>(
      'GET',
      '/admin/api/dual/exposure',
    );
    for (const [i, p] of [...sells, ...buys].entries()) {
      const runs = exposure.body.data.runs.filter((r) => r.product_id === p.id);
      expect(runs).toEqual([expect.objectContaining({ outcome: 'settled', reached: reached[i] })]);
    }
    // The statement: each subscription, and each settlement with why it paid what it paid.
    type Row = {
      type: string;
      asset: string;
      amount: string;
      line: string;
      why: Record<string, unknown> | null;
    };
    const statement = await client.get<{ list: Row[] }>('/api/web/v1/earn/statements', {
      line: 'dual',
      limit: 100,
    });
    const rowsOf = statement.body.data.list;
    expect(rowsOf.filter((r) => r.type === 'subscribe')).toHaveLength(6);
    const converted = rowsOf.filter(
      (r) => r.type === 'convert' && r.asset === 'USDT' && !r.amount.startsWith('-'),
    );
    expect(converted).toHaveLength(2);
    expect(converted[0]?.why).toMatchObject({
      kind: 'dual_settlement',
      direction: 'sell_high',
      target_price: '105000',
      reached: true,
    });
    expect(String(converted[0]?.why?.rule)).toContain('(amount + interest) × target in USDT');
    const interest = rowsOf.find((r) => r.type === 'interest' && r.asset === 'BTC');
    expect(interest?.why).toMatchObject({ fixing_price: '104999.99', reached: false });
    const inbox = await client.get<{ list: { kind: string }[] }>('/api/web/v1/notifications', { limit: 50 });
    expect(inbox.body.data.list.filter((n) => n.kind === 'dual_settled')).toHaveLength(6);
    await op.setPrice('BTC', '100000');
  });

  it('withdraws a product: principal and the interest so far, to the 8th decimal', async () => {
    const now = await op.now();
    const p = await createProduct(op, {
      base: 'ETH',
      direction: 'sell_high',
      target: '4400',
      settle: now + 48 * HOUR,
      apr: '17.3',
    });
    const { client, id } = await newUser(server, op, { ETH: '5' });
    const o = (await subscribe(client, await productOf(client, p.id), '3.33333333')).body.data;
    const subscribedAt = await op.now();
    await op.advance(7 * HOUR + 123);
    const exposure = await op.call<{
      exposure: {
        base_coin: string;
        settle_time: number;
        open_amount: Record<string, string>;
        pays_if_reached: Record<string, string>;
      }[];
    }>('GET', '/admin/api/dual/exposure');
    expect(
      exposure.body.data.exposure.find((e) => e.base_coin === 'ETH' && e.settle_time === p.settle_time),
    ).toMatchObject({
      open_amount: { ETH: '3.33333333' },
      pays_if_reached: { USDT: o.reached_amount },
    });
    const overview = await client.get<{ lines?: unknown }>('/api/web/v1/earn/overview');
    expect(JSON.stringify(overview.body.data)).toContain('"dual"');
    const canceledAt = await op.now();
    const res = await op.call('POST', `/admin/api/dual/products/${p.id}/cancel`);
    expect(res.body).toMatchObject({ code: 0, data: { canceled_orders: 1 } });
    const refund = expected({
      direction: 'sell_high',
      amount: '3.33333333',
      apr: '17.3',
      seconds: canceledAt - subscribedAt,
      target: '4400',
    }).notReached;
    expect(await orderOf(client, o.order_id)).toMatchObject({
      status: 'CANCELED',
      settle_coin: 'ETH',
      settle_amount: refund,
    });
    expect(await balances(op, id)).toMatchObject({
      'spot:ETH': new D('5').minus('3.33333333').plus(refund).toFixed(),
      'dual:ETH': '0',
    });
    const told = await client.get<{ list: { kind: string; title: string; body: string }[] }>(
      '/api/web/v1/notifications',
    );
    expect(told.body.data.list.find((n) => n.kind === 'redemption_arrived')?.body).toContain(`${refund} ETH`);
    const again = await op.call('POST', `/admin/api/dual/products/${p.id}/cancel`);
    expect(again.body).toMatchObject({ data: { key: 'dual.product.notCancelable' } });
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it('marks orders SETTLEMENT_FAILED without a fixing price, and settles them once one is found', async () => {
    const now = Math.ceil((await op.now()) / HOUR) * HOUR;
    const p = await createProduct(op, {
      base: 'GT',
      direction: 'buy_low',
      target: '19',
      settle: now + 3 * HOUR,
      apr: '40',
    });
    const { client, id } = await newUser(server, op, { USDT: '1000' });
    const o = (await subscribe(client, await productOf(client, p.id), '999.99')).body.data;
    // The price feed stops: no GT price is recorded from here on, so none is in force at the settlement.
    const db = server.deps.db;
    await db.execute(sql`DELETE FROM asset_prices WHERE asset = 'GT'`);
    await db.execute(
      sql`CREATE RULE dual_test_feed_stopped AS ON INSERT TO asset_prices WHERE NEW.asset = 'GT' DO INSTEAD NOTHING`,
    );
    await advanceTo(p.settle_time);
    expect((await orderOf(client, o.order_id)).status).toBe('SETTLEMENT_FAILED');
    const products = await op.call<{
      list: { id: number; status: string; attempts: number; retry_time: number }[];
    }>('GET', '/admin/api/dual/products');
    expect(products.body.data.list.find((x) => x.id === p.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      retry_time: p.settle_time + HOUR,
    });
    expect((await op.reconciliation()).ok).toBe(true);
    // The feed's record at the settlement time arrives late: the next try settles at it.
    await db.execute(sql`DROP RULE dual_test_feed_stopped ON asset_prices`);
    await db.execute(
      sql`INSERT INTO asset_prices (asset, at, price_usdt, source) VALUES ('GT', ${new Date(p.settle_time * 1000).toISOString()}::timestamptz, 18.5, 'set')`,
    );
    await op.advance(HOUR);
    const settled = await orderOf(client, o.order_id);
    const want = expected({
      direction: 'buy_low',
      amount: '999.99',
      apr: '40',
      seconds: p.settle_time - o.create_time,
      target: '19',
    });
    expect(settled).toMatchObject({
      status: 'SETTLEMENT_SUCCESS',
      settle_price: '18.5',
      settle_coin: 'GT',
      settle_amount: want.reached,
    });
    expect((await balances(op, id))['spot:GT']).toBe(want.reached);
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it('rolls an auto-compound order into the nearest product of the pair and direction', async () => {
    const now = Math.ceil((await op.now()) / HOUR) * HOUR;
    const first = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '120000',
      settle: now + 2 * HOUR,
      apr: '12',
    });
    const far = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '118000',
      settle: now + 50 * HOUR,
      apr: '30',
    });
    const near = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '121000',
      settle: now + 26 * HOUR,
      apr: '15',
    });
    const { client, id } = await newUser(server, op, { BTC: '1' });
    const o = (await subscribe(client, await productOf(client, first.id), '0.5', { auto_compound: true }))
      .body.data;
    await advanceTo(first.settle_time);
    const settled = await orderOf(client, o.order_id);
    expect(settled.status).toBe('SETTLEMENT_SUCCESS');
    expect(settled.settle_coin).toBe('BTC');
    expect(settled.rolled_to).not.toBeNull();
    const rolled = await orderOf(client, settled.rolled_to as number);
    const want = expected({
      direction: 'sell_high',
      amount: settled.settle_amount as string,
      apr: '15',
      seconds: near.settle_time - first.settle_time,
      target: '121000',
    });
    expect(rolled).toMatchObject({
      status: 'PROCESSING',
      amount: settled.settle_amount,
      apr: '15',
      reached_amount: want.reached,
      not_reached_amount: want.notReached,
    });
    expect((await orderOf(client, settled.rolled_to as number)).settle_time).toBe(near.settle_time);
    expect(await balances(op, id)).toMatchObject({ 'spot:BTC': '0.5', 'dual:BTC': settled.settle_amount });
    void far;
    expect((await op.reconciliation()).ok).toBe(true);
  });
});
