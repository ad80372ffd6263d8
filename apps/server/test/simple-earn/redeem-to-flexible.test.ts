import { dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Env,
  expectReconciled,
  expectRule,
  fixedProduct,
  flexProduct,
  spot,
  startSimpleEarn,
  userWith,
} from './helpers';

const DAY = 86_400;

describe('fixed maturity into flexible', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
  });
  afterAll(() => env.server.dispose());

  it('pays principal and interest into the flexible holding, which earns from the next hour', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.04' });
    const productId = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.06',
      redeem_account: 1,
    });
    const btcOnly = await fixedProduct(op, {
      asset: 'BTC',
      lock_up_period: 7,
      year_rate: '0.02',
      redeem_account: 1,
      min_lend_amount: '0.01',
    });
    const u = await userWith(env, { USDT: '1000', BTC: '1' });
    // BTC has no flexible product: paying into flexible is refused.
    expectRule(
      await u.c.post('/apiw/v2/fixed_earn/api/user/lend', {
        product_id: btcOnly,
        amount: '0.5',
        redeem_account_type: 2,
      }),
      'simple_earn.redeemAccount.unsupported',
    );
    const order = await u.c.post<{ order_id: number; finish_time: number; redeem_account_type: number }>(
      '/apiw/v2/fixed_earn/api/user/lend',
      { product_id: productId, amount: '1000', redeem_account_type: 2 },
    );
    expect(order.body.data.redeem_account_type).toBe(2);
    const vipView = await u.c.get<{ total: number }>('/apiw/v2/vip/fixed_earn/api/user/lend');
    expect(vipView.body.data.total).toBe(1);
    await op.advance(order.body.data.finish_time + 1800 - (await op.now()));
    const interest = dec(1000).times('0.06').div(365).times(7).toDecimalPlaces(8, 1);
    const paid = dec(1000).plus(interest);
    expect(await spot(env, u.id, 'USDT')).toBe('0');
    let h = (
      await u.c.get<{ list: { curr_amount: string; pending_amount: string; cumulative: string }[] }>(
        '/apiw/v2/uni-loan/earn/subscribe',
      )
    ).body.data.list[0];
    expect(h).toMatchObject({ curr_amount: paid.toFixed(), pending_amount: paid.toFixed(), cumulative: '0' });
    await op.advance(1800 + 3600); // 01:00: promoted; 02:00: first flexible hour paid
    h = (
      await u.c.get<{ list: { curr_amount: string; pending_amount: string; cumulative: string }[] }>(
        '/apiw/v2/uni-loan/earn/subscribe',
      )
    ).body.data.list[0];
    const hour = paid.times('0.04').div(8760).toDecimalPlaces(8, 1);
    expect(h).toMatchObject({
      pending_amount: '0',
      cumulative: hour.toFixed(),
      curr_amount: paid.plus(hour).toFixed(),
    });
    const fixedHist = await u.c.get<{ list: { amount: string; mode: number }[] }>(
      '/apiw/v2/fixed_earn/api/user/history',
      {
        type: 2,
        start_at: (await op.now()) - 10 * DAY,
      },
    );
    expect(fixedHist.body.data.list).toEqual([expect.objectContaining({ amount: paid.toFixed(), mode: 0 })]);
    await expectReconciled(op);
  });

  it('pays the ladder bonus of a fixed product in its bonus coin at maturity', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    // USDT price 1, GT price 20: the bonus of a USDT slice is worth 1/20 of it in GT.
    const productId = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.03',
      bonus_asset: 'GT',
      ladder_apr: [{ left: '0', right: '500', apr: '0.02' }],
    });
    const u = await userWith(env, { USDT: '1000' });
    const order = await u.c.post<{
      order_id: number;
      finish_time: number;
      bonus_info: { bonus_asset: string; bonus_amount: string };
    }>('/apiw/v2/fixed_earn/api/user/lend', { product_id: productId, amount: '1000' });
    const bonus = dec(500).times('0.02').div(365).times(7).div(20).toDecimalPlaces(8, 1);
    expect(order.body.data.bonus_info).toMatchObject({ bonus_asset: 'GT', bonus_amount: bonus.toFixed() });
    await op.advance(order.body.data.finish_time + 1800 - (await op.now()));
    await u.login();
    const interest = dec(1000).times('0.03').div(365).times(7).toDecimalPlaces(8, 1);
    expect(await spot(env, u.id, 'GT')).toBe(bonus.toFixed());
    expect(await spot(env, u.id, 'USDT')).toBe(dec(1000).plus(interest).toFixed());
    const hist = await u.c.get<{ list: { amount: string; bonus_asset: string }[] }>(
      '/apiw/v2/fixed_earn/api/user/history',
      {
        type: 4,
        start_at: (await op.now()) - 10 * DAY,
      },
    );
    expect(hist.body.data.list).toEqual([
      expect.objectContaining({ amount: bonus.toFixed(), bonus_asset: 'GT' }),
    ]);
    // The matured order's interest record says what was lent: its 1,000 USDT, not 0 (issue 27).
    const interestHist = await u.c.get<{
      list: { amount: string; lend_principal: string; order_id: number }[];
    }>('/apiw/v2/fixed_earn/api/user/history', { type: 3, start_at: (await op.now()) - 10 * DAY });
    expect(interestHist.body.data.list).toEqual([
      expect.objectContaining({
        amount: interest.toFixed(),
        lend_principal: '1000',
        order_id: order.body.data.order_id,
      }),
    ]);
    await expectReconciled(op);
  });
});
