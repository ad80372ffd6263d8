import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/ops/seed/demo';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { expectReconciled } from './helpers';

describe('staking demo catalogue', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  it('has ETH with two protocols, GT with a running campaign, a USDT credit product and SOL with quick redeem and a quota', async () => {
    const c = new TestClient(server);
    const list = await c.get<{ list: Record<string, unknown>[] }>('/apiw/v2/earn/staking/products');
    const byCoin = new Map(list.body.data.list.map((p) => [p.coin as string, p]));
    expect(byCoin.get('ETH')?.defi).toHaveLength(2);
    expect(byCoin.get('GT')?.extra_interest).toMatchObject({ status: 1 });
    // Each product carries its own protocols and campaigns only (they are loaded for all at once).
    for (const coin of ['GT', 'USDT', 'SOL', 'DOT']) expect(byCoin.get(coin)?.defi).toEqual([]);
    for (const coin of ['ETH', 'USDT', 'SOL', 'DOT']) expect(byCoin.get(coin)?.extra_interest).toBeNull();
    expect(byCoin.get('USDT')).toMatchObject({ type: 0 });
    expect(byCoin.get('SOL')?.redeem_config).toMatchObject({
      redeem_quick: 1,
      redeem_quick_daily: '500',
      quick_selectable: 1,
    });
    const lines = await c.get<{ total: number }>('/apiw/v2/earn/staking/coin-lines', {
      coin: 'GT',
      limit: 365,
    });
    expect(lines.body.data.total).toBe(365);
    // The home card's best: GT's 5 % + the campaign's 8 % on the first 500 GT, as the staking list says it.
    const home = await c.get<{ lines: { line: string }[] }>('/api/web/v1/earn/home');
    expect(home.body.data.lines.find((l) => l.line === 'staking')).toEqual({
      line: 'staking',
      asset: 'GT',
      apr: '13',
      up_to_amount: '500',
    });

    const login = await c.post('/api/web/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(login.body.code).toBe(0);
    const lock = await c.get<{ list: { coin: string; mortgage_amount: string }[] }>(
      '/apiw/v2/earn/staking/lock-balances',
    );
    expect(lock.body.data.list.map((l) => [l.coin, l.mortgage_amount])).toEqual([
      ['ETH', '2'],
      ['GT', '300'],
    ]);
    await expectReconciled(op);
  });
});
