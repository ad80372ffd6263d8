import { MAX_UNIX_TIME } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/infra/db/client';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

/**
 * Issue 15, point 2: products are valid or refused, whole, and no stored row can make a list fail.
 * Every kind of product is created at the limits its fields accept (largest amounts NUMERIC(38,18)
 * holds, highest rates, latest dates, longest ladders and texts), rows the earlier code could store are
 * written straight into the tables, and then every operator and user list answers 200.
 */

/** The largest amount a column holds: 20 integer digits and 18 decimals. */
const MAX = '99999999999999999999.999999999999999999';
const MAX8 = '99999999999999999999.99999999';
const BIG = '99999999999999999999';
const long = (n: number) => 'x'.repeat(n);

/** `n` ascending, touching tiers from 0; the last one open-ended. */
function ladder(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    left: String(i * 1000),
    right: i === n - 1 ? '' : String((i + 1) * 1000),
    apr: '10',
  }));
}

describe('every kind of product at its limits, and every list read back', () => {
  let server: TestServer;
  let op: Operator;
  let user: TestClient;
  let userId = 0;
  let now = 0;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    user = new TestClient(server);
    userId = await user.register();
    now = await op.now();
  });
  afterAll(() => server.dispose());

  /** Lines whose writes set rates: the highest rates need the rate guard's confirmation (rate-guard.test.ts). */
  const setsRates = (url: string) => !/earn-more|wealth|dual/.test(url);
  const created = async (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) => {
    const res = await op.call<Record<string, unknown>>(
      method,
      url,
      setsRates(url) ? { ...body, confirm_rate: true } : body,
    );
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };

  it('accepts each kind of product at its limits', async () => {
    await created('POST', '/admin/api/simple-earn/flexible-products', {
      asset: 'USDT',
      min_lend_amount: MAX,
      next_time_rate_year: '10',
      borrow_demand: MAX,
      ladder_apr: ladder(10),
      ext_award_rate_year: '10',
      ext_award_limit: MAX,
      award_asset: 'GT',
      is_open_award_pool: true,
      limit_min_lend_rate_year: '1000',
      max_lend_rate_year: '1000',
      sort: 1_000_000,
    });
    await created('POST', '/admin/api/simple-earn/flexible-products', {
      asset: 'BTC',
      min_lend_amount: '0.000000000000000001',
      next_time_rate_year: '0',
      borrow_demand: '0',
      sort: -1_000_000,
    });
    for (const end of [MAX_UNIX_TIME, null]) {
      await created('POST', '/admin/api/simple-earn/fixed-products', {
        asset: 'USDT',
        type: 3,
        min_vip: 16,
        max_vip: 16,
        lock_up_period: 3650,
        year_rate: '10',
        total_quota: MAX,
        min_lend_amount: MAX,
        user_max_lend_volume: MAX,
        start_time: 0,
        end_time: end,
        bonus_asset: 'GT',
        ladder_apr: ladder(10),
        title: long(120),
        subtitle: long(240),
        special_users: Array.from({ length: 100 }, (_, i) => i + 1),
      });
    }
    await created('POST', '/admin/api/simple-earn/vouchers', {
      user: userId,
      title: long(120),
      rate_day: 3650,
      rate_ratio: MAX8,
      buy_limit_low: '0',
      buy_limit_high: MAX,
      using_currency: 'USDT,BTC',
      expired_timest: MAX_UNIX_TIME,
    });
    const start = Math.ceil(now / 3600) * 3600;
    const pool = {
      coin: 'USDT',
      personal_min_amount: MAX,
      personal_max_amount: MAX,
      decimal_place: 8,
      buy_total_amount: MAX,
      reward_per_hour: '1',
      rate_year: '1000',
      rate_year_type: 3,
      reward_pool_type: 0,
      vip_config: { min_vip: 16, personal_max_amount: MAX, vip_only: true },
      simple_earn: { status: 1, fixed_period: 3650, fixed_rate: '1000', rate: '1000', ext_rate: '1000' },
      transaction_config: Array.from({ length: 20 }, (_, i) => ({
        transaction_amount: String(i * 1000),
        mortgage_limit: MAX,
      })),
      limit_rule: 3650,
    };
    await created('POST', '/admin/api/launch-pool/projects', {
      reward_coin: 'GT',
      name: long(120),
      icon: long(500),
      start_timest: start,
      end_timest: MAX_UNIX_TIME,
      pools: [
        pool,
        {
          ...pool,
          reward_pool_type: 1,
          reward_coins: ['BTC', 'ETH', 'USDT'].map((coin) => ({
            coin,
            reward_per_hour: '1',
            rate_year: '1000',
          })),
        },
      ],
    });
    // A short project pays the largest reward per hour its hours allow (in a coin of its own: a system
    // account's balance is an amount too, and sums of the largest amounts overflow it).
    await created('POST', '/admin/api/launch-pool/projects', {
      reward_coin: 'USDC',
      name: 'short',
      start_timest: start,
      end_timest: start + 3600,
      pools: [{ ...pool, reward_per_hour: MAX8 }],
    });
    await created('POST', '/admin/api/launch-pool/earn-more', {
      coin: 'GT',
      type: long(32),
      popup_msg: long(500),
      popup_high_light: Array.from({ length: 10 }, () => long(100)),
      url: long(500),
    });
    const tiers = Array.from({ length: 20 }, (_, i) => ({
      money_min: String(i * 10),
      money_max: i === 19 ? '-1' : String((i + 1) * 10),
      money_rate: '1',
    }));
    const campaign = {
      reward_coin: 'GT',
      max_interest: '1',
      start_time: 1,
      end_time: MAX_UNIX_TIME,
      interest: tiers,
    };
    await created('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 2,
      reward_coin: 'GT',
      rate: '1000',
      base_rate: '1000',
      most_rate: '1000',
      min_mortgage_amount: MAX8,
      min_redeem_amount: MAX8,
      personal_mortgage_limit: MAX8,
      is_crowd: true,
      crowd_mortgage_limit: MAX8,
      reward_delay_days: 3650,
      interest_days: 3650,
      income_days: 3650,
      extra: {
        redeem_quick: 1,
        redeem_quick_long: 7 * 24 * 60,
        redeem_minday: 3650,
        redeem_maxday: 3650,
        redeem_fee: '1',
      },
      redeem_config: { redeem_coin: 'USDT', redeem_quick_daily: MAX8 },
      vip_config: Array.from({ length: 17 }, (_, i) => ({ min_tier: i, max_tier: i, vip_sale: '100' })),
      exchange_rate: MAX,
      tips: long(1000),
      debt: Array.from({ length: 20 }, () => ({ coin: 'USDT', rate: '1000', amount: MAX8 })),
      faq: Array.from({ length: 50 }, () => ({
        ask: long(500),
        answer: long(4000),
        cate: 'faq',
        unfold: true,
      })),
      defi: Array.from({ length: 20 }, (_, i) => ({
        protocol_name: `p${i}`,
        reward_coin: 'GT',
        rate: '1000',
        reward: { reward_delay_days: 3650, interest_delay_days: 3650, fee_rate: '1' },
        income_days: 3650,
        personal_mortgage_limit: MAX8,
      })),
      extra_interest: Array.from({ length: 20 }, (_, i) => ({ ...campaign, pid: i % 21 })),
    });
    await created('POST', '/admin/api/wealth/products', {
      project_type: 5,
      name: long(120),
      coin: 'USDT',
      min_purchase: MAX8,
      vip_min_tier: 16,
      disclaimer: long(500),
      description: long(4000),
      run_start: MAX_UNIX_TIME,
      nav: MAX8,
    });
    await created('PUT', '/admin/api/soft-staking/coins/USDT', {
      rate: '1000',
      min_amount: MAX8,
      max_amount: MAX8,
      sort: 1_000_000,
    });
    await created('POST', '/admin/api/dual/orders', {
      user: userId,
      invest_coin: 'USDT',
      exercise_coin: 'BTC',
      amount: MAX8,
      target_price: MAX8,
      apr: '99999999999999999999.9999',
      expire_time: MAX_UNIX_TIME,
      settle_coin: 'USDT',
      settle_amount: MAX8,
    });
  });

  it('refuses a product past a limit whole, naming the field, and stores nothing of it', async () => {
    const refusals: [string, string, Record<string, unknown>, string][] = [
      [
        'POST',
        '/admin/api/simple-earn/flexible-products',
        { asset: 'ETH', min_lend_amount: `1${BIG}`, next_time_rate_year: '0', borrow_demand: '0' },
        'min_lend_amount',
      ],
      [
        'POST',
        '/admin/api/simple-earn/flexible-products',
        { asset: 'ETH', min_lend_amount: '1', next_time_rate_year: '10.01', borrow_demand: '0' },
        'next_time_rate_year',
      ],
      [
        'POST',
        '/admin/api/simple-earn/fixed-products',
        {
          asset: 'ETH',
          lock_up_period: 1,
          year_rate: '0.1',
          total_quota: '10',
          min_lend_amount: '1',
          start_time: MAX_UNIX_TIME + 1,
        },
        'start_time',
      ],
      [
        'POST',
        '/admin/api/simple-earn/fixed-products',
        {
          asset: 'ETH',
          lock_up_period: 1,
          year_rate: '0.1',
          total_quota: '10',
          min_lend_amount: '1',
          start_time: 100,
          end_time: 100,
        },
        'end_time',
      ],
      [
        'POST',
        '/admin/api/simple-earn/fixed-products',
        {
          asset: 'ETH',
          lock_up_period: 1,
          year_rate: '0.1',
          total_quota: '10',
          min_lend_amount: '11',
          start_time: 100,
        },
        'min_lend_amount',
      ],
      [
        'POST',
        '/admin/api/simple-earn/fixed-products',
        {
          asset: 'ETH',
          lock_up_period: 1,
          year_rate: '0.1',
          total_quota: '10',
          min_lend_amount: '1',
          start_time: 100,
          ladder_apr: ladder(11),
        },
        'ladder_apr',
      ],
      [
        'POST',
        '/admin/api/simple-earn/fixed-products',
        {
          asset: 'ETH',
          lock_up_period: 1,
          year_rate: '0.1',
          total_quota: '10',
          min_lend_amount: '1',
          start_time: 100,
          ladder_apr: [{ left: '10', right: '5', apr: '0.1' }],
        },
        'ladder_apr.0',
      ],
      [
        'POST',
        '/admin/api/staking/products',
        { coin: 'BTC', type: 1, reward_coin: 'BTC', rate: '1000.1' },
        'rate',
      ],
      [
        'POST',
        '/admin/api/staking/products',
        {
          coin: 'BTC',
          type: 1,
          reward_coin: 'BTC',
          rate: '1',
          vip_config: [
            { min_tier: 1, max_tier: 5, vip_sale: '1' },
            { min_tier: 5, max_tier: 6, vip_sale: '1' },
          ],
        },
        'vip_config.1',
      ],
      ['PUT', '/admin/api/soft-staking/coins/BTC', { rate: '1000.1' }, 'rate'],
      [
        'POST',
        '/admin/api/launch-pool/projects',
        {
          reward_coin: 'GT',
          name: 'x',
          start_timest: 3600,
          end_timest: 7200 * 3600,
          pools: [
            {
              coin: 'USDT',
              personal_min_amount: '1',
              personal_max_amount: '2',
              decimal_place: 2,
              buy_total_amount: '-1',
              reward_per_hour: BIG,
              rate_year: '1',
              rate_year_type: 1,
              reward_pool_type: 0,
            },
          ],
        },
        'pools.0.reward_per_hour',
      ],
    ];
    const lists = async () =>
      JSON.stringify(
        await Promise.all(
          [
            '/admin/api/simple-earn/flexible-products',
            '/admin/api/simple-earn/fixed-products',
            '/admin/api/staking/products',
            '/admin/api/soft-staking/coins',
            '/admin/api/launch-pool/projects',
          ].map(async (url) => (await op.call('GET', url)).body.data),
        ),
      );
    const before = await lists();
    for (const [method, url, body, field] of refusals) {
      const res = await op.call<{ key: string; issues?: { path: string }[]; params: { field?: string } }>(
        method as 'POST' | 'PUT',
        url,
        body,
      );
      expect(res.status, `${url} ${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe(40000);
      const named = [res.body.data.params.field, ...(res.body.data.issues ?? []).map((i) => i.path)].join(
        ' ',
      );
      expect(named, JSON.stringify(res.body)).toContain(field);
    }
    expect(await lists()).toBe(before);
  });

  it('reads back every list, operator and user, with rows the earlier code could store among them', async () => {
    const db = server.deps.db;
    // Ladders the earlier code let in: an open end mid-ladder, "0" as the open end, tiers apart.
    const legacy = JSON.stringify([
      { left: '0', right: '', apr: '0.1' },
      { left: '100', right: '0', apr: '0.2' },
      { left: '50', right: '20', apr: '0.01' },
    ]);
    await db.execute(sql`UPDATE se_fixed_products SET ladder_apr = ${legacy}::jsonb WHERE id = 1`);
    await db.execute(sql`UPDATE se_flex_products SET ladder_apr = ${legacy}::jsonb WHERE asset = 'BTC'`);
    await db.execute(
      sql`UPDATE staking_campaigns SET tiers = '[{"money_min":"5","money_max":"-1","money_rate":"0.1"},{"money_min":"0","money_max":"3","money_rate":"0.2"}]'::jsonb WHERE id = 1`,
    );
    const operatorLists = [
      '/admin/api/simple-earn/flexible-products',
      '/admin/api/simple-earn/fixed-products',
      `/admin/api/simple-earn/vouchers?user=${userId}`,
      '/admin/api/simple-earn/flexible-hours?asset=USDT',
      '/admin/api/launch-pool/projects',
      '/admin/api/launch-pool/earn-more',
      '/admin/api/staking/products',
      '/admin/api/wealth/products',
      '/admin/api/soft-staking/coins',
      '/admin/api/dual/orders',
      `/admin/api/users/${userId}`,
      '/admin/api/audit',
    ];
    for (const url of operatorLists) {
      const res = await op.call('GET', url);
      expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    }
    const userLists = [
      '/apiw/v2/uni-loan/earn/coin-info',
      '/apiw/v2/fixed_earn/api/product/detail?asset=USDT',
      '/apiw/v2/fixed_earn/api/product/detail?asset=BTC',
      '/apiw/v2/fixed_earn/api/product/detail?product_id=1',
      '/apiw/v2/fixed_earn/api/product/1/list',
      '/apiw/v2/fixed_earn/api/product/coins',
      '/apiw/v2/earn/launch-pool/projects',
      '/apiw/v2/earn/launch-pool/project-info?projectId=1',
      '/apiw/v2/earn/launch-pool/earn-more?coin=GT',
      '/apiw/v2/earn/staking/products',
      '/apiw/v2/earn/staking/product?coin=ETH',
      '/apiw/v2/earn/staking/coin-ask?coin=ETH',
      '/apiw/v2/earn/private-wealth/products',
      '/apiw/v2/earn/soft-staking/products',
      '/apiw/v2/earn/dual/orders',
    ];
    for (const url of userLists) {
      const res = await user.get(url);
      expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      const anonymous = await server.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, `${url} (signed out): ${anonymous.body.slice(0, 300)}`).toBeLessThan(500);
    }
    // The hourly and daily jobs run over them too.
    const advanced = await op.call('POST', '/admin/api/clock/advance', { seconds: 86_400 });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    expect((await op.reconciliation()).differences).toEqual([]);
    // The open end reads back as written, in the operator's list and the user's detail alike.
    const fixed = await op.call<{ list: { id: number; ladder_apr: { right: string }[] }[] }>(
      'GET',
      '/admin/api/simple-earn/fixed-products',
    );
    expect(fixed.body.data.list.find((p) => p.id === 2)?.ladder_apr.at(-1)?.right).toBe('');
  });
});
