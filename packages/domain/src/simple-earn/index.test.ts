import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import {
  checkFlexibleRedeem,
  checkMinLendRate,
  checkSubscribe,
  estimatedInterest,
  fixedMaxAmount,
  fixedSchedule,
  rateFromPercent,
  redeemableAmount,
  roundSubscribeAmount,
  SimpleEarnKey,
  tierInterest,
  tierInterestExact,
  tierWidth,
  voucherYield,
} from './index';

describe('simple earn rounding', () => {
  it('rounds the subscribe amount down to 6 decimals', () => {
    expect(roundSubscribeAmount('1.23456789').toFixed()).toBe('1.234567');
    expect(roundSubscribeAmount('0.0000009').toFixed()).toBe('0');
  });

  it('sends a typed percent as a 4-decimal fraction rounded up', () => {
    expect(rateFromPercent('1.23').toFixed()).toBe('0.0123');
    expect(rateFromPercent('1.231').toFixed()).toBe('0.0124');
    expect(rateFromPercent('5').toFixed()).toBe('0.05');
  });

  it('never rounds a rate down, never an amount up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 99_999_999 }),
        (i, f) => {
          const x = dec(`${i}.${String(f).padStart(8, '0')}`);
          expect(roundSubscribeAmount(x).lte(x)).toBe(true);
          expect(rateFromPercent(x).times(100).gte(x)).toBe(true);
        },
      ),
    );
  });
});

describe('simple earn interest formulas', () => {
  it('estimates interest as amount × rate / 365 × days, 8 decimals down', () => {
    // 1000 × 0.05 / 365 = 0.136986301369…
    expect(estimatedInterest('1000', '0.05').toFixed(8)).toBe('0.13698630');
    // 10 000 × 0.08 / 365 × 30 = 65.7534246575…
    expect(estimatedInterest('10000', '0.08', 30).toFixed()).toBe('65.75342465');
  });

  it('splits an amount into ladder tiers', () => {
    const low = { left: '0', right: '500', apr: '0.1' };
    const mid = { left: '500', right: '2000', apr: '0.05' };
    const top = { left: '2000', right: '', apr: '0.01' };
    const tiers = [low, mid, top];
    expect(tierWidth('1200', low).toFixed()).toBe('500');
    expect(tierWidth('1200', mid).toFixed()).toBe('700');
    expect(tierWidth('1200', top).toFixed()).toBe('0');
    // (500 × 0.1 + 700 × 0.05) / 365 = 85 / 365 = 0.232876712…
    expect(tierInterest('1200', tiers).toFixed()).toBe('0.23287671');
    // In a bonus coin worth 20 USDT, for a USDT holding: price ratio 1/20.
    expect(tierInterestExact('1200', tiers, dec(1).div(20)).times(20).toFixed(20)).toBe(
      dec(85).div(365).toFixed(20),
    );
  });

  it('computes a rate-up voucher yield', () => {
    // 5000 × 2 % / 365 × 7 = 1.917808219…
    expect(voucherYield('5000', '2', 7).toFixed()).toBe('1.91780821');
  });

  it('computes the redeemable amount and the fixed max', () => {
    expect(redeemableAmount('100', '30', '10').toFixed()).toBe('60');
    expect(redeemableAmount('10', '30').toFixed()).toBe('0');
    expect(fixedMaxAmount('500.1234567', '900').toFixed()).toBe('500.123456');
    expect(fixedMaxAmount('500', '20.5').toFixed()).toBe('20.5');
  });

  it('schedules a fixed order from the next UTC day', () => {
    const subscribed = Date.UTC(2026, 0, 10, 15, 20) / 1000;
    const s = fixedSchedule(subscribed, 30);
    expect(s.startAt).toBe(Date.UTC(2026, 0, 11) / 1000);
    expect(s.finishAt).toBe(Date.UTC(2026, 1, 10) / 1000);
    expect(s.payoutAt).toBe(Date.UTC(2026, 1, 10, 0, 30) / 1000);
  });
});

describe('simple earn validation rules', () => {
  const base = { amount: dec('100'), minAmount: '10', available: '1000', asset: 'USDT' };

  it('passes a valid amount', () => {
    expect(checkSubscribe(base)).toBeNull();
  });

  it('answers each section-5 key in order', () => {
    expect(checkSubscribe({ ...base, amount: dec('9.999999') })?.key).toBe(SimpleEarnKey.minPurchase);
    expect(checkSubscribe({ ...base, amount: dec('1000.000001') })?.key).toBe(
      SimpleEarnKey.insufficientBalance,
    );
    expect(checkSubscribe({ ...base, productRemaining: '50' })).toEqual({
      key: SimpleEarnKey.remainingQuotaLess,
      params: { amount: '50', coin: 'USDT' },
    });
    expect(checkSubscribe({ ...base, userRemaining: '99' })?.key).toBe(
      SimpleEarnKey.individualRemainingQuota,
    );
    const voucher = { buy_limit_low: '200', buy_limit_high: '0' };
    expect(checkSubscribe({ ...base, voucher })?.key).toBe(SimpleEarnKey.voucherMin);
    expect(checkSubscribe({ ...base, voucher: { buy_limit_low: '10', buy_limit_high: '50' } })?.key).toBe(
      SimpleEarnKey.voucherMax,
    );
    expect(checkSubscribe({ ...base, amount: dec('900'), voucher })).toBeNull();
  });

  it('checks a flexible redemption', () => {
    expect(checkFlexibleRedeem(dec('0.0000009'), '10', 'BTC')?.key).toBe(SimpleEarnKey.redeemMin);
    expect(checkFlexibleRedeem(dec('10.1'), '10', 'BTC')?.key).toBe(SimpleEarnKey.redeemMax);
    expect(checkFlexibleRedeem(dec('0.000001'), '10', 'BTC')).toBeNull();
  });

  it('checks the minimum lend APR against percent bounds', () => {
    expect(checkMinLendRate(dec('0.0501'), '5', '0')?.key).toBe(SimpleEarnKey.maxApr);
    expect(checkMinLendRate(dec('0.05'), '5', '0')).toBeNull();
    expect(checkMinLendRate(dec('0.0009'), '5', '0.1')?.key).toBe(SimpleEarnKey.minApr);
  });
});
