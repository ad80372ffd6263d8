import { describe, expect, test } from 'vitest';
import {
  formatRate,
  formatStamp,
  initialStakeState,
  preselectProtocol,
  productAprUpTo,
  redeemConfirmText,
  redeemPeriodText,
  redeemQuote,
  ruleText,
  stakeModalReducer,
  vipDiscountFor,
} from './rules';
import { campaign, product, protocol } from './test/fixtures';

describe('staking screen rules', () => {
  test('the modal state: loading, then main; sub-views go back where they came from; reset starts over', () => {
    let s = stakeModalReducer(initialStakeState, { type: 'open', view: 'faq' });
    expect(s.view).toBe('loading');
    s = stakeModalReducer(s, { type: 'loaded' });
    expect(s.view).toBe('main');
    s = stakeModalReducer(s, { type: 'open', view: 'extra_bonus' });
    s = stakeModalReducer(s, { type: 'open', view: 'bonus_rules' });
    expect(s).toEqual({ view: 'bonus_rules', back: 'extra_bonus' });
    s = stakeModalReducer(s, { type: 'back' });
    expect(s.view).toBe('extra_bonus');
    s = stakeModalReducer(s, { type: 'back' });
    expect(s.view).toBe('main');
    s = stakeModalReducer(s, { type: 'succeeded' });
    expect(s.view).toBe('stake_success');
    expect(stakeModalReducer(s, { type: 'continue' }).view).toBe('main');
    expect(stakeModalReducer(s, { type: 'reset' })).toEqual(initialStakeState);
  });

  test('protocol preselection: asked pid, else first, else the highest rate when auto-selecting', () => {
    const list = [
      protocol({ pid: 1, apr: '3.2' }),
      protocol({ pid: 2, apr: '4.1' }),
      protocol({ pid: 3, apr: '2' }),
    ];
    expect(preselectProtocol(list)?.pid).toBe(1);
    expect(preselectProtocol(list, { autoSelect: true })?.pid).toBe(2);
    expect(preselectProtocol(list, { pid: 3, autoSelect: true })?.pid).toBe(3);
    expect(preselectProtocol(list, { pid: 99 })?.pid).toBe(1);
    expect(preselectProtocol([])).toBeUndefined();
  });

  test('the list\'s "up to": the best protocol with its own campaign, the product\'s campaign only while running', () => {
    // Rocket Pool 2.9 % + 8 % on the first 500 beats Lido's plain 3.2 %.
    const withCampaign = product({
      defi: [protocol(), protocol({ pid: 2, id: 2, rate: '2.9', extra_interest: campaign() })],
    });
    expect(productAprUpTo(withCampaign)).toEqual({ apr: '10.9', amount: '500' });
    const own = product({ defi: [], rate: '5', extra_interest: campaign() });
    expect(productAprUpTo(own)).toEqual({ apr: '13', amount: '500' });
    // A campaign not started (status 0) adds nothing yet.
    expect(productAprUpTo({ ...own, extra_interest: campaign({ status: 0 }) })).toEqual({
      apr: '5',
      amount: null,
    });
  });

  test('redeem period wording by income_days and min/max days', () => {
    const p = (income: number, min: number, max: number) =>
      redeemPeriodText(
        product({
          income_days: income,
          extra: { ...product().extra, redeem_minday: min, redeem_maxday: max },
        }),
        undefined,
      ).key;
    expect(p(0, 0, 0)).toBe('staking.redeemPeriod.immediately');
    expect(p(3, 0, 0)).toBe('staking.redeemPeriod.fixed_period');
    expect(p(0, 0, 5)).toBe('staking.redeemPeriod.only_max');
    expect(p(0, 2, 2)).toBe('staking.redeemPeriod.min_equals_max');
    expect(p(0, 1, 3)).toBe('staking.redeemPeriod.min_differs_max');
    const instant = product({ extra: { ...product().extra, redeem_minday: 0, redeem_maxday: 0 } });
    expect(redeemConfirmText(instant)).toEqual({ key: 'staking.redeem.instant', params: {} });
    expect(redeemConfirmText(product())).toEqual({
      key: 'staking.redeem.withinDays',
      params: { days: 3, count: 3 },
    });
  });

  test('redeem quote: quick arrives after redeem_quick_long minutes, standard after the protocol income days', () => {
    const p = product({
      extra: { ...product().extra, redeem_quick: 1, redeem_quick_long: 30, redeem_quick_fee: '0.005' },
    });
    const quick = redeemQuote('2', 'quick', p, undefined, 0, 1_000_000);
    expect(quick).toEqual({ fee: '0.01', received: '1.99', feeRate: '0.005', arrivalAt: 1_000_000 + 1800 });
    const standard = redeemQuote('2', 'standard', p, protocol({ income_days: 5 }), 0, 1_000_000);
    expect(standard.arrivalAt).toBe(1_000_000 + 5 * 86_400);
    // 0.00000001 × 0.001 is below the 8th decimal: no fee, all received.
    expect(redeemQuote('0.00000001', 'standard', p, undefined, 0, 0).fee).toBe('0');
  });

  test('VIP tiers and rates', () => {
    expect(vipDiscountFor(product(), 5)).toEqual({
      kind: 'tier',
      row: { min_tier: 1, max_tier: 5, vip_sale: '20' },
    });
    expect(vipDiscountFor(product(), 6)).toEqual({ kind: 'none' });
    expect(vipDiscountFor(product({ is_crowd: 1 }), 1)).toEqual({ kind: 'hidden' });
    expect(formatRate('0.000000001')).toBe('<0.00000001%');
    expect(formatRate('3.219')).toBe('3.22%');
  });
});

