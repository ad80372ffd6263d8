import { type Decimal, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { statementsModule } from '../../src/views/statements';
import { csvField } from '../../src/views/statements/csv';
import { exportBatches } from '../../src/views/statements/queries';
import { listCoins, Operator, startTestServer, type TestClient, type TestServer } from '../harness';
import {
  DAY,
  type Env,
  expectReconciled,
  type FixedOrder,
  fixedProduct,
  flexProduct,
  floor8,
  HOUR,
  spot,
  toNextHour,
  userWith,
} from '../simple-earn/helpers';

interface Row {
  key: string;
  at: number;
  line: string;
  type: string;
  asset: string;
  amount: string;
  price_usdt: string | null;
  value_usdt: string | null;
  product: string;
  entry_id: number | null;
}
interface Page {
  list: Row[];
  next_cursor: string | null;
}

const PATH = '/api/web/v1/earn/statements';
const FLEX_HOURS = 1 + 9 * 24;

/** Every page of a query, following next_cursor. */
async function allPages(c: TestClient, query: Record<string, string | number>): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res: { body: { code: number; data: Page } } = await c.get<Page>(PATH, {
      ...query,
      ...(cursor ? { cursor } : {}),
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    out.push(...res.body.data.list);
    cursor = res.body.data.next_cursor;
    if (!cursor) return out;
  }
  throw new Error('too many pages');
}

describe('earn statements', { timeout: 600_000 }, () => {
  let server: TestServer;
  let env: Env;
  let u: Awaited<ReturnType<typeof userWith>>;
  let h2: number;
  let order: FixedOrder;
  let redeemed: Decimal;

  beforeAll(async () => {
    server = await startTestServer({ modules: [simpleEarnModule, statementsModule] });
    env = { server, op: new Operator(server) };
    const { op } = env;
    await listCoins(op);
    await flexProduct(op, { asset: 'ETH', next_time_rate_year: '0.04', min_lend_amount: '0.01' });
    const productId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 7, year_rate: '0.05' });
    u = await userWith(env, { ETH: '3', USDT: '2000' });
    await toNextHour(env, 60);
    const sub = await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '2' });
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(0);
    const lend = await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: productId,
      amount: '1000',
    });
    expect(lend.body.code, JSON.stringify(lend.body)).toBe(0);
    order = lend.body.data;
    await toNextHour(env); // H1: the subscription hour earns nothing
    h2 = await op.advance(HOUR); // H2: the first hour of interest, at ETH 4000
    await op.advance(HOUR / 2);
    await op.setPrice('ETH', '4100');
    await op.advance(HOUR / 2); // H3: at 4100 from here on
    await op.advance(9 * DAY - HOUR); // past the fixed maturity
    await op.advance(60); // the redemption after the last interest hour
    await u.login();
    const before = dec(await spot(env, u.id, 'ETH'));
    const red = await u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'ETH', amount: '1' });
    expect(red.body.code, JSON.stringify(red.body)).toBe(0);
    redeemed = dec(await spot(env, u.id, 'ETH')).minus(before);
  });
  afterAll(() => server.dispose());

  it('lists every flexible interest hour to the 8th decimal, valued at the price of its hour, without duplicates or gaps across pages', async () => {
    const rows = await allPages(u.c, { line: 'simple_earn_flexible', type: 'interest', limit: 37 });
    const perHour = (h: number) => dec(2).times('0.04').div(8760).times(h);
    const expected = Array.from({ length: FLEX_HOURS }, (_, i) => {
      const amount = floor8(perHour(i + 1)).minus(floor8(perHour(i)));
      const price = i === 0 ? '4000' : '4100';
      return {
        at: h2 + i * HOUR,
        line: 'simple_earn_flexible',
        type: 'interest',
        asset: 'ETH',
        amount: amount.toFixed(),
        price_usdt: price,
        value_usdt: floor8(amount.times(price)).toFixed(),
        // Each hour opens its breakdown: the coin and the hour's end.
        why: { kind: 'flexible_hour', coin: 'ETH', hour: h2 + i * HOUR },
      };
    }).reverse();
    expect(rows.map(({ key: _k, product: _p, entry_id: _e, ...r }) => r)).toEqual(expected);
    expect(new Set(rows.map((r) => r.key)).size).toBe(FLEX_HOURS);
    expect(rows.every((r) => typeof r.entry_id === 'number')).toBe(true);
    expect(expected[FLEX_HOURS - 1]?.amount).toBe('0.00000913');
  });

  it('shows subscriptions, the fixed maturity and a redemption as the user sees their funds move', async () => {
    const fixed = await allPages(u.c, { line: 'simple_earn_fixed' });
    const interest = floor8(dec(1000).times('0.05').div(365).times(7));
    expect(interest.toFixed()).toBe('0.9589041');
    expect(order.total_interest).toBe(interest.toFixed());
    expect(fixed.map((r) => [r.type, r.asset, r.amount, r.price_usdt, r.value_usdt])).toEqual([
      ['redeem', 'USDT', '1000', '1', '1000'],
      ['interest', 'USDT', '0.9589041', '1', '0.9589041'],
      ['subscribe', 'USDT', '-1000', '1', '-1000'],
    ]);
    // Principal and interest of the maturity are one ledger entry.
    expect(fixed[0]?.entry_id).toBe(fixed[1]?.entry_id);

    const latest = (await u.c.get<Page>(PATH, { limit: 1 })).body.data.list[0];
    expect(latest).toMatchObject({ line: 'simple_earn_flexible', type: 'redeem', asset: 'ETH' });
    expect(latest?.amount).toBe(redeemed.toFixed());
    expect(latest?.price_usdt).toBe('4100');
    const subs = await allPages(u.c, { type: 'subscribe' });
    expect(subs.map((r) => [r.line, r.asset, r.amount, r.value_usdt])).toEqual([
      ['simple_earn_fixed', 'USDT', '-1000', '-1000'],
      ['simple_earn_flexible', 'ETH', '-2', '-8000'],
    ]);
    await expectReconciled(env.op);
  });

  it('filters by asset and time, and shows nothing of another user', async () => {
    const usdt = await allPages(u.c, { asset: 'usdt' });
    expect(usdt).toHaveLength(3);
    const window = await allPages(u.c, { from: h2, to: h2 + 2 * HOUR, type: 'interest' });
    expect(window.map((r) => [r.at, r.amount])).toEqual([
      [h2 + HOUR, '0.00000913'],
      [h2, '0.00000913'],
    ]);
    const other = await userWith(env, { USDT: '5' });
    expect((await other.c.get<Page>(PATH)).body.data).toEqual({ list: [], next_cursor: null });
  });

  it('exports CSV: a header, then every row oldest first, times in the chosen zone and in UTC', async () => {
    const res = await u.c.getText(`${PATH}.csv`, { line: 'simple_earn_fixed', tz: 'Asia/Shanghai' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="earn-statement.csv"');
    const lines = res.text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'time (Asia/Shanghai),time (UTC),line,type,asset,amount,price_usdt,value_usdt,product,entry_id,why',
    );
    const api = (await allPages(u.c, { line: 'simple_earn_fixed' })).reverse();
    const utc = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');
    expect(lines.slice(1)).toEqual(
      api.map((r) =>
        [
          utc(r.at + 8 * 3600),
          utc(r.at),
          r.line,
          r.type,
          r.asset,
          r.amount,
          r.price_usdt,
          r.value_usdt,
          csvField(r.product),
          r.entry_id,
          // A fixed maturity opens no breakdown: an empty why.
          '',
        ].join(','),
      ),
    );
    const all = await u.c.getText(`${PATH}.csv`);
    const allLines = all.text.split('\r\n');
    expect(allLines).toHaveLength(1 + FLEX_HOURS + 3 + 2 + 1);
    expect(all.text.startsWith('time (UTC),time (UTC),')).toBe(true);
    // A flexible interest hour's why: the coin and the hour it ended (h2 + 1 h: the second hour of interest).
    const second = allLines.find((l) => l.startsWith(`${utc(h2 + HOUR)},`) && l.includes(',interest,ETH,'));
    expect(second?.split(',').at(-1)).toBe(
      `flexible interest on ETH for the hour ending ${utc(h2 + HOUR)} UTC`,
    );
  });

  it('exports in batches (a cursor on PostgreSQL, keyset pages on PGlite) without repeating or skipping a row', async () => {
    const batches: number[] = [];
    const keys: string[] = [];
    for await (const batch of exportBatches(server.deps.db, server.deps.reads, { userId: u.id }, 'UTC', 7)) {
      batches.push(batch.length);
      keys.push(...batch.map((r) => `${r.at_us}.${r.src}.${r.id}.${r.asset}.${r.type}`));
    }
    const api = (await allPages(u.c, { limit: 100 })).map((r) => r.key).reverse();
    expect(keys).toEqual(api);
    expect(batches.slice(0, -1).every((n) => n === 7)).toBe(true);
    expect(batches.length).toBe(Math.ceil(api.length / 7));
  });

  it('quotes a field holding a comma, a quote or a line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('refuses a bad time zone, date, range or cursor with a code and a message key', async () => {
    const refused = async (url: string, query: Record<string, string | number>, key: string) => {
      const res = await u.c.getText(url, query);
      expect(res.status, res.text).toBe(400);
      const body = JSON.parse(res.text) as { code: number; data: { key: string } };
      expect(body.code).toBe(40000);
      expect(body.data.key).toBe(key);
    };
    await refused(`${PATH}.csv`, { tz: 'Mars/Olympus_Mons' }, 'earn.statements.badTimeZone');
    await refused(`${PATH}.csv`, { tz: '+05:00' }, 'earn.statements.badTimeZone');
    await refused(`${PATH}.csv`, { from: 'yesterday' }, 'earn.statements.badDate');
    await refused(`${PATH}.csv`, { from: 200, to: 100 }, 'earn.statements.badRange');
    await refused(PATH, { cursor: 'nope' }, 'earn.statements.badCursor');
    const anon = await new (u.c.constructor as new (s: TestServer) => TestClient)(server).getText(
      `${PATH}.csv`,
    );
    expect(anon.status).toBe(401);
  });
});
