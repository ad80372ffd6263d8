import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

/** The operator's staking, soft-staking, wealth and dual endpoints: guard, validation, edits seen by users. */
describe('operator API of staking, soft staking, wealth and dual', () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let productId: number;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    await c.register();
    const res = await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
    });
    productId = res.body.data.id;
  });
  afterAll(() => server.dispose());

  it('refuses calls without the operator token', async () => {
    for (const [method, url] of [
      ['GET', '/admin/api/staking/products'],
      ['POST', '/admin/api/staking/products'],
      ['PUT', '/admin/api/soft-staking/coins/ETH'],
      ['POST', '/admin/api/wealth/products/1/nav'],
      ['GET', '/admin/api/dual/orders'],
    ] as const) {
      const res = await server.app.inject({ method, url, headers: { authorization: 'Bearer wrong' } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('validates products: one per coin, known coins, campaign times, rates as decimal strings', async () => {
    const dup = await op.call('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
    });
    expect(dup.status).toBe(409);
    const unknown = await op.call('POST', '/admin/api/staking/products', {
      coin: 'XYZ',
      type: 1,
      reward_coin: 'XYZ',
      rate: '3',
    });
    expect(unknown.body.data).toMatchObject({ key: 'common.unknownAsset' });
    const badType = await op.call('POST', '/admin/api/staking/products', {
      coin: 'BTC',
      type: 3,
      reward_coin: 'BTC',
      rate: '3',
    });
    expect(badType.status).toBe(400);
    const numberRate = await op.call('POST', '/admin/api/staking/products', {
      coin: 'BTC',
      type: 1,
      reward_coin: 'BTC',
      rate: 3,
    });
    expect(numberRate.status).toBe(400);
    const badFee = await op.call('POST', '/admin/api/staking/products', {
      coin: 'BTC',
      type: 1,
      reward_coin: 'BTC',
      rate: '3',
      extra: { redeem_fee: '1.5' },
    });
    expect(badFee.status).toBe(400);
    const badCampaign = await op.call('POST', `/admin/api/staking/products/${productId}/campaigns`, {
      reward_coin: 'GT',
      start_time: 2000,
      end_time: 1000,
      interest: [{ money_min: '0', money_max: '-1', money_rate: '0.01' }],
    });
    expect(badCampaign.status).toBe(400);
    expect((await c.get('/apiw/v2/earn/staking/products')).body.data).toMatchObject({ total: 1 });
  });

  it('edits a product, adds a protocol and a campaign, and users see them', async () => {
    const now = await op.now();
    expect(
      (
        await op.call('PUT', `/admin/api/staking/products/${productId}`, {
          rate: '3.5',
          min_mortgage_amount: '0.1',
          status: 'offline',
        })
      ).body.code,
    ).toBe(0);
    const refused = await op.call('PUT', `/admin/api/staking/products/${productId}`, { reward_coin: 'GT' });
    expect(refused.status).toBe(400);
    const proto = await op.call<{ pid: number }>(
      'POST',
      `/admin/api/staking/products/${productId}/protocols`,
      {
        protocol_name: 'Lido',
        reward_coin: 'ETH',
        rate: '3.8',
      },
    );
    const pid = proto.body.data.pid;
    expect((await op.call('PUT', `/admin/api/staking/protocols/${pid}`, { rate: '4.1' })).body.code).toBe(0);
    const campaign = await op.call('POST', `/admin/api/staking/products/${productId}/campaigns`, {
      pid,
      reward_coin: 'GT',
      start_time: now,
      end_time: now + 86_400,
      interest: [{ money_min: '0', money_max: '10', money_rate: '0.02' }],
    });
    expect(campaign.body.code).toBe(0);
    const product = await c.get<Record<string, unknown>>('/apiw/v2/earn/staking/product', { coin: 'ETH' });
    expect(product.body.data).toMatchObject({
      rate: '3.5',
      min_mortgage_amount: '0.1',
      status: 'offline',
      is_defi: 1,
      apr: '6.1',
    });
    expect((product.body.data.defi as Record<string, unknown>[])[0]).toMatchObject({
      pid,
      rate: '4.1',
      extra_interest: { status: 1, max_interest: '0.02', ext_award_limit: '10', ext_award_rate_year: '2' },
    });
    // The trend line shows today's rates at once.
    const lines = await c.get<{
      list: { time: number; rate: string; base_rate: string; extra_rate: string }[];
    }>('/apiw/v2/earn/staking/coin-lines', { coin: 'ETH', pid });
    expect(lines.body.data.list).toEqual([
      expect.objectContaining({
        time: Math.floor(now / 86_400) * 86_400,
        rate: '6.1',
        base_rate: '4.1',
        extra_rate: '2',
      }),
    ]);
    const offline = await c.post('/apiw/v2/earn/staking/coin-swap-verify', {
      side: 0,
      coin: 'ETH',
      amount: '1',
    });
    expect(offline.body.data).toMatchObject({ key: 'staking.product.offline' });
  });

  it('validates soft-staking coins, wealth products and dual orders', async () => {
    expect(
      (
        await op.call('PUT', '/admin/api/soft-staking/coins/ETH', {
          rate: '2',
          min_amount: '5',
          max_amount: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (await op.call('PUT', '/admin/api/soft-staking/coins/XYZ', { rate: '2' })).body.data,
    ).toMatchObject({ key: 'common.unknownAsset' });
    expect((await op.call('GET', '/admin/api/soft-staking/coins')).body.data).toMatchObject({ total: 0 });
    expect(
      (
        await op.call('POST', '/admin/api/wealth/products', {
          project_type: 6,
          name: 'X',
          coin: 'USDT',
          nav: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await op.call('POST', '/admin/api/wealth/products', {
          project_type: 4,
          name: 'X',
          coin: 'USDT',
          nav: '0',
        })
      ).status,
    ).toBe(400);
    expect((await op.call('POST', '/admin/api/wealth/products/999/nav', { nav: '1' })).status).toBe(404);
    const dual = await op.call('POST', '/admin/api/dual/orders', {
      user: 999_999,
      invest_coin: 'USDT',
      exercise_coin: 'BTC',
      amount: '1',
      target_price: '1',
      apr: '1',
      expire_time: 1,
    });
    expect(dual.status).toBe(404);
  });
});
