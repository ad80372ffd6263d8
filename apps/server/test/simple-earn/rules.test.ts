import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../harness';
import {
  type Env,
  expectReconciled,
  expectRule,
  fixedProduct,
  flexProduct,
  spot,
  startSimpleEarn,
  toNextHour,
  userWith,
  voucher,
} from './helpers';

const HOUR = 3600;

describe('simple earn calls and section-5 rules', () => {
  let env: Env;
  let normal: number;
  let vip: number;
  let special: number;
  let small: number;
  let upcoming: number;
  let noReinvest: number;
  beforeAll(async () => {
    env = await startSimpleEarn();
    const { op } = env;
    await flexProduct(op, {
      asset: 'USDT',
      next_time_rate_year: '0.05',
      min_lend_amount: '10',
      limit_min_lend_rate_year: '0.1',
    });
    await flexProduct(op, { asset: 'BTC', next_time_rate_year: '0.01', min_lend_amount: '0.0001' });
    normal = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 30,
      year_rate: '0.08',
      total_quota: '1000',
      user_max_lend_volume: '300',
      title: 'USDT 30',
    });
    vip = await fixedProduct(op, {
      asset: 'USDT',
      type: 2,
      min_vip: 2,
      max_vip: 4,
      lock_up_period: 30,
      year_rate: '0.12',
    });
    special = await fixedProduct(op, { asset: 'USDT', type: 3, lock_up_period: 7, year_rate: '0.2' });
    small = await fixedProduct(op, {
      asset: 'BTC',
      lock_up_period: 14,
      year_rate: '0.03',
      total_quota: '1',
      min_lend_amount: '0.1',
    });
    upcoming = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.05',
      start_time: (await op.now()) + 86_400,
    });
    noReinvest = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.05',
      reinvest: 0,
      redeem_account: 0,
    });
  });
  afterAll(() => env.server.dispose());

  it('refuses each flexible subscribe rule with its key, and cuts the amount to 6 decimals', async () => {
    const u = await userWith(env, { USDT: '100' });
    const sub = (amount: string) =>
      u.c.post(
        '/apiw/v2/uni-loan/earn/subscribe',
        { asset: 'USDT', amount, rateYear: '0.05' },
        { form: true },
      );
    const min = await sub('9.99999999');
    expectRule(min, 'finances.simpleEarn.minPurchaseAmount');
    expect(min.status).toBe(422);
    expect((min.body.data as { params: unknown }).params).toEqual({ amount: '10', coin: 'USDT' });
    expectRule(await sub('100.000001'), 'lend_earn.insufficient.balance');
    expect((await sub('1e3')).status).toBe(400);
    expect((await sub('-5')).status).toBe(400);
    const cut = await sub('12.34567899');
    expect(cut.body).toMatchObject({ code: 0, data: { amount: '12.345678' } });
    expect(await spot(env, u.id, 'USDT')).toBe('87.654322');
    expect((await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOGE', amount: '10' })).status).toBe(
      400,
    );
    expect((await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '10' })).status).toBe(
      404,
    );
    // The lock check: funds in use and locked.
    await env.op.call('PUT', `/admin/api/users/${u.id}`, { use_funding: true, locked: true });
    expectRule(await sub('20'), 'lend_earn.notsubscribe.toast');
    expectRule(
      await u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '1' }),
      'lend_earn.notredeem.toast',
    );
    const normalLend = await u.c.post('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: normal,
      amount: '20',
    });
    expectRule(normalLend, 'lend_earn.notsubscribe.toast');
    await env.op.call('PUT', `/admin/api/users/${u.id}`, { locked: false });
    expect((await sub('20')).body.code).toBe(0);
    await expectReconciled(env.op);
  });

  it('redeems amounts not yet earning newest first: the later lot whole, the earlier in part', async () => {
    const u = await userWith(env, { USDT: '300' });
    await toNextHour(env, 600);
    await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '100' });
    await env.op.advance(HOUR);
    await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '100.5' });
    const holding = async () =>
      (
        await u.c.get<{ list: { curr_amount: string; pending_amount: string }[] }>(
          '/apiw/v2/uni-loan/earn/subscribe',
        )
      ).body.data.list[0];
    expect(await holding()).toMatchObject({ curr_amount: '200.5', pending_amount: '200.5' });

    const res = await u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '150.25' });
    expect(res.body).toMatchObject({
      code: 0,
      data: { asset: 'USDT', amount: '150.25', frozen_amount: '0' },
    });
    expect(await spot(env, u.id, 'USDT')).toBe('249.75');
    expect(await holding()).toMatchObject({ curr_amount: '50.25', pending_amount: '50.25' });
    // What is left is the first lot's: it earns from the hour it was always going to, here one hour
    // at 5 %: 50.25 × 0.05 / 8760 = 0.000286815…, 8 decimals down.
    await env.op.advance(HOUR);
    expect(await holding()).toMatchObject({ curr_amount: '50.25028681', pending_amount: '0' });
    await expectReconciled(env.op);
  });

  it('refuses redemptions below the minimum or above the redeemable amount, and bounds the minimum APR', async () => {
    const u = await userWith(env, { USDT: '50' });
    await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '50' });
    expectRule(
      await u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '0.0000009' }),
      'redeem.number.minLimit',
    );
    expectRule(
      await u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '50.00000001' }),
      'simple_earn.redeem.maxLimit',
    );
    // Not yet earning: leaves at once, whatever the liquidity.
    const ok = await u.c.post('/apiw/v2/uni-loan/earn/redeem', {
      asset: 'USDT',
      amount: '0.000001',
      curr_amount: '50',
      lend_amount: '0',
    });
    expect(ok.body).toMatchObject({
      code: 0,
      data: { asset: 'USDT', amount: '0.000001', frozen_amount: '0' },
    });
    const rate = (rateYear: string) =>
      u.c.post<{ rateYear: string }>(
        '/apiw/v2/uni-loan/earn/interest-rate',
        { asset: 'USDT', rateYear },
        { form: true },
      );
    const above = await rate('0.0501');
    expectRule(above, 'finances.simpleEarn.maxAPR');
    expect(refusalOf(above.body.data).params).toEqual({ rate: '5' });
    expectRule(await rate('0.0009'), 'finances.simpleEarn.minAPR');
    expect((await rate('0.01231')).body.data).toEqual({ asset: 'USDT', rateYear: '0.0124' });
    const holding = await u.c.get<{ list: { min_lend_rate_year: string }[] }>(
      '/apiw/v2/uni-loan/earn/subscribe',
    );
    expect(holding.body.data.list[0]?.min_lend_rate_year).toBe('0.0124');
  });

  it('refuses each fixed subscribe rule with its key', async () => {
    const { op } = env;
    const lend = (c: Awaited<ReturnType<typeof userWith>>['c'], body: Record<string, unknown>) =>
      c.post('/apiw/v2/fixed_earn/api/user/lend', body, { form: true });
    const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map(() => userWith(env, { USDT: '1000', BTC: '2' })));
    if (!a || !b || !c || !d) throw new Error('users');
    expectRule(await lend(a.c, { product_id: normal, amount: '9' }), 'finances.simpleEarn.minPurchaseAmount');
    // The shared order: a quota before the balance (1000.5 is above the product's 1000 left and the
    // user's 1000 USDT); the balance once the amount fits every quota.
    expectRule(
      await lend(a.c, { product_id: normal, amount: '1000.5' }),
      'simple_earn.amount.tip.remainingQuotaLessAmount',
    );
    expectRule(
      await lend(a.c, { product_id: normal, amount: '301' }),
      'finance.individualRemainingQuotaAmount',
    );
    const poor = await userWith(env, { USDT: '200' });
    expectRule(await lend(poor.c, { product_id: normal, amount: '250' }), 'lend_earn.insufficient.balance');
    expectRule(
      await lend(a.c, { product_id: normal, amount: '100', year_rate: '0.09' }),
      'simple_earn.rateChanged',
    );
    expectRule(await lend(a.c, { product_id: upcoming, amount: '100' }), 'simple_earn.notOnSale');
    expectRule(
      await lend(a.c, { product_id: noReinvest, amount: '100', reinvest_status: 1 }),
      'simple_earn.reinvest.unsupported',
    );
    expectRule(
      await lend(a.c, { product_id: noReinvest, amount: '100', redeem_account_type: 2 }),
      'simple_earn.redeemAccount.unsupported',
    );
    for (const u of [a, b, c])
      expect((await lend(u.c, { product_id: normal, amount: '300', year_rate: '0.08' })).body.code).toBe(0);
    const lendable = await d.c.get<{ lendable: string; user_remaining: string; product_remaining: string }>(
      '/apiw/v2/fixed_earn/api/user/lendable',
      { product_id: normal },
    );
    expect(lendable.body.data).toMatchObject({
      lendable: '100',
      user_remaining: '300',
      product_remaining: '100',
    });
    const quota = await lend(d.c, { product_id: normal, amount: '150' });
    expectRule(quota, 'simple_earn.amount.tip.remainingQuotaLessAmount');
    expect((quota.body.data as { params: unknown }).params).toEqual({ amount: '100', coin: 'USDT' });
    expectRule(
      await lend(a.c, { product_id: normal, amount: '10' }),
      'finance.individualRemainingQuotaAmount',
    );
    expect((await lend(d.c, { product_id: normal, amount: '95' })).body.code).toBe(0);
    // 5 left, below the 10 minimum: sold out.
    const list = await d.c.get<{ list: { id: number; sale_status: number }[] }>(
      `/apiw/v2/fixed_earn/api/product/${normal}/list`,
    );
    expect(list.body.data.list.find((p) => p.id === normal)?.sale_status).toBe(2);
    expectRule(await lend(d.c, { product_id: normal, amount: '5' }), 'simple_earn.soldOut');

    // Vouchers: limits, currency, expiry, ownership.
    const v = await voucher(op, {
      user: b.id,
      rate_day: 3,
      rate_ratio: '5',
      buy_limit_low: '100',
      buy_limit_high: '200',
      using_currency: 'USDT',
    });
    const vBtc = await voucher(op, { user: b.id, rate_day: 3, rate_ratio: '5', using_currency: 'BTC' });
    const vOld = await voucher(op, {
      user: b.id,
      rate_day: 3,
      rate_ratio: '5',
      expired_timest: (await op.now()) + 60,
    });
    expectRule(
      await lend(b.c, { product_id: noReinvest, amount: '50', financial_rate_id: v }),
      'simple.min_purchase',
    );
    expectRule(
      await lend(b.c, { product_id: noReinvest, amount: '250', financial_rate_id: v }),
      'simple.max_purchase',
    );
    expectRule(
      await lend(b.c, { product_id: noReinvest, amount: '150', financial_rate_id: vBtc }),
      'simple_earn.voucher.unavailable',
    );
    expectRule(
      await lend(c.c, { product_id: noReinvest, amount: '150', financial_rate_id: v }),
      'simple_earn.voucher.unavailable',
    );
    const rec = await b.c.get<{ list: { id: number }[] }>('/apiw/v2/uni-loan/earn/coupon-recommend', {
      pid: noReinvest,
    });
    expect(rec.body.data.list.map((x) => x.id)).toEqual([v, vOld]);
    await op.advance(120);
    expectRule(
      await lend(b.c, { product_id: noReinvest, amount: '150', financial_rate_id: vOld }),
      'simple_earn.voucher.unavailable',
    );
    const withVoucher = await lend(b.c, { product_id: noReinvest, amount: '150', financial_rate_id: v });
    expect(withVoucher.body).toMatchObject({
      code: 0,
      data: { coupon_info: { rate_ratio: '5', rate_day: 3, coupon_interest: '0.06164383' } },
    });

    // VIP tier range.
    expectRule(await lend(c.c, { product_id: vip, amount: '100' }), 'simple_earn.vipExclusive');
    await op.call('PUT', `/admin/api/users/${c.id}`, { vip_tier: 5 });
    expectRule(await lend(c.c, { product_id: vip, amount: '100' }), 'simple_earn.vipAboveRange');
    await op.call('PUT', `/admin/api/users/${c.id}`, { vip_tier: 3 });
    const vipLend = await c.c.post('/apiw/v2/vip/fixed_earn/api/user/lend', {
      product_id: vip,
      amount: '100',
    });
    expect(vipLend.body.code, JSON.stringify(vipLend.body)).toBe(0);
    const way = await a.c.get<{ recommend_type: number; recommend_asset: string; recommend_value: string }>(
      '/apiw/v2/uni-loan/earn/upgrade-vip-way',
      { pid: vip },
    );
    expect(way.body.data).toMatchObject({
      recommend_type: 1,
      recommend_asset: 'GT',
      recommend_value: '2000',
    });

    // Special: newcomers only, after the subscribe check.
    const fresh = await userWith(env, { USDT: '100' });
    expect((await fresh.c.get('/apiw/v2/uni-loan/earn/subscribe/check', { pid: special })).body.data).toEqual(
      { pid: special, is_able_subscribe: true },
    );
    expect((await a.c.get('/apiw/v2/uni-loan/earn/subscribe/check', { pid: special })).body.data).toEqual({
      pid: special,
      is_able_subscribe: false,
    });
    expectRule(await lend(a.c, { product_id: special, amount: '100' }), 'simple_earn.special.notEligible');
    expect((await lend(fresh.c, { product_id: special, amount: '100' })).body.code).toBe(0);

    // BTC: 6-decimal cut, quota in coin units.
    const btc = await lend(a.c, { product_id: small, amount: '0.12345678' });
    expect(btc.body).toMatchObject({ code: 0, data: { principal: '0.123456' } });
    await expectReconciled(op);
  });

  it('answers a replayed Idempotency-Key with the first response and moves money once', async () => {
    const u = await userWith(env, { USDT: '100' });
    const headers = { 'idempotency-key': 'se-sub-1' };
    const first = await u.c.post(
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'USDT', amount: '40' },
      { headers },
    );
    const again = await u.c.post(
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'USDT', amount: '40' },
      { headers },
    );
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await spot(env, u.id, 'USDT')).toBe('60');
    const other = await u.c.post(
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'USDT', amount: '41' },
      { headers },
    );
    expect(other.status).toBe(409);
  });

  it('serves the product, history, chart, statistics, FAQ and auto-earn reads', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    const u = await userWith(env, { USDT: '500', BTC: '1' });
    const info = await u.c.get<{
      list: {
        asset: string;
        business_type: number;
        fixed_list: { id: number }[];
        max_lend_rate_year: string;
      }[];
    }>('/apiw/v2/uni-loan/earn/coin-info', { status: 1 });
    const usdt = info.body.data.list.find((p) => p.asset === 'USDT');
    expect(usdt?.business_type).toBe(0);
    expect(usdt?.fixed_list[0]?.id).toBe(0);
    expect(usdt?.max_lend_rate_year).toBe('5');
    expect(
      (await u.c.get('/apiw/v2/fixed_earn/api/product/detail', { product_id: normal })).body,
    ).toMatchObject({ code: 0, data: { id: normal } });
    expect(
      (await u.c.get<{ list: string[] }>('/apiw/v2/fixed_earn/api/product/coins')).body.data.list,
    ).toEqual(['BTC', 'USDT']);
    expect(
      (await u.c.get<{ list: unknown[] }>('/apiw/v2/uni-loan/earn/history/types', { product_type: 1 })).body
        .data.list,
    ).toHaveLength(5);
    const faq = await u.c.get<{ list: unknown[] }>('/apiw/v2/earn/ask', { mold: 'simple-earn' });
    expect(faq.body.data.list.length).toBeGreaterThan(5);
    expect((await u.c.get<{ vip_tier: number }>('/apiw/v2/uni-loan/earn/user/vip')).body.data.vip_tier).toBe(
      0,
    );

    // Auto-earn for USDT: the hourly sweep moves idle spot USDT into flexible.
    expect(
      (await u.c.get<{ global_status: number }>('/apiw/v2/uni-loan/earn/autoivest', { assets: 'USDT' })).body
        .data.global_status,
    ).toBe(0);
    const on = await u.c.post(
      '/apiw/v2/uni-loan/earn/autoivest',
      { assets: 'USDT', status: '1' },
      { form: true },
    );
    expect(on.body.code).toBe(0);
    const st = await u.c.get<{ list: { asset: string; status: number }[] }>(
      '/apiw/v2/uni-loan/earn/autoivest',
      { assets: 'USDT,BTC' },
    );
    expect(st.body.data.list).toEqual([
      { asset: 'USDT', status: 1 },
      { asset: 'BTC', status: 0 },
    ]);
    await op.advance(HOUR);
    expect(await spot(env, u.id, 'USDT')).toBe('0');
    expect(await spot(env, u.id, 'BTC')).toBe('1');
    const subs = await u.c.get<{ list: { amount: string; mode: number }[] }>(
      '/apiw/v2/uni-loan/earn/history',
      { type: 1 },
    );
    expect(subs.body.data.list[0]).toMatchObject({ amount: '500', mode: 5 });
    // The global switch covers BTC too.
    await u.c.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'ALL', status: 1 });
    await op.advance(HOUR);
    expect(await spot(env, u.id, 'BTC')).toBe('0');
    await op.advance(2 * HOUR);
    const holdings = await u.c.get<{ list: { asset: string; cumulative: string }[]; total: number }>(
      '/apiw/v2/uni-loan/earn/subscribe',
    );
    expect(holdings.body.data.total).toBe(2);
    expect(
      (await u.c.get<{ list: string[] }>('/apiw/v2/uni-loan/earn/history/coins')).body.data.list,
    ).toEqual(['BTC', 'USDT']);
    const stats = await u.c.get<{ flexible_usdt: string; total_usdt: string }>(
      '/apiw/v2/uni-loan/earn/statistics',
    );
    expect(Number(stats.body.data.flexible_usdt)).toBeGreaterThan(100_500);
    const now = await op.now();
    const chart = await u.c.get<{ list: { value: string }[] }>('/apiw/v2/uni-loan/earn/chart', {
      asset: 'USDT',
      from: now - 86_400,
      to: now,
      type: 2,
    });
    expect(chart.body.data.list.length).toBeGreaterThan(0);
    expectRule(
      await u.c.get('/apiw/v2/uni-loan/earn/history', { type: 3, start_at: now - 200 * 86_400, end_at: now }),
      'simple_earn.history.rangeTooLong',
    );
    await u.c.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'ALL', status: 0 });
    await op.deposit(u.id, 'BTC', '0.1');
    await op.deposit(u.id, 'USDT', '20');
    const order = await u.c.post<{ order_id: number }>('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: small,
      amount: '0.1',
    });
    expect(order.body.code, JSON.stringify(order.body)).toBe(0);
    const one = await u.c.get<{ order_id: number; asset: string }>('/apiw/v2/fixed_earn/api/user/order', {
      asset: 'BTC',
      order_id: order.body.data.order_id,
    });
    expect(one.body.data).toMatchObject({ order_id: order.body.data.order_id, asset: 'BTC' });
    const stranger = await userWith(env);
    expect(
      (
        await stranger.c.get('/apiw/v2/fixed_earn/api/user/order', {
          asset: 'BTC',
          order_id: order.body.data.order_id,
        })
      ).status,
    ).toBe(404);
    expect((await u.c.get('/api/web/v1/earn/home')).body.code).toBe(0);
    const detail = await u.c.get<{ asset: string; fixed_list: unknown[] }>(
      '/apiw/v2/fixed_earn/api/product/detail',
      { asset: 'usdt' },
    );
    expect(detail.body.data.asset).toBe('USDT');
    const flexAdmin = await op.call<{ list: { asset: string; next_time_rate_year: string }[] }>(
      'GET',
      '/admin/api/simple-earn/flexible-products',
    );
    expect(flexAdmin.body.data.list.map((p) => p.asset)).toEqual(['BTC', 'USDT']);
    const vouchers = await op.call<{ list: unknown[] }>(
      'GET',
      `/admin/api/simple-earn/vouchers?user=${u.id}`,
    );
    expect(vouchers.body.data.list).toEqual([]);
    // Per-order changes: redeem-to flexible, reinvest on (redeem-to becomes 0) and off (back to spot).
    const flexiblePayout = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 14,
      year_rate: '0.06',
      reinvest: 1,
      redeem_account: 1,
    });
    const usdtOrder = await u.c.post<{ order_id: number }>('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: flexiblePayout,
      amount: '10',
    });
    expect(usdtOrder.body.code, JSON.stringify(usdtOrder.body)).toBe(0);
    const orderId = usdtOrder.body.data.order_id;
    const toFlex = await u.c.put<{ redeem_account_type: number }>(
      `/apiw/v2/fixed_earn/api/user/redeem-account-type/${orderId}`,
      {
        redeem_account_type: 2,
      },
    );
    expect(toFlex.body.data.redeem_account_type).toBe(2);
    const reinvestOn = await u.c.put<{ reinvest_status: number; redeem_account_type: number }>(
      `/apiw/v2/fixed_earn/api/user/reinvest-status/${orderId}`,
      { reinvest_status: 1 },
    );
    expect(reinvestOn.body.data).toMatchObject({ reinvest_status: 1, redeem_account_type: 0 });
    expectRule(
      await u.c.put(`/apiw/v2/fixed_earn/api/user/redeem-account-type/${orderId}`, {
        redeem_account_type: 1,
      }),
      'simple_earn.redeemAccount.reinvestOn',
    );
    const noRe = await u.c.post<{ order_id: number }>('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: noReinvest,
      amount: '10',
    });
    expect(noRe.body.code, JSON.stringify(noRe.body)).toBe(0);
    expectRule(
      await u.c.put(`/apiw/v2/fixed_earn/api/user/reinvest-status/${noRe.body.data.order_id}`, {
        reinvest_status: 1,
      }),
      'simple_earn.reinvest.unsupported',
    );
    await expectReconciled(op);
  });
});
