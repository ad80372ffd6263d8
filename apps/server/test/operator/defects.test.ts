import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { listCoins, Operator, startTestServer, type TestServer } from '../harness';

/**
 * The two defects of issue 15, as an operator met them: an edit that names one field resets every
 * other to its creation default, and a fixed product with an open-ended ladder tier breaks the lists.
 */
describe('issue 15 defects', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer({ modules: [simpleEarnModule] });
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  it('a flexible edit naming only borrow_demand keeps the ladder, the bonus pool, the status and the APR limits', async () => {
    const created = await op.call('POST', '/admin/api/simple-earn/flexible-products', {
      asset: 'USDT',
      min_lend_amount: '1',
      next_time_rate_year: '0.05',
      borrow_demand: '1000',
      ladder_apr: [
        { left: '0', right: '500', apr: '0.1' },
        { left: '500', right: '', apr: '0.03' },
      ],
      award_asset: 'GT',
      is_open_award_pool: true,
      ext_award_rate_year: '0.02',
      ext_award_limit: '300',
      limit_min_lend_rate_year: '0.5',
      max_lend_rate_year: '8',
      status: 0,
      sort: 7,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const edit = await op.call('PUT', '/admin/api/simple-earn/flexible-products/USDT', {
      borrow_demand: '20',
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const list = await op.call<{ list: Record<string, unknown>[] }>(
      'GET',
      '/admin/api/simple-earn/flexible-products',
    );
    expect(list.status).toBe(200);
    expect(list.body.data.list.find((p) => p.asset === 'USDT')).toMatchObject({
      borrow_demand: '20',
      min_lend_amount: '1',
      next_time_rate_year: '0.05',
      ladder_apr: [
        { left: '0', right: '500', apr: '0.1' },
        { left: '500', right: '', apr: '0.03' },
      ],
      award_asset: 'GT',
      is_open_award_pool: true,
      ext_award_rate_year: '0.02',
      ext_award_limit: '300',
      limit_min_lend_rate_year: '0.5',
      max_lend_rate_year: '8',
      status: 0,
      sort: 7,
    });
  });

  it('a fixed edit naming only year_rate keeps a VIP product VIP, with its cap, users and window', async () => {
    const now = await op.now();
    const created = await op.call<{ id: number }>('POST', '/admin/api/simple-earn/fixed-products', {
      asset: 'BTC',
      type: 2,
      min_vip: 2,
      max_vip: 5,
      lock_up_period: 30,
      year_rate: '0.04',
      total_quota: '100',
      min_lend_amount: '0.01',
      user_max_lend_volume: '3',
      start_time: now,
      end_time: now + 90 * 86_400,
      reinvest: 0,
      redeem_account: 0,
      pre_redeem: 1,
      title: 'VIP BTC',
      subtitle: 'for VIP 2 to 5',
      status: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const edit = await op.call('PUT', `/admin/api/simple-earn/fixed-products/${id}`, { year_rate: '0.05' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const list = await op.call<{ list: Record<string, unknown>[] }>(
      'GET',
      '/admin/api/simple-earn/fixed-products',
    );
    expect(list.status).toBe(200);
    expect(list.body.data.list.find((p) => p.id === id)).toMatchObject({
      year_rate: '0.05',
      type: 2,
      min_vip: 2,
      max_vip: 5,
      user_max_lend_volume: '3',
      end_time: now + 90 * 86_400,
      reinvest: 0,
      redeem_account: 0,
      pre_redeem: 1,
      title: 'VIP BTC',
      subtitle: 'for VIP 2 to 5',
    });
  });

  it('a fixed product with an open-ended last ladder tier is accepted as the flexible one is, and every list still answers', async () => {
    const now = await op.now();
    const ladder = [
      { left: '0', right: '1000', apr: '0.02' },
      { left: '1000', right: '', apr: '0.01' },
    ];
    const created = await op.call<{ id: number; ladder_apr: unknown }>(
      'POST',
      '/admin/api/simple-earn/fixed-products',
      {
        asset: 'USDT',
        lock_up_period: 7,
        year_rate: '0.06',
        total_quota: '100000',
        min_lend_amount: '10',
        start_time: now - 3600,
        bonus_asset: 'GT',
        ladder_apr: ladder,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.ladder_apr).toEqual(ladder);
    const admin = await op.call<{ list: { id: number; ladder_apr: unknown }[] }>(
      'GET',
      '/admin/api/simple-earn/fixed-products',
    );
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body.data.list.find((p) => p.id === created.body.data.id)?.ladder_apr).toEqual(ladder);
    for (const url of [
      '/apiw/v2/uni-loan/earn/coin-info',
      '/apiw/v2/fixed_earn/api/product/detail?asset=USDT',
      `/apiw/v2/fixed_earn/api/product/detail?product_id=${created.body.data.id}`,
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
