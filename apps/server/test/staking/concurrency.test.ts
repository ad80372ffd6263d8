import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { flexProduct } from '../simple-earn/helpers';
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

  it('a unified account with a loan: stakes racing simple-earn subscribes never reach into borrowed funds', async () => {
    await flexProduct(op, { asset: 'ETH', next_time_rate_year: '0.02', min_lend_amount: '0.1' });
    const c = new TestClient(server);
    const id = await c.register();
    await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'multi_currency' });
    await op.deposit(id, 'ETH', '0.6');
    expect(
      (await op.call('POST', '/admin/api/loans', { user: id, asset: 'ETH', amount: '0.5' })).body.code,
    ).toBe(0);
    await acceptStaking(c, 'ETH');
    // Spot is 1.1 ETH of which 0.5 is borrowed, and ETH is not supported for staking in a unified
    // account. Stakes and subscriptions hold no common lock: only the check after the debit stops them.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? c.post('/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'ETH', amount: '0.1' })
          : c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '0.1' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0).length).toBe(6);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(['stake.maxLimit.insufficientBalance', 'lend_earn.insufficient.balance']).toContain(
        (r.body.data as { key: string }).key,
      );
    }
    const user = await op.call<{ balances: { asset: string; purpose: string; balance: string }[] }>(
      'GET',
      `/admin/api/users/${id}`,
    );
    const spotEth = user.body.data.balances.find((b) => b.asset === 'ETH' && b.purpose === 'spot');
    expect(spotEth?.balance).toBe('0.5');
    await expectReconciled(op);
  });
});
