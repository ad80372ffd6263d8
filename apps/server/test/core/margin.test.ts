import { Code, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

const PATH = '/apiw/v2/unified/maintenance_margin_rate';

interface Margin {
  mode: string;
  maintenance_margin_rate: string | null;
  maintenance_margin_ratio: string;
  equity_usdt: string;
  liabilities_usdt: string;
  maintenance_margin_usdt: string;
}

describe('GET /unified/maintenance_margin_rate (simple-earn.md §7)', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  it('needs a session', async () => {
    const res = await new TestClient(server).get(PATH);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(Code.LOGIN_REQUIRED);
  });

  it('answers no rate for a classic account, 0 for a unified one without loans', async () => {
    const c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'USDT', '1000');
    const classic = await c.get<Margin>(PATH);
    expect(classic.body.data).toEqual({
      mode: 'classic',
      maintenance_margin_rate: null,
      maintenance_margin_ratio: '0.05',
      equity_usdt: '1000',
      liabilities_usdt: '0',
      maintenance_margin_usdt: '0',
    });
    await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'multi_currency' });
    expect((await c.get<Margin>(PATH)).body.data.maintenance_margin_rate).toBe('0');
  });

  it('divides 5 % of the loans by the equity at current prices, and follows the price', async () => {
    const c = new TestClient(server);
    const id = await c.register();
    await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'multi_currency' });
    await op.deposit(id, 'USDT', '1000');
    await op.deposit(id, 'BTC', '0.05');
    await op.call('POST', '/admin/api/loans', { user: id, asset: 'USDT', amount: '2000' });
    // Held: 3,000 USDT + 0.05 BTC × 100,000 = 8,000; owed 2,000; equity 6,000; margin 100.
    const res = await c.get<Margin>(PATH);
    expect(res.body.data).toMatchObject({
      mode: 'multi_currency',
      equity_usdt: '6000',
      liabilities_usdt: '2000',
      maintenance_margin_usdt: '100',
    });
    // 100 / 6000 = 0.01666… → 4 decimals up.
    expect(res.body.data.maintenance_margin_rate).toBe(dec(100).div(6000).toDecimalPlaces(4, 0).toFixed());
    expect(res.body.data.maintenance_margin_rate).toBe('0.0167');

    await op.setPrice('BTC', '20000');
    // Held: 3,000 + 1,000 = 4,000; equity 2,000 → 0.05.
    expect((await c.get<Margin>(PATH)).body.data.maintenance_margin_rate).toBe('0.05');
  });
});
