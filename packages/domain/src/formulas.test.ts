import { describe, expect, it } from 'vitest';
import {
  campaignReward,
  dayReward,
  feeAmount,
  hourlyBonus,
  hourlyInterest,
  ladderYearly,
  payWithCarry,
  percentToRate,
  rateToPercent,
  secondsRate,
  termBonus,
  termInterest,
  toRateFraction,
  toRatePercent,
} from './formulas';

describe('money formulas', () => {
  it('a rate says its unit, and converts exactly', () => {
    expect(percentToRate(toRatePercent('5')).toFixed()).toBe('0.05');
    expect(percentToRate(toRatePercent('101.000000000000001')).toFixed()).toBe('1.01000000000000001');
    expect(rateToPercent(toRateFraction('0.061234')).toFixed()).toBe('6.1234');
  });

  it('a flexible hour: 876,000 lent at 5 % earns 5 (hourlyInterest, exact)', () => {
    expect(hourlyInterest('876000', toRateFraction('0.05')).toFixed()).toBe('5');
    // 1000 at 5 %: 0.005707762557077625570776..., the carried rest below the 8th decimal.
    const gross = hourlyInterest('1000', toRateFraction('0.05'));
    const { paid, carryOut } = payWithCarry('0', gross);
    expect(paid.toFixed()).toBe('0.00570776');
    expect(carryOut.toFixed(18)).toBe('0.000000002557077625');
  });

  it('a fixed term pays a round figure when it earns one, 8 decimals down otherwise', () => {
    expect(termInterest('1000', toRateFraction('0.05'), 73).toFixed()).toBe('10');
    expect(termInterest('1000', toRateFraction('0.05'), 30).toFixed()).toBe('4.10958904');
  });

  it('a ladder: Σ tier width × apr, by the hour and by the term', () => {
    const tiers = [
      { from: '0', to: '500', rate: toRateFraction('0.02') },
      { from: '500', to: null, rate: toRateFraction('0.01') },
    ];
    expect(ladderYearly('1200', tiers).toFixed()).toBe('17');
    expect(hourlyBonus('8760', '2').toFixed()).toBe('2');
    expect(termBonus('17', 365, '1').toFixed()).toBe('17');
    expect(termBonus('17', 30, '1').toFixed()).toBe('1.39726027');
  });

  it('a day of staking: amount × rate% ÷ 36,500, 18 decimals down; a campaign by the second; a fee', () => {
    expect(dayReward('1000', toRatePercent('3.65')).toFixed()).toBe('0.1');
    expect(dayReward('1', toRatePercent('1')).toFixed()).toBe('0.000027397260273972');
    expect(campaignReward('31536000', 86_400).toFixed()).toBe('86400');
    expect(feeAmount('1.23456789', toRateFraction('0.005')).toFixed()).toBe('0.00617283');
    expect(secondsRate(toRatePercent('100'), 31_536_000).toFixed()).toBe('1');
  });
});
