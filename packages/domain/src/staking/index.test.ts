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
