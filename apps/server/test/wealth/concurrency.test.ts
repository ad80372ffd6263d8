import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { flexProduct } from '../simple-earn/helpers';
import { acceptDisclaimer, expectReconciled, spot } from '../staking/helpers';

describe.runIf(onPostgres)('private wealth under concurrency (PostgreSQL)', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05', min_lend_amount: '1' });
  });
  afterAll(() => server.dispose());

  it('a unified account with a loan: purchases racing simple-earn subscribes never reach into borrowed funds', async () => {
    const created = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 5,
      name: 'Quant USDT',
      coin: 'USDT',
      min_purchase: '10',
      nav: '1',
    });
    expect(created.body.code).toBe(0);
    const pid = created.body.data.pid;
    const c = new TestClient(server);
    const id = await c.register();
    await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'multi_currency' });
    await op.deposit(id, 'USDT', '100');
    expect(
      (await op.call('POST', '/admin/api/loans', { user: id, asset: 'USDT', amount: '50' })).body.code,
    ).toBe(0);
    await acceptDisclaimer(c, pid);
    // Spot is 150 of which 50 is borrowed. Purchases and subscriptions hold no common lock.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? c.post('/apiw/v2/earn/private-wealth/purchase', { pid, amount: '10', project_type: 5 })
          : c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0).length).toBe(10);
    expect(await spot(c, 'USDT')).toBe('50');
    await expectReconciled(op);
  });
});
