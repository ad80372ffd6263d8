import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import {
  accrualStartAt,
  campaignStatus,
  checkRedeemAmount,
  checkStakeAmount,
  firstDistributionAt,
  limitLeft,
  quickRedeemSelectable,
  redeemFee,
  redeemPeriodStatus,
  stakingAprForAmount,
  stakingAprUpTo,
  standardRedeemDelaySeconds,
  tieredExtraPerYear,
} from './index';

const DAY = 86_400;

describe('staking rules', () => {
  it('checks stake amounts in the form order with the spec keys', () => {
    const base = { coin: 'GT', min: '1', available: '100' };
    expect(checkStakeAmount({ ...base, amount: '0.5' })).toEqual({
      key: 'stake.number.minLimit',
      params: { number: '1' },
    });
    expect(checkStakeAmount({ ...base, amount: '100.00000001' })).toEqual({
      key: 'stake.maxLimit.insufficientBalance',
      params: { number: '100', coin: 'GT' },
    });
    expect(checkStakeAmount({ ...base, amount: '1.123456789' })).toEqual({
      key: 'common.amountPrecision',
      params: { precision: '8' },
    });
    expect(checkStakeAmount({ ...base, amount: '100' })).toBeNull();
    expect(checkRedeemAmount({ coin: 'GT', min: '1', redeemable: '5', amount: '5.1' })).toEqual({
      key: 'redeem.maxLimit.insufficientBalance',
      params: { number: '5', coin: 'GT' },
    });
  });

  it('treats -1 as unlimited for caps and the quick quota', () => {
    expect(limitLeft('-1', '1000')).toBeNull();
    expect(limitLeft('10', '3')?.toFixed()).toBe('7');
    expect(limitLeft('10', '12')?.toFixed()).toBe('0');
    expect(quickRedeemSelectable(true, '-1', '5')).toBe(true);
    expect(quickRedeemSelectable(true, '4', '5')).toBe(false);
    expect(quickRedeemSelectable(true, '5', '5')).toBe(true);
    expect(quickRedeemSelectable(true, '0', '0')).toBe(false);
    expect(quickRedeemSelectable(false, '-1', '0')).toBe(false);
  });

  it('rounds fees down to 8 decimals and never charges more than the amount', () => {
    expect(redeemFee('1.23456789', '0.001').toFixed()).toBe('0.00123456');
    expect(redeemFee('0.77777777', '0.001', '20').toFixed()).toBe('0.00062222');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (units, rateUnits) => {
          const amount = dec(units.toString()).div(1e8);
          const fee = redeemFee(amount, dec(rateUnits).div(1e8));
          return (
            fee.decimalPlaces() <= 8 &&
            fee.lte(amount.times(dec(rateUnits).div(1e8))) &&
            fee.gte(0) &&
            fee.lte(amount)
          );
        },
      ),
    );
  });

  it('puts the first distribution at the UTC start of the day after the delay, or at redeem', () => {
    const stake = 10 * DAY + 3600;
    expect(firstDistributionAt(stake, 1)).toBe(12 * DAY);
    expect(accrualStartAt(stake, 1)).toBe(11 * DAY);
    expect(firstDistributionAt(stake, 0)).toBeNull();
    expect(firstDistributionAt(stake, -1)).toBeNull();
    expect(accrualStartAt(stake, 0)).toBe(11 * DAY);
  });

  it('derives the campaign status and the tiered extra interest', () => {
    expect(campaignStatus(99, 100, 200)).toBe(0);
    expect(campaignStatus(100, 100, 200)).toBe(1);
    expect(campaignStatus(200, 100, 200)).toBe(2);
    const tiers = [
      { money_min: '0', money_max: '500', money_rate: '0.08' },
      { money_min: '500', money_max: '-1', money_rate: '0.03' },
    ];
    expect(tieredExtraPerYear('300', tiers).toFixed()).toBe('24');
    expect(tieredExtraPerYear('1500', tiers).toFixed()).toBe('70');
  });

  it("gives a stake's APR for its amount: the base, and each campaign tier on its part only", () => {
    // The demo's GT campaign: 8 % on the first 500, 3 % from 500 to 2,000, on a 5 % base.
    const tiers = [
      { money_min: '0', money_max: '500', money_rate: '0.08' },
      { money_min: '500', money_max: '2000', money_rate: '0.03' },
    ];
    expect(stakingAprForAmount('300', '5', tiers).toFixed()).toBe('13');
    // 2,000 GT: 5 % + (500 × 8 % + 1,500 × 3 %) ÷ 2,000 = 5 % + 4.25 %, not 13 %.
    expect(stakingAprForAmount('2000', '5', tiers).toFixed()).toBe('9.25');
    // 10,000 GT: the part above the last tier earns the base only.
    expect(stakingAprForAmount('10000', '5', tiers).toFixed()).toBe('5.85');
    expect(stakingAprForAmount('0', '5', tiers).toFixed()).toBe('13');
    expect(stakingAprForAmount('0', '5', []).toFixed()).toBe('5');
    expect(stakingAprForAmount('100', '3.1', []).toFixed()).toBe('3.1');
  });

  it('says "up to" the best APR with the amount that gets it, and the plain rate without a limit', () => {
    const figures = (up: ReturnType<typeof stakingAprUpTo>) => [
      up.apr.toFixed(),
      up.amount?.toFixed() ?? null,
    ];
    const demo = [
      { money_min: '0', money_max: '500', money_rate: '0.08' },
      { money_min: '500', money_max: '2000', money_rate: '0.03' },
    ];
    // 5 % + 8 % on the first 500 GT: any more earns 3 % or the base on the rest.
    expect(figures(stakingAprUpTo('5', demo))).toEqual(['13', '500']);
    // A rising ladder is best at its top: 1,000 × 5 % + (100 × 2 % + 900 × 5 %) ÷ 1,000 = 9.7 %, not 10 %.
    const rising = [
      { money_min: '0', money_max: '100', money_rate: '0.02' },
      { money_min: '100', money_max: '1000', money_rate: '0.05' },
    ];
    expect(figures(stakingAprUpTo('5', rising))).toEqual(['9.7', '1000']);
    expect(figures(stakingAprUpTo('4', [{ money_min: '0', money_max: '-1', money_rate: '0.015' }]))).toEqual([
      '5.5',
      null,
    ]);
    expect(figures(stakingAprUpTo('3.1', []))).toEqual(['3.1', null]);
    // The figure is the one a stake of that amount gets.
    expect(stakingAprForAmount('1000', '5', rising).toFixed()).toBe('9.7');
  });

  it('stake APR × amount ÷ 100 = the base interest + Σ the tiers’ interest, for random tiers and amounts', () => {
    const tier = fc
      .record({
        min: fc.integer({ min: 0, max: 50_000 }),
        width: fc.integer({ min: 1, max: 50_000 }),
        open: fc.boolean(),
        bp: fc.integer({ min: 0, max: 5_000 }),
      })
      .map((t) => ({
        money_min: String(t.min),
        money_max: t.open ? '-1' : String(t.min + t.width),
        money_rate: dec(t.bp).div(10_000).toFixed(),
      }));
    const amount = fc
      .tuple(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([i, f]) => dec(i).plus(dec(f).div(100_000_000)));
    fc.assert(
      fc.property(
        fc.array(tier, { maxLength: 6 }),
        fc.integer({ min: 0, max: 3_000 }),
        amount,
        (tiers, rateBp, a) => {
          const rate = dec(rateBp).div(100);
          const apr = stakingAprForAmount(a, rate, tiers);
          // Each tier's interest computed apart: its part of the amount × its rate.
          const parts = tiers.reduce((sum, t) => {
            const top = t.money_max === '-1' ? a : dec(t.money_max).lt(a) ? dec(t.money_max) : a;
            const part = top.minus(t.money_min);
            return part.gt(0) ? sum.plus(part.times(t.money_rate)) : sum;
          }, dec(0));
          const paid = a.times(rate).div(100).plus(parts);
          expect(apr.times(a).div(100).minus(paid).abs().lte('1e-30')).toBe(true);
          // Never above the base plus every tier at once.
          const all = tiers.reduce((sum, t) => sum.plus(t.money_rate), dec(0)).times(100);
          expect(apr.lte(rate.plus(all).plus('1e-30'))).toBe(true);
        },
      ),
    );
  });

  it('names the redeem period and the standard wait', () => {
    expect(redeemPeriodStatus(0, 0, 0)).toBe('immediately');
    expect(redeemPeriodStatus(3, 0, 0)).toBe('fixed_period');
    expect(redeemPeriodStatus(0, 0, 7)).toBe('only_max');
    expect(redeemPeriodStatus(0, 3, 3)).toBe('min_equals_max');
    expect(redeemPeriodStatus(0, 1, 3)).toBe('min_differs_max');
    expect(standardRedeemDelaySeconds(3, 7)).toBe(3 * DAY);
    expect(standardRedeemDelaySeconds(0, 7)).toBe(7 * DAY);
    expect(standardRedeemDelaySeconds(0, 0)).toBe(0);
  });
});
