import { describe, expect, test } from 'vitest';
import {
  bestNormalFixed,
  defaultHistoryFilter,
  estimate,
  fixedActions,
  headlineApr,
  subscribeAgain,
  subscribeFailure,
  vipStanding,
} from './rules';
import { detail, fixedOrder, fixedProduct, flexEntry } from './test/fixtures';

describe('fixed holding actions (section 4)', () => {
  const now = 1_500_000;
  test('an active order far from maturity allows every action its product supports', () => {
    const a = fixedActions(fixedOrder(), now);
    expect(a).toMatchObject({
      active: true,
      redeeming: false,
      nearMaturity: false,
      canEarlyRedeem: true,
      canChangeReinvest: true,
      canChangeRedeemTo: true,
    });
  });
  test('not active (status 2 or 3) disables all actions', () => {
    for (const status of [2, 3]) {
      const a = fixedActions(fixedOrder({ status }), now);
      expect([a.active, a.canEarlyRedeem, a.canChangeReinvest, a.canChangeRedeemTo]).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
    expect(fixedActions(fixedOrder({ status: 0 }), now).active).toBe(true);
  });
  test('the product flags decide each action', () => {
    const a = fixedActions(
      fixedOrder({ product_info: { pre_redeem: 0, reinvest: 0, redeem_account: 0 } }),
      now,
    );
    expect([a.canEarlyRedeem, a.canChangeReinvest, a.canChangeRedeemTo]).toEqual([false, false, false]);
  });
  test('within one hour of maturity everything locks; one second more does not', () => {
    const finish = 2_000_000;
    expect(fixedActions(fixedOrder({ finish_time: finish }), finish - 3600).canEarlyRedeem).toBe(false);
    expect(fixedActions(fixedOrder({ finish_time: finish }), finish - 3601).canEarlyRedeem).toBe(true);
    expect(fixedActions(fixedOrder({ finish_time: finish }), finish - 3600).canChangeReinvest).toBe(false);
  });
  test('a redeeming order (past finish time) cannot be early-redeemed', () => {
    const a = fixedActions(fixedOrder({ finish_time: now - 10 }), now);
    expect(a.redeeming).toBe(true);
    expect(a.canEarlyRedeem).toBe(false);
    expect(fixedActions(fixedOrder({ is_redeeming: 1 }), now).canEarlyRedeem).toBe(false);
  });
  test('redeem-to cannot change while reinvest is on', () => {
    expect(fixedActions(fixedOrder({ reinvest_status: 1 }), now).canChangeRedeemTo).toBe(false);
  });
});

describe('subscribe again (section 4)', () => {
  const vipOrder = fixedOrder({ product_type: 2, product_id: 4 });
  test('a VIP product below tier 5 opens the upgrade guide', () => {
    expect(subscribeAgain(vipOrder, [], 4)).toEqual({ kind: 'upgrade' });
  });
  test('tier 5 goes on to the product list', () => {
    const list = [detail([flexEntry(), fixedProduct({ id: 4, type: 2, min_vip: 1, max_vip: 16 })])];
    expect(subscribeAgain(vipOrder, list, 5)).toEqual({ kind: 'subscribe', asset: 'USDT', productId: 4 });
  });
  test('the same product when subscribable', () => {
    const list = [detail([flexEntry(), fixedProduct({ id: 2 })])];
    expect(subscribeAgain(fixedOrder(), list, 0)).toEqual({ kind: 'subscribe', asset: 'USDT', productId: 2 });
  });
  test('sold out or missing: the best-rate subscribable normal fixed product', () => {
    const list = [
      detail([
        flexEntry(),
        fixedProduct({ id: 2, sale_status: 2 }),
        fixedProduct({ id: 3, year_rate: '0.05' }),
        fixedProduct({ id: 5, year_rate: '0.09' }),
        fixedProduct({ id: 6, year_rate: '0.2', type: 3 }),
        fixedProduct({ id: 8, year_rate: '0.3', sale_status: 2 }),
      ]),
    ];
    expect(subscribeAgain(fixedOrder(), list, 0)).toEqual({ kind: 'subscribe', asset: 'USDT', productId: 5 });
    expect(subscribeAgain(fixedOrder({ product_id: 99 }), list, 0)).toEqual({
      kind: 'subscribe',
      asset: 'USDT',
      productId: 5,
    });
  });
  test('no fixed product left: flexible unless the asset is fixed-only, else home', () => {
    expect(
      subscribeAgain(fixedOrder(), [detail([flexEntry(), fixedProduct({ sale_status: 2 })])], 0),
    ).toEqual({ kind: 'flexible', asset: 'USDT' });
    expect(subscribeAgain(fixedOrder(), [detail([fixedProduct({ sale_status: 2 })])], 0)).toEqual({
      kind: 'home',
    });
    expect(subscribeAgain(fixedOrder(), [], 0)).toEqual({ kind: 'home' });
  });
  test('bestNormalFixed prefers the higher rate, then the shorter term', () => {
    const d = detail([
      fixedProduct({ id: 1, year_rate: '0.1', lock_up_period: 90 }),
      fixedProduct({ id: 2, year_rate: '0.1', lock_up_period: 30 }),
    ]);
    expect(bestNormalFixed(d)?.id).toBe(2);
  });
});

describe('history default (section 4)', () => {
  test('flexible interest when the user has some, fixed interest otherwise', () => {
    expect(defaultHistoryFilter({}, true)).toEqual({ tab: 'flexible', type: 3 });
    expect(defaultHistoryFilter({}, false)).toEqual({ tab: 'fixed', type: 3 });
  });
  test('an explicit tab and type win; a type outside the tab falls back to interest', () => {
    expect(defaultHistoryFilter({ tab: 'fixed', type: '5' }, true)).toEqual({ tab: 'fixed', type: 5 });
    expect(defaultHistoryFilter({ tab: 'flexible', type: '2' }, false)).toEqual({ tab: 'flexible', type: 2 });
    expect(defaultHistoryFilter({ tab: 'flexible', type: '5' }, false)).toEqual({ tab: 'flexible', type: 3 });
  });
});

describe('VIP standing', () => {
  const p = fixedProduct({ type: 2, min_vip: 2, max_vip: 4 });
  test('below, within and above the range', () => {
    expect(vipStanding(p, 1)).toBe('below');
    expect(vipStanding(p, 2)).toBe('ok');
    expect(vipStanding(p, 4)).toBe('ok');
    expect(vipStanding(p, 5)).toBe('above');
    expect(vipStanding(fixedProduct(), 0)).toBe('ok');
  });
});

describe('subscribe validation (section 5)', () => {
  const product = fixedProduct({ min_lend_amount: '10' });
  const lendable = {
    product_id: 2,
    lendable: '300',
    user_remaining: '300',
    product_remaining: '1000',
    sale_status: 1,
  };
  const voucher = {
    id: 1,
    financial_rate_id: 1,
    title: 'v',
    rate_day: 7,
    rate_ratio: '2',
    buy_limit_low: '100',
    buy_limit_high: '200',
    using_currency: 'USDT',
    expired_timest: 0,
  };
  const key = (amount: string | null, over: Partial<Parameters<typeof subscribeFailure>[0]> = {}) =>
    subscribeFailure({ amount, product, available: '500', lendable, voucher: null, ...over })?.key ?? null;
  test('every key in its order, the shared one: minimum, voucher bounds, quotas, then balance', () => {
    expect(key('9.9999999')).toBe('finances.simpleEarn.minPurchaseAmount');
    // Above both the personal quota (300) and the balance (500): the quota.
    expect(key('501')).toBe('finance.individualRemainingQuotaAmount');
    expect(key('250', { available: '200' })).toBe('lend_earn.insufficient.balance');
    expect(
      key('400', {
        available: '5000',
        lendable: { ...lendable, user_remaining: '-1', product_remaining: '350' },
      }),
    ).toBe('simple_earn.amount.tip.remainingQuotaLessAmount');
    expect(key('301')).toBe('finance.individualRemainingQuotaAmount');
    expect(key('99', { voucher })).toBe('simple.min_purchase');
    expect(key('201', { voucher })).toBe('simple.max_purchase');
    expect(key('150', { voucher })).toBeNull();
    expect(key('201', { voucher: { ...voucher, buy_limit_high: '0' } })).toBeNull();
  });
  test('a quota already below the minimum shows before anything is typed', () => {
    expect(key(null, { lendable: { ...lendable, product_remaining: '5' } })).toBe(
      'simple_earn.amount.tip.remainingQuotaLessAmount',
    );
    expect(key(null)).toBeNull();
  });
  test('the amount is judged as sent: 6 decimals down', () => {
    expect(key('10.0000009')).toBeNull();
    expect(key('9.9999999')).toBe('finances.simpleEarn.minPurchaseAmount');
  });
  test('flexible ignores quota and vouchers', () => {
    expect(
      subscribeFailure({ amount: '2', product: flexEntry(), available: '500', lendable, voucher }),
    ).toBeNull();
  });
});

describe('estimates (section 9)', () => {
  test('fixed: amount × rate / 365 × days, tier bonus with the price ratio, voucher yield; 8 decimals down', () => {
    const p = fixedProduct({
      year_rate: '0.08',
      lock_up_period: 30,
      bonus_asset: 'GT',
      product_asset_price: '1',
      bonus_asset_price: '18.42',
      ladder_apr: [{ left: '0', right: '1000', apr: '0.02' }],
    });
    const v = {
      id: 1,
      financial_rate_id: 1,
      title: '',
      rate_day: 7,
      rate_ratio: '2',
      buy_limit_low: '0',
      buy_limit_high: '0',
      using_currency: '',
      expired_timest: 0,
    };
    const e = estimate(p, '1500.1234569', v);
    // 1500.123456 × 0.08 / 365 × 30 = 9.863825464109…
    expect(e?.interest).toBe('9.86382546');
    // min(1500.123456, 1000) × 0.02 / 365 × (1 / 18.42) × 30 = 0.089241890143…
    expect(e?.bonus).toBe('0.08924189');
    // 1500.123456 × 2 / 100 / 365 × 7 = 0.575389818739…
    expect(e?.voucher).toBe('0.57538981');
  });
  test('flexible: one day', () => {
    expect(estimate(flexEntry({ year_rate: '0.0523' }), '100')?.interest).toBe('0.01432876');
  });
  test('headline APR adds the best bonus tier', () => {
    expect(
      headlineApr(
        flexEntry({
          year_rate: '0.0523',
          ladder_apr: [
            { left: '0', right: '500', apr: '0.1' },
            { left: '500', right: '0', apr: '0.03' },
          ],
        }),
      ),
    ).toBe('0.1523');
  });
});
