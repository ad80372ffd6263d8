import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { spotBalance } from './util';

interface Outable {
  asset: string;
  outable: string;
  lend_earn_available: string;
  available: string;
  mode: string;
}

describe('account context calls', () => {
  let server: TestServer;
  let op: Operator;
  let listedAt: number;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    listedAt = await op.now();
    await listCoins(op);
    await op.advance(3600);
  });
  afterAll(() => server.dispose());

  async function user() {
    const c = new TestClient(server);
    const id = await c.register();
    return { c, id };
  }

  const setUser = async (id: number | string, body: Record<string, unknown>) => {
    const res = await op.call('PUT', `/admin/api/users/${id}`, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  };

  it('every call that reads the user needs a session', async () => {
    const anonymous = new TestClient(server);
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/apiw/v2/unified/account_mode'],
      ['GET', '/api/web/v1/compliance/check'],
      ['GET', '/api/web/v1/rebate/get_user_info'],
      ['GET', '/api/web/v1/uniloan/lend-earn-coin-info?coin=USDT'],
      ['POST', '/apiw/v2/account/spot/asset/outable', { assets: ['USDT'] }],
      ['GET', '/apiw/v2/fixed_earn/api/user/lent/available?asset=USDT'],
      ['GET', '/apiw/v2/earn/launch-pool/get-user-loan-property'],
      ['GET', '/apiw/v2/earn/launch-pool/user-stat'],
      ['GET', '/apiw/v2/account/spot/trading/home'],
      ['GET', '/apiw/v2/uni-loan/earn/user/vip'],
      ['GET', '/api/web/v1/wallet/balances'],
    ];
    for (const [method, url, body] of calls) {
      const res = await anonymous.request(method as 'GET' | 'POST', url, { body });
      expect(res.status, url).toBe(401);
      expect(res.body).toMatchObject({ code: Code.LOGIN_REQUIRED, data: { key: 'auth.loginRequired' } });
    }
  });

  it('account_mode: mode, first_open and settings.use_funding, as the operator sets them', async () => {
    const { c, id } = await user();
    const initial = await c.get('/apiw/v2/unified/account_mode');
    expect(initial.body).toEqual({
      code: 0,
      message: 'success',
      data: { mode: 'classic', first_open: true, settings: { use_funding: false } },
    });
    for (const mode of ['multi_currency', 'single_currency', 'classic']) {
      await setUser(id, { account_mode: mode, first_open: false, use_funding: true });
      const res = await c.get('/apiw/v2/unified/account_mode');
      expect(res.body.data).toEqual({ mode, first_open: false, settings: { use_funding: true } });
    }
  });

  it('compliance/check: business and menu lists', async () => {
    const { c, id } = await user();
    expect((await c.get('/api/web/v1/compliance/check')).body.data).toEqual({ business: [], menu: [] });
    await setUser(id, { compliance_menu: ['express', 'lend_earn'], compliance_business: ['derivatives'] });
    expect((await c.get('/api/web/v1/compliance/check')).body.data).toEqual({
      business: ['derivatives'],
      menu: ['express', 'lend_earn'],
    });
  });

  it('rebate/get_user_info: a referral code, never the database id', async () => {
    const { c, id } = await user();
    const res = await c.get<{ encrypted_uid: string; kol_code: string }>('/api/web/v1/rebate/get_user_info');
    expect(res.body.data.encrypted_uid).toMatch(/^[0-9A-F]{10}$/);
    expect(res.body.data.kol_code).toBe(res.body.data.encrypted_uid);
    expect(res.body.data.encrypted_uid).not.toBe(String(id));
    const other = await user();
    expect(
      (await other.c.get<{ encrypted_uid: string }>('/api/web/v1/rebate/get_user_info')).body.data
        .encrypted_uid,
    ).not.toBe(res.body.data.encrypted_uid);
  });

  it('get-currency-call-setting: when the coin was listed, in unix seconds', async () => {
    const c = new TestClient(server);
    const res = await c.get('/api/web/v1/settings/get-currency-call-setting', { symbol: 'btc' });
    expect(res.body).toEqual({
      code: 0,
      message: 'success',
      data: { symbol: 'BTC', new_coin_start: listedAt },
    });
    const unknown = await c.get('/api/web/v1/settings/get-currency-call-setting', { symbol: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: Code.INVALID_PARAMS,
      message: 'Unknown asset NOPE',
      data: { key: 'common.unknownAsset', params: { coin: 'NOPE' } },
    });
    expect((await c.get('/api/web/v1/settings/get-currency-call-setting')).status).toBe(400);
  });

  it('borrow-coin-settings: is_support_launchpool and is_support_staking per coin', async () => {
    const c = new TestClient(server);
    await op.setPrice('NEWC', '3');
    const one = await c.get('/apiw/v2/earn/borrow-coin-settings', { coin: 'NEWC' });
    expect(one.body.data).toEqual([{ coin: 'NEWC', is_support_launchpool: 0, is_support_staking: 0 }]);
    const all = await c.get<{ coin: string }[]>('/apiw/v2/earn/borrow-coin-settings');
    expect(all.body.data.map((r) => r.coin)).toEqual(['BTC', 'ETH', 'GT', 'NEWC', 'USDC', 'USDT']);
    const unknown = await c.get('/apiw/v2/earn/borrow-coin-settings', { coin: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toMatchObject({ key: 'common.unknownAsset' });
  });

  it('outable and friends: classic accounts show the spot balance three times', async () => {
    const { c, id } = await user();
    await op.deposit(id, 'USDT', '100.12345678');
    await op.deposit(id, 'BTC', '0.5');
    const res = await c.post<Outable[]>('/apiw/v2/account/spot/asset/outable', {
      assets: ['USDT', 'btc', 'ETH'],
      extra: 'ignored',
    });
    expect(res.body).toEqual({
      code: 0,
      message: 'success',
      data: [
        {
          asset: 'USDT',
          outable: '100.12345678',
          lend_earn_available: '100.12345678',
          available: '100.12345678',
          mode: 'classic',
        },
        { asset: 'BTC', outable: '0.5', lend_earn_available: '0.5', available: '0.5', mode: 'classic' },
        { asset: 'ETH', outable: '0', lend_earn_available: '0', available: '0', mode: 'classic' },
      ],
    });
    const lend = await c.get('/api/web/v1/uniloan/lend-earn-coin-info', { coin: 'USDT' });
    expect(lend.body.data).toEqual({
      coin: 'USDT',
      is_support_lend_earn: 1,
      lend_earn_available: '100.12345678',
    });
    const fixed = await c.get('/apiw/v2/fixed_earn/api/user/lent/available', { asset: 'BTC' });
    expect(fixed.body.data).toEqual({ asset: 'BTC', available: '0.5' });
  });

  it('outable in a unified account with a loan: borrowed funds are available but cannot leave or be lent', async () => {
    const { c, id } = await user();
    await op.deposit(id, 'USDT', '100');
    const classicLoan = await op.call('POST', '/admin/api/loans', { user: id, asset: 'USDT', amount: '30' });
    expect(classicLoan.status).toBe(422);
    await setUser(id, { account_mode: 'multi_currency' });
    const loan = await op.call('POST', '/admin/api/loans', { user: id, asset: 'USDT', amount: '30' });
    expect(loan.body.code).toBe(0);

    const res = await c.post<Outable[]>('/apiw/v2/account/spot/asset/outable', { assets: ['USDT'] });
    expect(res.body.data).toEqual([
      { asset: 'USDT', outable: '100', lend_earn_available: '100', available: '130', mode: 'multi_currency' },
    ]);
    expect(
      (await c.get('/api/web/v1/uniloan/lend-earn-coin-info', { coin: 'USDT' })).body.data,
    ).toMatchObject({ lend_earn_available: '100' });
    expect((await c.get('/apiw/v2/fixed_earn/api/user/lent/available', { asset: 'USDT' })).body.data).toEqual(
      { asset: 'USDT', available: '100' },
    );
    expect((await c.get('/apiw/v2/earn/launch-pool/get-user-loan-property')).body.data).toEqual({
      USDT: '30',
    });

    // A withdrawal may take own funds only.
    const over = await op.call('POST', '/admin/api/withdrawals', {
      user: id,
      asset: 'USDT',
      amount: '100.00000001',
    });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe(Code.INSUFFICIENT_BALANCE);
    // Switching back to classic while owing is refused.
    const toClassic = await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'classic' });
    expect(toClassic.status).toBe(409);
    expect(
      (await op.call('POST', '/admin/api/withdrawals', { user: id, asset: 'USDT', amount: '100' })).body.code,
    ).toBe(0);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('30');

    // Repaying lowers the loan and the balance together.
    expect(
      (await op.call('POST', '/admin/api/loans/repay', { user: id, asset: 'USDT', amount: '30.1' })).status,
    ).toBe(422);
    expect(
      (await op.call('POST', '/admin/api/loans/repay', { user: id, asset: 'USDT', amount: '30' })).body.code,
    ).toBe(0);
    expect((await c.get('/apiw/v2/earn/launch-pool/get-user-loan-property')).body.data).toEqual({});
    const after = await c.post<Outable[]>('/apiw/v2/account/spot/asset/outable', { assets: ['USDT'] });
    expect(after.body.data[0]).toMatchObject({ outable: '0', available: '0' });
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it('outable refuses an unknown asset, an empty list and a malformed body', async () => {
    const { c } = await user();
    const unknown = await c.post('/apiw/v2/account/spot/asset/outable', { assets: ['USDT', 'NOPE'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: Code.INVALID_PARAMS,
      data: { key: 'common.unknownAsset', params: { coin: 'NOPE' } },
    });
    for (const body of [{ assets: [] }, { assets: 'USDT' }, {}, { assets: ['US-DT'] }]) {
      const res = await c.post('/apiw/v2/account/spot/asset/outable', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(Code.INVALID_PARAMS);
    }
  });

  it('user-stat: the 60-day trading volume as a decimal string', async () => {
    const { c, id } = await user();
    expect((await c.get('/apiw/v2/earn/launch-pool/user-stat')).body.data).toEqual({
      user_60_day_transaction_amount: '0',
    });
    await setUser(id, { trading_volume_60d: '125000.5' });
    expect((await c.get('/apiw/v2/earn/launch-pool/user-stat')).body.data).toEqual({
      user_60_day_transaction_amount: '125000.5',
    });
  });

  it('spot/trading/home: use_funding and locked', async () => {
    const { c, id } = await user();
    expect((await c.get('/apiw/v2/account/spot/trading/home')).body.data).toEqual({
      use_funding: false,
      locked: false,
    });
    await setUser(id, { use_funding: true, locked: true });
    expect((await c.get('/apiw/v2/account/spot/trading/home', { market: 'BTC_USDT' })).body.data).toEqual({
      use_funding: true,
      locked: true,
    });
  });

  it('VIP tier, in the vip call and in /me', async () => {
    const { c, id } = await user();
    expect((await c.get('/apiw/v2/uni-loan/earn/user/vip')).body.data).toEqual({ vip_tier: 0, tier: 0 });
    await setUser(`${id}`, { vip_tier: 3 });
    expect((await c.get('/apiw/v2/uni-loan/earn/user/vip')).body.data).toEqual({ vip_tier: 3, tier: 3 });
    expect((await c.get<{ vip_tier: number }>('/api/web/v1/auth/me')).body.data.vip_tier).toBe(3);
  });

  it('wallet/balances: spot balances valued in USDT', async () => {
    const { c, id } = await user();
    await op.deposit(id, 'BTC', '0.00012345');
    await op.deposit(id, 'USDT', '10');
    const res = await c.get('/api/web/v1/wallet/balances');
    expect(res.body.data).toEqual({
      list: [
        { asset: 'BTC', available: '0.00012345', usdt_value: '12.34' },
        { asset: 'USDT', available: '10', usdt_value: '10' },
      ],
      total_usdt: '22.34',
    });
  });
});

describe('market tickers', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  it('answers pair and rate as decimal strings, USDT fixed at 1, unknown pairs left out', async () => {
    const c = new TestClient(server);
    const res = await c.get('/apiw/v2/market/tickers', {
      currency_pairs: 'btc_usdt, USDT_USDT,NOPE_USDT,,ETH_USDT',
    });
    expect(res.body).toEqual({
      code: 0,
      message: 'success',
      data: [
        { pair: 'BTC_USDT', rate: '100000' },
        { pair: 'USDT_USDT', rate: '1' },
        { pair: 'ETH_USDT', rate: '4000' },
      ],
    });
  });

  it('lists every pair without a filter and follows operator price changes', async () => {
    await op.setPrice('BTC', '101234.56789');
    const res = await new TestClient(server).get<{ pair: string; rate: string }[]>('/apiw/v2/market/tickers');
    expect(res.body.data).toEqual([
      { pair: 'BTC_USDT', rate: '101234.56789' },
      { pair: 'ETH_USDT', rate: '4000' },
      { pair: 'GT_USDT', rate: '20' },
      { pair: 'USDC_USDT', rate: '1' },
    ]);
  });

  it('refuses to price USDT at anything but 1', async () => {
    const res = await op.call('PUT', '/admin/api/prices/USDT', { usdt: '1.01' });
    expect(res.status).toBe(400);
    const rate = await new TestClient(server).get<{ rate: string }[]>('/apiw/v2/market/tickers', {
      currency_pairs: 'USDT_USDT',
    });
    expect(rate.body.data).toEqual([{ pair: 'USDT_USDT', rate: '1' }]);
  });
});
