import { type Decimal, dec, MATURITY_PAYOUT_DELAY_SECONDS } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { overviewModule } from '../../src/views/overview';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import {
  type Env,
  expectReconciled,
  type FixedOrder,
  fixedProduct,
  flexProduct,
  floor8,
  HOUR,
  toNextHour,
  userWith,
} from '../simple-earn/helpers';

interface Overview {
  as_of: number;
  total_usdt: string;
  total_btc: string | null;
  yesterday_usdt: string;
  cumulative_usdt: string;
  lines: { line: string; total_usdt: string; assets: { asset: string; amount: string; usdt: string }[] }[];
  upcoming: { kind: string; line: string; asset: string; amount: string; at: number; estimated: boolean }[];
}
interface Earnings {
  days: { day: string; start: number; usdt: string }[];
  total_usdt: string;
}

const DAY = 86_400;
const HOURS = 48;

describe('earn overview', { timeout: 600_000 }, () => {
  let server: TestServer;
  let env: Env;
  let u: Awaited<ReturnType<typeof userWith>>;
  let order: FixedOrder;
  let h1: number;
  let now: number;
  /** The flexible interest of each hour, computed here: (credited at, amount). */
  let hours: { at: number; amount: Decimal }[];

  beforeAll(async () => {
    server = await startTestServer({ modules: [simpleEarnModule, overviewModule] });
    env = { server, op: new Operator(server) };
    const { op } = env;
    await listCoins(op);
    await flexProduct(op, { asset: 'ETH', next_time_rate_year: '0.04', min_lend_amount: '0.01' });
    const productId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 7, year_rate: '0.05' });
    u = await userWith(env, { ETH: '3', USDT: '2000' });
    await toNextHour(env, 60);
    expect(
      (await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '2' })).body.code,
    ).toBe(0);
    const lend = await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: productId,
      amount: '1000',
    });
    expect(lend.body.code, JSON.stringify(lend.body)).toBe(0);
    order = lend.body.data;
    await toNextHour(env); // the subscription hour earns nothing
    h1 = await op.now();
    now = await op.advance(HOURS * HOUR);
    await op.setPrice('ETH', '4200'); // every figure is at the current price
    const cum = (h: number) => floor8(dec(2).times('0.04').div(8760).times(h));
    hours = Array.from({ length: HOURS }, (_, i) => ({
      at: h1 + (i + 1) * HOUR,
      amount: cum(i + 1).minus(cum(i)),
    }));
  });
  afterAll(() => server.dispose());

  const sumBetween = (from: number, to: number) =>
    hours.filter((h) => h.at >= from && h.at < to).reduce((s, h) => s.plus(h.amount), dec(0));

  it('splits the holdings by line and coin at current prices, with yesterday’s and all earnings', async () => {
    const res = await u.c.get<Overview>('/api/web/v1/earn/overview');
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const o = res.body.data;
    const interest = sumBetween(0, Number.MAX_SAFE_INTEGER);
    const ethHeld = dec(2).plus(interest);
    // Values in cents, rounded down; each total the sum of what is shown beside it.
    const ethUsdt = ethHeld.times(4200).toDecimalPlaces(2, 1);
    const total = ethUsdt.plus(1000);
    const today = Math.floor(now / DAY) * DAY;
    expect(o.as_of).toBe(now);
    expect(o.lines).toEqual([
      {
        line: 'simple_earn_flexible',
        total_usdt: ethUsdt.toFixed(),
        assets: [{ asset: 'ETH', amount: ethHeld.toFixed(), usdt: ethUsdt.toFixed() }],
      },
      {
        line: 'simple_earn_fixed',
        total_usdt: '1000',
        assets: [{ asset: 'USDT', amount: '1000', usdt: '1000' }],
      },
    ]);
    expect(o.total_usdt).toBe(total.toFixed());
    expect(o.total_btc).toBe(floor8(total.div(100000)).toFixed());
    expect(o.cumulative_usdt).toBe(floor8(interest.times(4200)).toFixed());
    const yesterday = sumBetween(today - DAY, today);
    expect(yesterday.gt(0)).toBe(true);
    expect(o.yesterday_usdt).toBe(floor8(yesterday.times(4200)).toFixed());
    expect(o.upcoming).toEqual([
      {
        kind: 'maturity',
        line: 'simple_earn_fixed',
        asset: 'USDT',
        amount: dec(order.principal).plus(order.total_interest).toFixed(),
        at: order.finish_time + MATURITY_PAYOUT_DELAY_SECONDS,
        estimated: false,
      },
    ]);
    expect(order.total_interest).toBe(floor8(dec(1000).times('0.05').div(365).times(7)).toFixed());
    await expectReconciled(env.op);
  });

  it('answers the daily earnings of the last N UTC days, today last', async () => {
    const res = await u.c.get<Earnings>('/api/web/v1/earn/earnings', { days: 4 });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const today = Math.floor(now / DAY) * DAY;
    const expected = [3, 2, 1, 0].map((back) => {
      const start = today - back * DAY;
      return {
        day: new Date(start * 1000).toISOString().slice(0, 10),
        start,
        usdt: floor8(sumBetween(start, start + DAY).times(4200)).toFixed(),
      };
    });
    expect(res.body.data.days).toEqual(expected);
    const total = expected.reduce((s, d) => s.plus(d.usdt), dec(0));
    expect(res.body.data.total_usdt).toBe(total.toFixed());
    const bad = await u.c.get('/api/web/v1/earn/earnings', { days: 0 });
    expect(bad.status).toBe(400);
  });

  it('shows values that add up: each coin in cents, a line the sum of its coins, the total the sum of the lines', async () => {
    // 2.380954 ETH at 4200 is 10000.0068 USDT and 5785.656 USDT fixed: valued finer than cents and
    // each shown cut to cents, the lines read 10,000.00 and 5,785.65 under a total of 15,785.66.
    const w = await userWith(env, { ETH: '2.380954', USDT: '5785.656' });
    expect(
      (await w.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '2.380954' })).body.code,
    ).toBe(0);
    const products = await w.c.get<{ list: { id: number }[] }>('/apiw/v2/fixed_earn/api/product/USDT/list');
    const lend = await w.c.post('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: products.body.data.list[0]?.id ?? 0,
      amount: '5785.656',
    });
    expect(lend.body.code, JSON.stringify(lend.body)).toBe(0);
    const o = (await w.c.get<Overview>('/api/web/v1/earn/overview')).body.data;
    expect(o.lines).toEqual([
      {
        line: 'simple_earn_flexible',
        total_usdt: '10000',
        assets: [{ asset: 'ETH', amount: '2.380954', usdt: '10000' }],
      },
      {
        line: 'simple_earn_fixed',
        total_usdt: '5785.65',
        assets: [{ asset: 'USDT', amount: '5785.656', usdt: '5785.65' }],
      },
    ]);
    expect(o.total_usdt).toBe('15785.65');
    const sum = (xs: string[]) => xs.reduce((t, x) => t.plus(x), dec(0)).toFixed();
    for (const line of o.lines) expect(line.total_usdt).toBe(sum(line.assets.map((a) => a.usdt)));
    expect(o.total_usdt).toBe(sum(o.lines.map((l) => l.total_usdt)));
  });

  it('answers zeros and empty lists to a user with nothing in earn, and 401 without a session', async () => {
    const other = await userWith(env, { USDT: '10' });
    const o = (await other.c.get<Overview>('/api/web/v1/earn/overview')).body.data;
    expect(o).toMatchObject({
      total_usdt: '0',
      total_btc: '0',
      yesterday_usdt: '0',
      cumulative_usdt: '0',
      lines: [],
      upcoming: [],
    });
    expect((await new TestClient(server).get('/api/web/v1/earn/overview')).status).toBe(401);
    expect((await new TestClient(server).get('/api/web/v1/earn/earnings')).status).toBe(401);
  });
});
