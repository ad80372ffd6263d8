import { type Decimal, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/infra/db/client';
import {
  DAY,
  type Env,
  expectReconciled,
  expectRule,
  type FixedOrder,
  fixedProduct,
  flexProduct,
  floor8,
  HOUR,
  setFlex,
  spot,
  startSimpleEarn,
  toNextHour,
  userWith,
} from './helpers';

interface Holding {
  asset: string;
  curr_amount: string;
  lend_amount: string;
  cumulative: string;
  pending_amount: string;
  frozen_amount: string;
  frozen_status: number;
  bonus_cumulative: string;
  bonus_asset: string;
}
describe('simple earn scenarios', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
  });
  afterAll(() => env.server.dispose());

  it('matches offers by minimum APR then time up to the demand, and pays a ladder bonus from the pool', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    // ETH, price 4000; bonus in GT, price 20: price ratio 200. Ladder [0, 1) at 10 %, [1, 5) at 3 %.
    await flexProduct(op, {
      asset: 'ETH',
      next_time_rate_year: '0.04',
      borrow_demand: '5',
      min_lend_amount: '0.01',
      is_open_award_pool: true,
      award_asset: 'GT',
      ladder_apr: [
        { left: '0', right: '1', apr: '0.1' },
        { left: '1', right: '5', apr: '0.03' },
      ],
    });
    const a = await userWith(env, { ETH: '3' });
    const b = await userWith(env, { ETH: '4' });
    const late = await userWith(env, { ETH: '2' });
    const picky = await userWith(env, { ETH: '1' });
    await toNextHour(env, 60);
    // a offers first at the default minimum 0; b asks 2 %; late offers later at 0; picky asks 5 % (> 4 %).
    for (const [u, amount] of [
      [a, '3'],
      [b, '4'],
      [late, '2'],
      [picky, '1'],
    ] as const) {
      const res = await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
    expect(
      (await b.c.post('/apiw/v2/uni-loan/earn/interest-rate', { asset: 'ETH', rateYear: '0.02' })).body.code,
    ).toBe(0);
    expect(
      (await picky.c.post('/apiw/v2/uni-loan/earn/interest-rate', { asset: 'ETH', rateYear: '0.05' })).body
        .code,
    ).toBe(0);
    await toNextHour(env); // the subscription hour: nothing earns
    const hours = 24;
    await op.advance(hours * HOUR);
    // Each hour: demand 5 goes to a (3, min 0, first), then late (min 0, later): 2; b (min 2 %) gets nothing; picky is above the rate.
    const lent: Record<string, Decimal> = { a: dec(3), late: dec(2), b: dec(0), picky: dec(0) };
    const tierBonus = (x: Decimal) =>
      Decimal_min(x, dec(1))
        .times('0.1')
        .plus(Decimal_max(dec(0), Decimal_min(x, dec(5)).minus(1)).times('0.03'));
    for (const [name, u] of Object.entries({ a, late, b, picky })) {
      const h = (await u.c.get<{ list: Holding[] }>('/apiw/v2/uni-loan/earn/subscribe')).body.data
        .list[0] as Holding;
      const x = lent[name] as Decimal;
      const interest = floor8(x.times('0.04').div(8760).times(hours));
      const bonus = floor8(tierBonus(x).div(8760).times(200).times(hours));
      expect(h.lend_amount, name).toBe(x.toFixed());
      expect(h.cumulative, name).toBe(interest.toFixed());
      expect(h.bonus_cumulative, name).toBe(bonus.toFixed());
      expect(await spot(env, u.id, 'GT'), name).toBe(bonus.toFixed());
    }
    const pool = await a.c.get<{ total_awarded: string; award_asset: string }>(
      '/apiw/v2/uni-loan/earn/award-pool',
      { asset: 'ETH' },
    );
    expect(pool.body.data.award_asset).toBe('GT');
    // Demand rises to cover b: b is lent from the next hour.
    await setFlex(op, 'ETH', { borrow_demand: '100' });
    await op.advance(HOUR);
    const hb = (await b.c.get<{ list: Holding[] }>('/apiw/v2/uni-loan/earn/subscribe')).body.data
      .list[0] as Holding;
    expect(hb.lend_amount).toBe('4');
    expect(hb.cumulative).toBe(floor8(dec(4).times('0.04').div(8760)).toFixed());
    const hours2 = await op.call<{ list: { lent: string; supplied: string; lend_ratio: string }[] }>(
      'GET',
      '/admin/api/simple-earn/flexible-hours?asset=ETH&limit=2',
    );
    expect(hours2.body.data.list[0]).toMatchObject({ lent: '9', supplied: '10', lend_ratio: '0.9' });
    expect(hours2.body.data.list[1]).toMatchObject({ lent: '5', supplied: '10', lend_ratio: '0.5' });
    await expectReconciled(op);
  });

  it('redeems a fixed order early: principal back, interest forfeited; not within an hour of maturity', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    const productId = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.05',
      pre_redeem: 1,
    });
    const locked = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.05',
      pre_redeem: 0,
    });
    const u = await userWith(env, { USDT: '3000' });
    const o1 = (
      await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/lend', {
        product_id: productId,
        amount: '1000',
      })
    ).body.data;
    const o2 = (
      await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/lend', {
        product_id: productId,
        amount: '1000',
      })
    ).body.data;
    const o3 = (
      await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/lend', { product_id: locked, amount: '1000' })
    ).body.data;
    await op.advance(3 * DAY);
    expectRule(
      await u.c.post('/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: o3.order_id }),
      'simple_earn.preRedeem.unsupported',
    );
    const early = await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/pre-redeem', {
      order_id: o1.order_id,
      isVip: 0,
    });
    expect(early.body.data).toMatchObject({ status: 3 });
    expect(await spot(env, u.id, 'USDT')).toBe('1000');
    expectRule(
      await u.c.post('/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: o1.order_id }),
      'simple_earn.order.notActive',
    );
    // Within the last hour before maturity: every per-order change is refused.
    await op.advance(o2.finish_time - HOUR + 1 - (await op.now()));
    expectRule(
      await u.c.post('/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: o2.order_id }),
      'simple_earn.order.nearMaturity',
    );
    expectRule(
      await u.c.put(`/apiw/v2/fixed_earn/api/user/redeem-account-type/${o2.order_id}`, {
        redeem_account_type: 2,
      }),
      'simple_earn.order.nearMaturity',
    );
    await op.advance(HOUR + 1800);
    // o2 and o3 paid with their full interest, into spot; o1 earned nothing.
    const interest = floor8(dec(1000).times('0.05').div(365).times(7));
    expect(await spot(env, u.id, 'USDT')).toBe(dec(3000).plus(interest.times(2)).toFixed());
    const ended = (
      await u.c.get<{ list: FixedOrder[] }>('/apiw/v2/fixed_earn/api/user/lend', { order_type: 2 })
    ).body.data.list;
    expect(ended.map((o) => o.status).sort()).toEqual([2, 2, 3]);
    await expectReconciled(op);
  });

  it('pays a redemption of lent principal at once, in full, to the 8th decimal (issue 27)', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    await flexProduct(op, {
      asset: 'BTC',
      next_time_rate_year: '0.02',
      borrow_demand: '1000',
      min_lend_amount: '0.001',
    });
    const u = await userWith(env, { BTC: '2' });
    await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'BTC', amount: '2' });
    await toNextHour(env);
    await op.advance(HOUR); // lent in full: no idle liquidity at all
    await op.advance(900); // a quarter into the next hour
    const r = (x: string | number | Decimal) => dec(x).times('0.02').div(8760);
    const i1 = floor8(r(2));
    expect(i1.toFixed()).toBe('0.00000456');
    // 0.00000456 of interest received, then 0.49999544 of lent principal: all of it now.
    const redeem = await u.c.post<{ amount: string; frozen_amount: string }>(
      '/apiw/v2/uni-loan/earn/redeem',
      {
        asset: 'BTC',
        amount: '0.5',
      },
    );
    expect(redeem.body).toMatchObject({ code: 0, data: { amount: '0.5', frozen_amount: '0' } });
    expect(await spot(env, u.id, 'BTC')).toBe('0.5');
    const h = (await u.c.get<{ list: Holding[] }>('/apiw/v2/uni-loan/earn/subscribe')).body.data
      .list[0] as Holding;
    expect(h).toMatchObject({ frozen_amount: '0', frozen_status: 0, curr_amount: '1.50000456' });
    // When it arrived: now, by the redeem-callback and the history record's time.
    const now = await op.now();
    expect((await u.c.post('/apiw/v2/uni-loan/earn/redeem-callback', { asset: 'BTC' })).body.data).toEqual({
      asset: 'BTC',
      frozen_amount: '0',
      frozen_status: 0,
      settle_at: 0,
    });
    const records = await u.c.get<{ list: { amount: string; time_at: number }[] }>(
      '/apiw/v2/uni-loan/earn/history',
      { type: 2, asset: 'BTC' },
    );
    expect(records.body.data.list).toEqual([expect.objectContaining({ amount: '0.5', time_at: now })]);
    await expectReconciled(op);
    // The hour's close pays nothing more into spot, and interest only on what stayed: 1.50000456.
    await op.advance(HOUR - 900);
    expect(await spot(env, u.id, 'BTC')).toBe('0.5');
    const earned = floor8(r(2).plus(r('1.50000456')));
    const after = (await u.c.get<{ list: Holding[] }>('/apiw/v2/uni-loan/earn/subscribe')).body.data
      .list[0] as Holding;
    expect(after.cumulative).toBe(earned.toFixed());
    await expectReconciled(op);
  });

  it('a redemption frozen under the earlier rule is still cancelled, or settled at the hour', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    await flexProduct(op, {
      asset: 'USDC',
      next_time_rate_year: '0',
      borrow_demand: '1000',
      min_lend_amount: '0.001',
    });
    const u = await userWith(env, { USDC: '2' });
    await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDC', amount: '2' });
    await toNextHour(env);
    await op.advance(HOUR); // earning principal
    // Freeze 0.5 of principal as the earlier rule did (principal out, frozen in, no entry: the coins
    // stay in the flexible account until paid).
    const freeze = async (amount: string) =>
      env.server.deps.db.execute(sql`UPDATE se_flex_positions p SET
          acc_offset = p.acc_offset + ${amount}::numeric * pr.acc_index, principal = p.principal - ${amount}::numeric,
          frozen_amount = p.frozen_amount + ${amount}::numeric, frozen_at = now()
        FROM se_flex_products pr WHERE pr.asset = p.asset AND p.asset = 'USDC' AND p.user_id = ${u.id}`);
    await freeze('0.5');
    await expectReconciled(op);
    const nextHour = (Math.floor((await op.now()) / 3600) + 1) * 3600;
    expect((await u.c.post('/apiw/v2/uni-loan/earn/redeem-callback', { asset: 'USDC' })).body.data).toEqual({
      asset: 'USDC',
      frozen_amount: '0.5',
      frozen_status: 1,
      settle_at: nextHour,
    });
    expectRule(
      await u.c.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'USDC', amount: '0.6' }),
      'simple_earn.redeem.maxLimit',
    );
    const cancel = await u.c.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'USDC' }, { form: true });
    expect(cancel.body).toMatchObject({ code: 0, data: { amount: '0.5' } });
    let h = (await u.c.get<{ list: Holding[] }>('/apiw/v2/uni-loan/earn/subscribe')).body.data
      .list[0] as Holding;
    expect(h).toMatchObject({
      frozen_amount: '0',
      frozen_status: 0,
      pending_amount: '0.5',
      curr_amount: '2',
    });
    expectRule(
      await u.c.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'USDC' }),
      'simple_earn.redeem.nothingFrozen',
    );
    await expectReconciled(op);
    // Frozen again: the hour's settlement pays it to spot.
    await freeze('0.25');
    await op.advance(HOUR);
    expect(await spot(env, u.id, 'USDC')).toBe('0.25');
    h = (await u.c.get<{ list: Holding[] }>('/apiw/v2/uni-loan/earn/subscribe')).body.data.list[0] as Holding;
    expect(h.frozen_amount).toBe('0');
    await expectReconciled(op);
  });
});

function Decimal_min(a: Decimal, b: Decimal): Decimal {
  return a.lt(b) ? a : b;
}
function Decimal_max(a: Decimal, b: Decimal): Decimal {
  return a.gt(b) ? a : b;
}
