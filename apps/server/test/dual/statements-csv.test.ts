import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField } from '../../src/views/statements/csv';
import { listCoins, Operator, startTestServer, type TestServer } from '../harness';
import { createProduct, D, expected, newUser, productOf, subscribe } from './helpers';

const HOUR = 3600;

interface Row {
  at: number;
  type: string;
  asset: string;
  entry_id: number;
  why: Record<string, unknown> | null;
}

const utc = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The statements CSV with a dual subscription in each direction, a Sell High settled at its target
 * (converted: `convert` rows) and a Buy Low not reached (paid back with interest): every row's exact
 * text against figures computed here, and each settlement row's why (fixing price, target, the rule)
 * in the statement read, by its entry.
 */
describe('dual rows in the statements CSV', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  it('exports the subscriptions and the settlements, convert rows included, to the 8th decimal', async () => {
    const start = await op.now();
    const sell = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '105000',
      settle: start + 2 * HOUR,
      apr: '36.5',
    });
    const buy = await createProduct(op, {
      base: 'BTC',
      direction: 'buy_low',
      target: '95000',
      settle: start + 3 * HOUR,
      apr: '21.9',
    });
    const { client } = await newUser(server, op, { BTC: '1', USDT: '10000' });
    expect((await subscribe(client, await productOf(client, sell.id), '0.5')).body.code).toBe(0);
    expect((await subscribe(client, await productOf(client, buy.id), '1000.12345678')).body.code).toBe(0);
    // Each price is set at a second of its own: the rows are valued at the price in force then.
    await op.advance(HOUR);
    await op.setPrice('BTC', '105000');
    await op.advance(HOUR);
    await op.advance(HOUR / 2);
    await op.setPrice('BTC', '96000');
    await op.advance(HOUR / 2);

    const sold = expected({
      direction: 'sell_high',
      amount: '0.5',
      apr: '36.5',
      seconds: 2 * HOUR,
      target: '105000',
    });
    const back = expected({
      direction: 'buy_low',
      amount: '1000.12345678',
      apr: '21.9',
      seconds: 3 * HOUR,
      target: '95000',
    });
    // 0.5 BTC at 36.5 % for 2 h, × 105,000; 1,000.12345678 USDT at 21.9 % for 3 h.
    expect(sold.reached).toBe('52504.37499999');
    expect(back.notReached).toBe('1000.19846603');
    const interest = new D(back.notReached).minus('1000.12345678').toFixed();
    expect(interest).toBe('0.07500925');

    const json = await client.get<{ list: Row[] }>('/api/web/v1/earn/statements', {
      line: 'dual',
      limit: 100,
    });
    const entry = (type: string, asset: string, at: number) => {
      const row = json.body.data.list.find((r) => r.type === type && r.asset === asset && r.at === at);
      if (!row) throw new Error(`no ${type} ${asset} row at ${at}`);
      return row;
    };
    const s1 = start + 2 * HOUR;
    const s2 = start + 3 * HOUR;
    const line = (
      at: number,
      type: string,
      asset: string,
      amount: string,
      price: string,
      product: string,
      why: string,
    ) =>
      [
        utc(at),
        utc(at),
        'dual',
        type,
        asset,
        amount,
        price,
        new D(amount).times(price).toFixed(),
        product,
        entry(type, asset, at).entry_id,
        csvField(why),
      ].join(',');
    // The why column: the statement's why in words, a settlement's rule or what was subscribed.
    const sellRule = `dual product ${sell.id}: sell_high: fixing 105000 >= target 105000, paid (amount + interest) × target in USDT, 8 decimals down`;
    const buyRule = `dual product ${buy.id}: buy_low: fixing 96000 > target 95000, paid amount + interest in USDT, 8 decimals down`;
    const csv = await client.getText('/api/web/v1/earn/statements.csv', { line: 'dual' });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')).toEqual([
      'time (UTC),time (UTC),line,type,asset,amount,price_usdt,value_usdt,product,entry_id,why',
      line(
        start,
        'subscribe',
        'BTC',
        '-0.5',
        '100000',
        `dual order:1`,
        `dual product ${sell.id}: subscribed: sell_high at target 105000, APR 36.5%, settles ${utc(s1)} UTC`,
      ),
      line(
        start,
        'subscribe',
        'USDT',
        '-1000.12345678',
        '1',
        `dual order:2`,
        `dual product ${buy.id}: subscribed: buy_low at target 95000, APR 21.9%, settles ${utc(s2)} UTC`,
      ),
      // Reached: the 0.5 BTC leaves dual and is converted at the target into USDT.
      line(s1, 'convert', 'BTC', '-0.5', '105000', `dual settle:${sell.id}:1`, sellRule),
      line(s1, 'redeem', 'BTC', '0.5', '105000', `dual settle:${sell.id}:1`, sellRule),
      line(s1, 'convert', 'USDT', sold.reached, '1', `dual settle:${sell.id}:1`, sellRule),
      // Not reached: the USDT back, and the interest.
      line(s2, 'interest', 'USDT', interest, '1', `dual settle:${buy.id}:2`, buyRule),
      line(s2, 'redeem', 'USDT', '1000.12345678', '1', `dual settle:${buy.id}:2`, buyRule),
      '',
    ]);
    // The why of each settlement row: the fixing price against the target, and the rule applied.
    expect(entry('convert', 'USDT', s1).why).toEqual({
      kind: 'dual_settlement',
      product_id: sell.id,
      direction: 'sell_high',
      target_price: '105000',
      fixing_price: '105000',
      reached: true,
      rule: 'sell_high: fixing 105000 >= target 105000, paid (amount + interest) × target in USDT, 8 decimals down',
    });
    expect(entry('convert', 'BTC', s1).why).toEqual(entry('convert', 'USDT', s1).why);
    // A subscription's why: the order's target, APR and settle time, the product's fixing once settled.
    expect(entry('subscribe', 'BTC', start).why).toEqual({
      kind: 'dual_settlement',
      product_id: sell.id,
      order_id: 1,
      direction: 'sell_high',
      target_price: '105000',
      apr: '36.5',
      settle_time: s1,
      fixing_price: '105000',
      reached: true,
      rule: `subscribed: sell_high at target 105000, APR 36.5%, settles ${utc(s1)} UTC`,
    });
    expect(entry('interest', 'USDT', s2).why).toEqual({
      kind: 'dual_settlement',
      product_id: buy.id,
      direction: 'buy_low',
      target_price: '95000',
      fixing_price: '96000',
      reached: false,
      rule: 'buy_low: fixing 96000 > target 95000, paid amount + interest in USDT, 8 decimals down',
    });
  });
});
