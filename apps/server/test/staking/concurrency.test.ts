import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { acceptStaking, expectReconciled } from './helpers';

/** Races only real PostgreSQL can run: the shared quick quota and a user's own cap. */
describe.runIf(onPostgres)('staking under concurrency', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    const res = await op.call('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
      personal_mortgage_limit: '1',
      income_days: 3,
      extra: { redeem_quick: 1, redeem_quick_long: 30, redeem_quick_fee: '0.005' },
      redeem_config: { redeem_quick_daily: '5' },
    });
    expect(res.body.code).toBe(0);
  });
  afterAll(() => server.dispose());

  it('twenty users racing for a quick quota of 5 ETH: exactly ten redeems of 0.5 pass', async () => {
    const clients: TestClient[] = [];
    for (let i = 0; i < 20; i++) {
      const c = new TestClient(server);
      const id = await c.register();
      await op.deposit(id, 'ETH', '1');
      await acceptStaking(c, 'ETH');
      expect(
        (await c.post('/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'ETH', amount: '1' })).body
          .code,
      ).toBe(0);
      clients.push(c);
    }
    const results = await Promise.all(
      clients.map((c) =>
        c.post('/apiw/v2/earn/staking/coin-redeem', { coin: 'ETH', amount: '0.5', quick: 1 }),
      ),
    );
    const passed = results.filter((r) => r.body.code === 0).length;
    expect(passed).toBe(10);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(r.body.data).toMatchObject({ key: 'staking.redeem.quickQuotaExceeded' });
    }
    await expectReconciled(op);
  });

  it('one user sending ten stakes of 0.2 at once against a cap of 1: exactly five pass', async () => {
    const c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'ETH', '5');
    await acceptStaking(c, 'ETH');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        c.post('/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'ETH', amount: '0.2' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0).length).toBe(5);
    const info = await c.get('/apiw/v2/earn/staking/coin-user-info', { coin: 'ETH' });
    expect(info.body.data).toMatchObject({ hold_amount: '1' });
    await expectReconciled(op);
  });
});
