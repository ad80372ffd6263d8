import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../src/infra/db/schema';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { acceptStaking, D, expectReconciled, spot } from './helpers';

const BASE = '/apiw/v2/earn/staking';
const STAKE = `${BASE}/coin-swap-verify`;

/** Stake rules with their keys, defi protocols, caps, loans, the funding password and every read call. */
describe('staking rules and calls', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let userId: number;
  let lido: number;
  let rocket: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    userId = await c.register();
    await op.deposit(userId, 'BTC', '1');
    await op.deposit(userId, 'USDC', '1000');
    await op.setPrice('GTBTC', '100000');
    const btc = await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
      coin: 'BTC',
      type: 1,
      reward_coin: 'BTC',
      rate: '2',
      min_mortgage_amount: '0.001',
      min_redeem_amount: '0.0005',
      personal_mortgage_limit: '0.8',
      exchange_type: 'asset',
      exchange_coin: 'GTBTC',
      exchange_rate: '0.998',
      exchange_rate_reverse: '1.002004',
      tips: 'BTC tips',
      protocol: 'Babylon',
      faq: [{ ask: 'Q1', answer: 'A1', cate: 'faq', unfold: true }],
      defi: [
        {
          protocol_name: 'Lido',
          reward_coin: 'BTC',
          rate: '2.5',
          reward: { reward_delay_days: 2, interest_delay_days: 1, fee_rate: '0.1' },
          personal_mortgage_limit: '0.3',
        },
        { protocol_name: 'Rocket', reward_coin: 'GT', rate: '4', income_days: 5 },
      ],
      extra_interest: [
        {
          pid: 2,
          reward_coin: 'GT',
          start_time: (await op.now()) - 3600,
          end_time: (await op.now()) + 30 * 86_400,
          interest: [{ money_min: '0', money_max: '-1', money_rate: '0.015' }],
        },
      ],
    });
    expect(btc.body.code).toBe(0);
    const usdc = await op.call('POST', '/admin/api/staking/products', {
      coin: 'USDC',
      type: 2,
      reward_coin: 'USDC',
      rate: '4',
      personal_mortgage_limit: '1000',
      is_crowd: true,
      crowd_mortgage_limit: '100',
      debt: [{ coin: 'USDC', rate: '4.5', amount: '250000' }],
    });
    expect(usdc.body.code).toBe(0);
    await acceptStaking(c, 'BTC', 'USDC');
    const product = await c.get<{ defi: { pid: number }[] }>(`${BASE}/product`, { coin: 'BTC' });
    lido = product.body.data.defi[0]?.pid as number;
    rocket = product.body.data.defi[1]?.pid as number;
  });
  afterAll(() => server.dispose());

  it('answers every product field of section 3', async () => {
    const res = await c.get<Record<string, unknown>>(`${BASE}/product`, { coin: 'BTC' });
    expect(res.body.code).toBe(0);
    const p = res.body.data;
    expect(p).toMatchObject({
      coin: 'BTC',
      mortgage_coin: 'BTC',
      type: 1,
      is_defi: 1,
      reward_coin: 'BTC',
      rate: '2',
      base_rate: '2',
      most_rate: '2',
      min_mortgage_amount: '0.001',
      min_redeem_amount: '0.0005',
      personal_mortgage_limit: '0.8',
      crowd_mortgage_limit: '-1',
      is_crowd: 0,
      agreement: '/docs/staking_user_agreement.pdf',
      reward_delay_days: 1,
      interest_days: 0,
      income_days: 0,
      borrow_support: 0,
      vip_config: [],
      exchange_type: 'asset',
      exchange_coin: 'GTBTC',
      exchange_rate: '0.998',
      exchange_rate_reverse: '1.002004',
      tips: 'BTC tips',
      precision: 8,
      protocol: 'Babylon',
      apr: '5.5',
      extra: {
        redeem_period_txt: '',
        redeem_quick: 0,
        redeem_quick_long: 0,
        redeem_control: 'redeem',
        redeem_minday: 0,
        redeem_maxday: 0,
        redeem_fee: '0',
        redeem_quick_fee: '0',
      },
      redeem_config: { redeem_coin: 'BTC', redeem_quick: 0, redeem_quick_daily: '-1', quick_selectable: 0 },
      redeem_period_status: 'immediately',
    });
    const defi = p.defi as Record<string, unknown>[];
    expect(defi[0]).toMatchObject({
      pid: lido,
      id: lido,
      protocol_name: 'Lido',
      mortgage_coin: 'BTC',
      reward_coin: 'BTC',
      rate: '2.5',
      base_rate: '2.5',
      reward: [{ reward_coin: 'BTC', reward_delay_days: 2, interest_delay_days: 1, fee_rate: '0.1' }],
      income_days: 0,
      extra_interest: null,
      personal_mortgage_limit: '0.3',
    });
    expect(defi[1]).toMatchObject({
      pid: rocket,
      apr: '5.5',
      extra_interest: { status: 1, max_interest: '0.015', award_asset: 'GT', ext_award_limit: '-1' },
    });
    const usdc = await c.get<Record<string, unknown>>(`${BASE}/product`, { coin: 'USDC' });
    expect(usdc.body.data).toMatchObject({
      type: 2,
      is_crowd: 1,
      crowd_mortgage_limit: '100',
      debt: [{ coin: 'USDC', rate: '4.5', amount: '250000' }],
    });
    const list = await c.get<{ total: number }>(`${BASE}/products`);
    expect(list.body.data.total).toBe(2);
    const ask = await c.get<{ list: unknown[] }>(`${BASE}/coin-ask`, { coin: 'BTC', pid: lido });
    expect(ask.body.data.list).toEqual([{ ask: 'Q1', answer: 'A1', cate: 'faq', unfold: true }]);
    const missing = await c.get(`${BASE}/product`, { coin: 'DOGE' });
    expect(missing.status).toBe(404);
  });

  it('refuses stake amounts with the spec keys and changes nothing', async () => {
    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [
        { coin: 'BTC', pid: lido, amount: '0.0009' },
        422,
        { key: 'stake.number.minLimit', params: { number: '0.001', coin: 'BTC' } },
      ],
      // Above the product cap (0.8 left) and the balance (1): the cap, as every line orders them.
      [
        { coin: 'BTC', pid: lido, amount: '1.5' },
        422,
        { key: 'staking.stake.personalLimit', params: { number: '0.8', coin: 'BTC' } },
      ],
      [
        { coin: 'BTC', pid: lido, amount: '0.123456789' },
        422,
        { key: 'common.amountPrecision', params: { precision: '8' } },
      ],
      [{ coin: 'BTC', pid: lido, amount: '0' }, 400, { key: 'common.amountPositive' }],
      [{ coin: 'BTC', pid: lido, amount: '1e-3' }, 400, { key: 'common.invalidParams' }],
      [{ coin: 'BTC', pid: 9999, amount: '0.01' }, 404, { key: 'common.notFound' }],
      [
        { coin: 'BTC', pid: lido, amount: '0.31' },
        422,
        { key: 'staking.stake.personalLimit', params: { number: '0.3', coin: 'BTC' } },
      ],
    ];
    for (const [body, status, data] of cases) {
      const res = await c.post(STAKE, { side: 0, ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.data).toMatchObject(data);
    }
    expect(await spot(c, 'BTC')).toBe('1');
  });

  it('stakes through protocols with their caps: the protocol cap, then the product cap', async () => {
    expect((await c.post(STAKE, { side: 0, coin: 'BTC', pid: lido, amount: '0.3' })).body.code).toBe(0);
    const over = await c.post(STAKE, { side: 0, coin: 'BTC', pid: lido, amount: '0.001' });
    expect(over.body.data).toMatchObject({ key: 'staking.stake.personalLimit', params: { number: '0' } });
    // Without a pid a defi product stakes through its first protocol (the selector's preselection).
    expect((await c.post(STAKE, { side: 0, coin: 'BTC', amount: '0.001' })).body.data).toMatchObject({
      key: 'staking.stake.personalLimit',
    });
    expect((await c.post(STAKE, { side: 0, coin: 'BTC', pid: rocket, amount: '0.5' })).body.code).toBe(0);
    const product = await c.post(STAKE, { side: 0, coin: 'BTC', pid: rocket, amount: '0.001' });
    expect(product.body.data).toMatchObject({
      key: 'staking.stake.personalLimit',
      params: { number: '0', coin: 'BTC' },
    });

    const balances = await c.get<{ pid: number; protocol_name: string; mortgage_amount: string }[]>(
      `${BASE}/balances`,
      {
        coin: 'BTC',
        hide_zero_hold: 1,
      },
    );
    expect(balances.body.data.map((b) => [b.pid, b.protocol_name, b.mortgage_amount])).toEqual([
      [lido, 'Lido', '0.3'],
      [rocket, 'Rocket', '0.5'],
    ]);
    const info = await c.get(`${BASE}/coin-user-info`, { coin: 'BTC', pid: rocket });
    expect(info.body.data).toMatchObject({ hold_amount: '0.5', tier: 0, is_crowd: 0, available: '0.2' });
    const lock = await c.get<{ list: { coin: string; pid: number; mortgage_amount: string }[] }>(
      `${BASE}/lock-balances`,
    );
    expect(lock.body.data.list.map((l) => [l.coin, l.pid, l.mortgage_amount])).toEqual([
      ['BTC', lido, '0.3'],
      ['BTC', rocket, '0.5'],
    ]);
    // Redeem needs a pid when two protocols are held.
    const ambiguous = await c.post(`${BASE}/coin-redeem`, { coin: 'BTC', amount: '0.1', quick: 0 });
    expect(ambiguous.status).toBe(400);
    const redeemed = await c.post<{ pid: number }>(`${BASE}/coin-redeem`, {
      coin: 'BTC',
      pid: rocket,
      amount: '0.1',
      quick: 0,
    });
    expect(redeemed.body.data).toMatchObject({ pid: rocket, received: '0.1' });
    await expectReconciled(op);
  });

  it('caps a crowd user at crowd_mortgage_limit', async () => {
    const over = await c.post(STAKE, { side: 0, coin: 'USDC', amount: '100.01' });
    expect(over.body.data).toMatchObject({
      key: 'staking.stake.crowdLimit',
      params: { number: '100', coin: 'USDC' },
    });
    expect((await c.post(STAKE, { side: 0, coin: 'USDC', amount: '100' })).body.code).toBe(0);
    const info = await c.get(`${BASE}/coin-user-info`, { coin: 'USDC' });
    expect(info.body.data).toMatchObject({ hold_amount: '100', is_crowd: 1 });
  });

  it('lowers what may be staked by loans unless the unified account supports staking the coin', async () => {
    const u = new TestClient(server);
    const id = await u.register();
    await op.deposit(id, 'GT', '100');
    await op.call('POST', '/admin/api/staking/products', {
      coin: 'GT',
      type: 1,
      reward_coin: 'GT',
      rate: '5',
    });
    await acceptStaking(u, 'GT');
    await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'multi_currency' });
    expect(
      (await op.call('POST', '/admin/api/loans', { user: id, asset: 'GT', amount: '40' })).body.code,
    ).toBe(0);
    const loans = await u.get(`${BASE}/user-loans`, { coin: 'GT' });
    expect(loans.body.data).toEqual({ assets: { GT: '40' } });
    const refused = await u.post(STAKE, { side: 0, coin: 'GT', amount: '100.5' });
    expect(refused.body.data).toMatchObject({
      key: 'stake.maxLimit.insufficientBalance',
      params: { number: '100', coin: 'GT' },
    });
    await server.deps.db.update(assets).set({ supportStaking: true }).where(eq(assets.symbol, 'GT'));
    const info = await u.get(`${BASE}/coin-user-info`, { coin: 'GT' });
    expect(info.body.data).toMatchObject({ available: '140' });
    expect((await u.post(STAKE, { side: 0, coin: 'GT', amount: '140' })).body.code).toBe(0);
    await expectReconciled(op);
  });

  it('asks for the funding password on stake and redeem when the user requires it', async () => {
    const set = await c.post('/api/web/v1/auth/fund-password', {
      fundpass: '654321',
      login_password: 'correct-horse-1',
      mode: 'always',
    });
    expect(set.body.code).toBe(0);
    const none = await c.post(STAKE, { side: 0, coin: 'BTC', pid: rocket, amount: '0.01' });
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 10010111, data: { require_fundpass: true } });
    const wrong = await c.post(`${BASE}/coin-redeem`, {
      coin: 'BTC',
      pid: rocket,
      amount: '0.01',
      quick: 0,
      fundpass: '000000',
    });
    expect(wrong.body.code).toBe(10010106);
    const right = await c.post(STAKE, {
      side: 0,
      coin: 'BTC',
      pid: rocket,
      amount: '0.01',
      fundpass: '654321',
    });
    expect(right.body.code).toBe(0);
    const redeem = await c.post(
      `${BASE}/coin-redeem`,
      { coin: 'BTC', pid: rocket, amount: '0.01', quick: 0 },
      { headers: { 'x-fund-password': '654321' } },
    );
    expect(redeem.body.code).toBe(0);
  });

  it('replays a stake sent twice with one Idempotency-Key and moves the coins once; form bodies work too', async () => {
    const before = await spot(c, 'BTC');
    const headers = { 'idempotency-key': 'stake-once-1', 'x-fund-password': '654321' };
    const body = { side: '0', coin: 'btc', pid: String(rocket), amount: '0.001', src: '1' };
    const first = await c.post(`${BASE}/coin-swap-verify`, body, { form: true, headers });
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    const again = await c.post(`${BASE}/coin-swap-verify`, body, { form: true, headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await spot(c, 'BTC')).toBe(new D(before).minus('0.001').toFixed());
  });

  it('answers the trend lines, defi lines, statistics and records of a coin', async () => {
    // Three days: Lido's reward delay of 2 days pays its first day at the start of the third.
    await op.advance(3 * 86_400);
    const lines = await c.get<{
      list: { rate: string; base_rate: string; extra_rate: string; reward_coin: string; coins: string }[];
      total: number;
    }>(`${BASE}/coin-lines`, { coin: 'BTC', pid: rocket, limit: 7, page: 1 });
    // The creation day (written at creation, completed at its end), then the next two days.
    expect(lines.body.data.total).toBe(3);
    expect(lines.body.data.list[0]).toMatchObject({
      rate: '5.5',
      base_rate: '4',
      extra_rate: '1.5',
      reward_coin: 'GT',
      coins: 'GT',
    });
    const defi = await c.get<{ list: { pid: number; total: number }[] }>(`${BASE}/coin-defi-lines`, {
      coin: 'BTC',
      limit: 30,
    });
    expect(defi.body.data.list.map((l) => [l.pid, l.total])).toEqual([
      [lido, 3],
      [rocket, 3],
    ]);
    // Rocket's redeems (income_days 5) are still on their way.
    const stats = await c.get(`${BASE}/statistics`, { coin: 'BTC', pid: rocket });
    expect(stats.body.data).toMatchObject({
      coin: 'BTC',
      mortgage_amount: '0.401',
      redeeming_amount: '0.11',
      total_mortgage_amount: '0.401',
      apr: '5.5',
    });
    const records = await c.get<{ list: { reward_coin: string; type: string }[] }>(
      `${BASE}/coin-user-profit-records`,
      {
        coin: 'BTC',
        page: 1,
        limit: 50,
      },
    );
    expect(new Set(records.body.data.list.map((r) => `${r.reward_coin}:${r.type}`))).toEqual(
      new Set(['BTC:interest', 'GT:interest', 'GT:bonus']),
    );
    const home = await c.get<{ lines: { line: string; asset: string; apr: string }[] }>(
      '/api/web/v1/earn/home',
    );
    expect(home.body.data.lines.find((l) => l.line === 'staking')).toEqual({
      line: 'staking',
      asset: 'BTC',
      apr: '5.5',
      // Rocket's campaign has no upper limit: any amount gets 4 % + 1.5 %.
      up_to_amount: null,
    });
    const anon = await new TestClient(server).get(`${BASE}/statistics`, { coin: 'BTC' });
    expect(anon.status).toBe(401);
    await expectReconciled(op);
  });
});
