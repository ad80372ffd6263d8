import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wealthModule } from '../../src/lines/wealth';
import { overviewModule } from '../../src/views/overview';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { acceptDisclaimer } from '../staking/helpers';

const BASE = '/apiw/v2/earn/private-wealth';
const D = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_DOWN });
const floor = (x: Decimal, places: number) => x.toDecimalPlaces(places, Decimal.ROUND_DOWN);
interface Overview {
  total_usdt: string;
  lines: { line: string; total_usdt: string; assets: { asset: string; amount: string; usdt: string }[] }[];
}

/** Private wealth in the overview is worth its units at the latest NAV, not what they cost. */
describe('earn overview: private wealth at the latest NAV', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let pid: number;

  beforeAll(async () => {
    server = await startTestServer({ modules: [wealthModule, overviewModule] });
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    const userId = await c.register();
    await op.deposit(userId, 'USDT', '5000');
    const created = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 5,
      name: 'Quant USDT',
      coin: 'USDT',
      min_purchase: '100',
      nav: '1.02345678',
    });
    expect(created.body.code).toBe(0);
    pid = created.body.data.pid;
    await acceptDisclaimer(c, pid);
  });
  afterAll(() => server.dispose());

  const wealthLine = async () => {
    const res = await c.get<Overview>('/api/web/v1/earn/overview');
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data.lines.find((l) => l.line === 'wealth');
  };

  it('values held and redeeming units at the latest NAV, 8 decimals down', async () => {
    const bought = await c.post<{ unit: string }>(`${BASE}/purchase`, {
      pid,
      amount: '1000',
      project_type: 5,
    });
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(0);
    const units = floor(new D(1000).div('1.02345678'), 6); // 977.080861
    expect(bought.body.data.unit).toBe(units.toFixed());
    // At the NAV it was bought at, the units are worth a little less than their cost (the remainder
    // of the unit rounding stays in the cost).
    const atBuy = floor(units.times('1.02345678'), 8).toFixed();
    // The amount to the 8th decimal; its value, as every value shown, in cents.
    expect(await wealthLine()).toEqual({
      line: 'wealth',
      total_usdt: floor(new D(atBuy), 2).toFixed(),
      assets: [{ asset: 'USDT', amount: atBuy, usdt: floor(new D(atBuy), 2).toFixed() }],
    });
    expect(atBuy).not.toBe('1000');

    await op.advance(86_400);
    expect((await op.call('POST', `/admin/api/wealth/products/${pid}/nav`, { nav: '1.1' })).body.code).toBe(
      0,
    );
    const at11 = floor(units.times('1.1'), 8).toFixed();
    const cents = (x: string) => floor(new D(x), 2).toFixed();
    expect(await wealthLine()).toMatchObject({ total_usdt: cents(at11), assets: [{ amount: at11 }] });

    // Redeeming units wait for the next NAV and are still worth the latest one meanwhile.
    const redeemed = await c.post(`${BASE}/redeem`, { pid, unit: '400' });
    expect(redeemed.body.code, JSON.stringify(redeemed.body)).toBe(0);
    expect(await wealthLine()).toMatchObject({ total_usdt: cents(at11), assets: [{ amount: at11 }] });

    // The next NAV settles them into spot; what is left is worth the rest at that NAV.
    await op.advance(86_400);
    expect((await op.call('POST', `/admin/api/wealth/products/${pid}/nav`, { nav: '1.2' })).body.code).toBe(
      0,
    );
    const left = floor(units.minus(400).times('1.2'), 8).toFixed();
    expect(await wealthLine()).toMatchObject({
      total_usdt: cents(left),
      assets: [{ asset: 'USDT', amount: left }],
    });
  });
});
