import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_FUNDPASS, DEMO_PASSWORD, seedDemo } from '../../src/ops/seed/demo';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { countRows, ledgerSnapshot } from './util';

interface Me {
  email: string;
  vip_tier: number;
  fundpass_set: boolean;
  fundpass_mode: string;
}

describe('demo seed, core only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true, modules: [] });
  });
  afterAll(() => server.dispose());

  it('lists coins with prices and a demo user with balances, a funding password and a VIP tier', async () => {
    const c = new TestClient(server);
    const login = await c.post<Me>('/api/web/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(login.body.data).toMatchObject({
      email: DEMO_EMAIL,
      vip_tier: 1,
      fundpass_set: true,
      fundpass_mode: 'every_2h',
    });
    const balances = await c.get<{ list: { asset: string; available: string }[] }>(
      '/api/web/v1/wallet/balances',
    );
    expect(Object.fromEntries(balances.body.data.list.map((b) => [b.asset, b.available]))).toEqual({
      BTC: '0.85',
      DOGE: '15000',
      ETH: '12.5',
      GT: '1200',
      SOL: '40',
      USDC: '5000',
      USDT: '25000',
    });
    expect((await c.get('/apiw/v2/earn/launch-pool/user-stat')).body.data).toEqual({
      user_60_day_transaction_amount: '125000',
    });
    const tickers = await c.get<{ pair: string; rate: string }[]>('/apiw/v2/market/tickers', {
      currency_pairs: 'BTC_USDT,USDT_USDT',
    });
    expect(tickers.body.data).toEqual([
      { pair: 'BTC_USDT', rate: '96500.12' },
      { pair: 'USDT_USDT', rate: '1' },
    ]);
    // The demo funding password is the one main.ts prints.
    const other = new TestClient(server);
    await other.post('/api/web/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const mode = await other.post('/api/web/v1/auth/fund-password/mode', {
      mode: 'every_2h',
      fundpass: DEMO_FUNDPASS,
    });
    expect(mode.body.code).toBe(0);
    expect((await new Operator(server).reconciliation()).ok).toBe(true);
  });

  it('does nothing on a database that has users', async () => {
    const before = await ledgerSnapshot(server.deps.db);
    const users = await countRows(server.deps.db, 'users');
    expect(await seedDemo(server.deps.db, server.deps.clock.now(), [])).toBe(false);
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
    expect(await countRows(server.deps.db, 'users')).toBe(users);
  });
});

describe('demo seed with every product line', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
  });
  afterAll(() => server.dispose());

  it('leaves balanced books, and the demo user can sign in', async () => {
    expect(await new Operator(server).reconciliation()).toEqual({ ok: true, differences: [] });
    const c = new TestClient(server);
    expect(
      (await c.post('/api/web/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(200);
    const home = await c.get<{ lines: { line: string }[] }>('/api/web/v1/earn/home');
    expect(home.body.data.lines.length).toBeGreaterThan(0);
  });
});