describe('staking wording', () => {
  test('one day reads singular in English; Chinese has one form', async () => {
    const { i18next } = await import('../../i18n');
    await import('./i18n/register');
    const en = i18next.getFixedT('en');
    const zh = i18next.getFixedT('zh-CN');
    const period = (max: number) =>
      redeemPeriodText(
        product({ income_days: 0, extra: { ...product().extra, redeem_minday: 0, redeem_maxday: max } }),
        undefined,
      );
    const one = period(1);
    const seven = period(7);
    expect(en(one.key, one.params)).toBe('Up to 1 day');
    expect(en(seven.key, seven.params)).toBe('Up to 7 days');
    expect(zh(one.key, one.params)).toBe('最长 1 天');
  });

  test('a refused amount is written with its coin and grouped, in both languages', async () => {
    const { i18next, setLanguage } = await import('../../i18n');
    await setLanguage('zh-CN');
    await setLanguage('en');
    const en = i18next.getFixedT('en');
    const zh = i18next.getFixedT('zh-CN');
    const min = { key: 'stake.number.minLimit', params: { number: '20000' } };
    expect(ruleText(en, min, 'GT')).toBe('The minimum stake is 20,000 GT');
    expect(ruleText(zh, min, 'GT')).toBe('最少质押 20,000 GT');
    const redeem = { key: 'redeem.number.minLimit', params: { number: '0.1' } };
    expect(ruleText(en, redeem, 'SOL')).toBe('The minimum redeem amount is 0.1 SOL');
    // A rule that names its own coin keeps it.
    const balance = { key: 'stake.maxLimit.insufficientBalance', params: { number: '5', coin: 'ETH' } };
    expect(ruleText(en, balance, 'SOL')).toBe('Insufficient balance: at most 5 ETH available');
  });
});

describe('staking times (issue 27)', () => {
  test('as the spec writes them, YYYY-MM-DD HH:mm, in UTC: not 11/27/2026 20:00', () => {
    expect(formatStamp(Date.UTC(2026, 10, 27, 20, 0) / 1000)).toBe('2026-11-27 20:00 UTC');
  });
});
