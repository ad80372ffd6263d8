import { dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY,
  type Env,
  expectReconciled,
  expectRule,
  type FixedOrder,
  fixedProduct,
  floor8,
  HOUR,
  spot,
  startSimpleEarn,
  toNextHour,
  userWith,
  voucher,
} from './helpers';

// Its own server: two 30-day terms run ~1 500 hourly job periods, which should not also accrue the
// other scenarios' holdings.
describe('fixed simple earn over two terms', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
  });
  afterAll(() => env.server.dispose());

  it('runs a 30-day fixed order with a voucher and auto-reinvest through two terms', {
    timeout: 1_500_000,
  }, async () => {
    const { op } = env;
    const productId = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 30,
      year_rate: '0.08',
      reinvest: 1,
      redeem_account: 1,
      pre_redeem: 1,
    });
    const u = await userWith(env, { USDT: '6000' });
    const v = await voucher(op, {
      user: u.id,
      rate_day: 7,
      rate_ratio: '2',
      buy_limit_low: '100',
      buy_limit_high: '10000',
      using_currency: 'USDT',
    });
    await toNextHour(env, 10 * HOUR); // 10:00 UTC or so, mid-day
    const subscribedAt = await op.now();
    const res = await u.c.post<FixedOrder>(
      '/apiw/v2/fixed_earn/api/user/lend',
      {
        product_id: productId,
        amount: '5000',
        year_rate: '0.08',
        reinvest_status: 1,
        redeem_account_type: 1,
        financial_rate_id: v,
      },
      { form: true },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const first = res.body.data;
    const dayStart = Math.floor(subscribedAt / DAY) * DAY;
    expect(first.start_time).toBe(dayStart + DAY);
    expect(first.finish_time).toBe(dayStart + 31 * DAY);
    expect(first.redeem_account_type).toBe(0);
    const interest1 = floor8(dec(5000).times('0.08').div(365).times(30));
    const coupon = floor8(dec(5000).times('0.02').div(365).times(7));
    expect(first.coupon_info.coupon_interest).toBe(coupon.toFixed());
    expect(first.total_interest).toBe(interest1.plus(coupon).toFixed());
    expect(await spot(env, u.id, 'USDT')).toBe('1000');
    // The voucher is spent.
    const again = await u.c.post('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: productId,
      amount: '500',
      financial_rate_id: v,
    });
    expectRule(again, 'simple_earn.voucher.unavailable');

    // To maturity day + 30 min: rolled over into a new order of principal + interest + voucher yield.
    await op.advance(first.finish_time + 1800 - (await op.now()));
    const p2 = dec(5000).plus(interest1).plus(coupon);
    await u.login();
    const listed = await u.c.get<{ list: FixedOrder[] }>('/apiw/v2/fixed_earn/api/user/lend', {
      order_type: 1,
    });
    let active = listed.body.data.list;
    expect(active, JSON.stringify(listed.body)).toHaveLength(1);
    const second = active[0] as FixedOrder;
    expect(second.principal).toBe(p2.toFixed());
    expect(second.start_time).toBe(first.finish_time);
    expect(second.finish_time).toBe(first.finish_time + 30 * DAY);
    const interest2 = floor8(p2.times('0.08').div(365).times(30));
    expect(second.total_interest).toBe(interest2.toFixed());
    expect(await spot(env, u.id, 'USDT')).toBe('1000');
    await expectReconciled(op);

    // Second term: reinvest off, paid to spot.
    const off = await u.c.put<FixedOrder>(`/apiw/v2/fixed_earn/api/user/reinvest-status/${second.order_id}`, {
      reinvest_status: 0,
    });
    expect(off.body.data).toMatchObject({ reinvest_status: 0, redeem_account_type: 1 });
    await op.advance(second.finish_time + 1800 - (await op.now()) - 60);
    expect(await spot(env, u.id, 'USDT')).toBe('1000'); // not before maturity-day start + 30 min
    await op.advance(60);
    await u.login();
    expect(await spot(env, u.id, 'USDT')).toBe(p2.plus(interest2).plus(1000).toFixed());
    active = (await u.c.get<{ list: FixedOrder[] }>('/apiw/v2/fixed_earn/api/user/lend', { order_type: 1 }))
      .body.data.list;
    expect(active).toHaveLength(0);

    const hist = async (type: number) =>
      (
        await u.c.get<{ list: { amount: string; mode: number }[] }>('/apiw/v2/fixed_earn/api/user/history', {
          type,
          start_at: subscribedAt,
          end_at: await op.now(),
        })
      ).body.data.list;
    expect((await hist(3)).map((r) => r.amount)).toEqual([interest2.toFixed(), interest1.toFixed()]);
    expect((await hist(5)).map((r) => r.amount)).toEqual([coupon.toFixed()]);
    expect((await hist(1)).map((r) => [r.amount, r.mode])).toEqual([
      [p2.toFixed(), 15],
      ['5000', 0],
    ]);
    await expectReconciled(op);
  });
});
