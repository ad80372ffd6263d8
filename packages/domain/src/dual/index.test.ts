import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import {
  blackScholes,
  DUAL_YEAR_SECONDS,
  dualInterest,
  dualOutcomes,
  normCdf,
  quotedAprPercent,
  targetReached,
} from './index';

describe('dual investment money', () => {
  it('computes interest as amount × APR × seconds ÷ 31,536,000', () => {
    // 1 BTC at 36.5 % for one day: 0.001 BTC.
    expect(dualInterest('1', '36.5', 86_400).toFixed()).toBe('0.001');
    expect(dualInterest('10000', '12', 7 * 86_400).toFixed(30)).toBe(
      dec(10000).times(0.12).times(7).div(365).toFixed(30),
    );
    expect(dualInterest('1', '10', 0).toFixed()).toBe('0');
  });

  it('floors each outcome to 8 decimals, converting at the target when reached', () => {
    // Sell High: 0.5 BTC at 20 % for 3 days, target 100,000.5.
    const sh = dualOutcomes({
      direction: 'sell_high',
      amount: '0.5',
      aprPercent: '20',
      seconds: 3 * 86_400,
      target: '100000.5',
    });
    // interest = 0.5 × 0.2 × 3 / 365 = 0.000821917808219178…
    expect(sh.notReached.amount.toFixed()).toBe('0.50082191');
    // (0.500821917808219178…) × 100000.5 = 50082.4421917…
    expect(sh.reached.amount.toFixed()).toBe('50082.44219178');
    // Buy Low: 1000 USDT at 50 % for 1 day, target 3000.
    const bl = dualOutcomes({
      direction: 'buy_low',
      amount: '1000',
      aprPercent: '50',
      seconds: 86_400,
      target: '3000',
    });
    // interest = 1000 × 0.5 / 365 = 1.36986301369…; ÷ 3000 = 0.33378995433…
    expect(bl.notReached.amount.toFixed()).toBe('1001.36986301');
    expect(bl.reached.amount.toFixed()).toBe('0.33378995');
  });

  it('never pays more than the exact outcome, and never a full unit less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 90 * 86_400 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.boolean(),
        (units, aprBp, seconds, targetCents, sell) => {
          const amount = dec(units).div(1e8);
          const apr = dec(aprBp).div(100);
          const target = dec(targetCents).div(100);
          const o = dualOutcomes({
            direction: sell ? 'sell_high' : 'buy_low',
            amount,
            aprPercent: apr,
            seconds,
            target,
          });
          const gross = amount.plus(
            amount
              .times(apr)
              .times(seconds)
              .div(DUAL_YEAR_SECONDS * 100),
          );
          const exact = sell ? gross.times(target) : gross.div(target);
          return (
            o.reached.amount.lte(exact) &&
            exact.minus(o.reached.amount).lt('0.00000001') &&
            o.notReached.amount.lte(gross) &&
            o.reached.amount.decimalPlaces() <= 8
          );
        },
      ),
    );
  });

  it('says a target is reached at or beyond it, on its side', () => {
    expect(targetReached('sell_high', '100', '100')).toBe(true);
    expect(targetReached('sell_high', '99.99999999', '100')).toBe(false);
    expect(targetReached('buy_low', '100', '100')).toBe(true);
    expect(targetReached('buy_low', '100.00000001', '100')).toBe(false);
  });
});

describe('Black–Scholes', () => {
  it('has the normal CDF of the tables', () => {
    expect(normCdf(0).toFixed(15)).toBe('0.500000000000000');
    expect(normCdf(1).toFixed(10)).toBe('0.8413447461');
    expect(normCdf(1.96).toFixed(10)).toBe('0.9750021049');
    expect(normCdf(-2.5).toFixed(10)).toBe('0.0062096653');
    expect(normCdf(12).toFixed()).toBe('1');
  });

  it("prices Hull's example 15.6: S 42, K 40, r 10 %, σ 20 %, T 0.5 → C 4.76, P 0.81", () => {
    const { call, put } = blackScholes({ spot: 42, strike: 40, years: 0.5, volatility: 0.2, rate: 0.1 });
    expect(call.toFixed(4)).toBe('4.7594');
    expect(put.toFixed(4)).toBe('0.8086');
  });

  it('keeps put–call parity (r = 0: C − P = S − K)', () => {
    const { call, put } = blackScholes({ spot: 95_000, strike: 100_000, years: 7 / 365, volatility: 0.6 });
    expect(call.minus(put).toFixed(18)).toBe(dec(-5000).toFixed(18));
  });

  it('quotes the premium as a yearly rate less the margin, 2 decimals down, never negative', () => {
    const seconds = 7 * 86_400;
    const years = seconds / DUAL_YEAR_SECONDS;
    const { call, put } = blackScholes({ spot: 95_000, strike: 100_000, years, volatility: 0.6 });
    const sell = quotedAprPercent({
      direction: 'sell_high',
      spot: 95_000,
      target: 100_000,
      seconds,
      volatilityPercent: 60,
      marginPercent: 5,
    });
    expect(sell.toFixed()).toBe(
      call.div(95_000).div(years).times(100).minus(5).toDecimalPlaces(2, 1).toFixed(),
    );
    const buy = quotedAprPercent({
      direction: 'buy_low',
      spot: 95_000,
      target: 90_000,
      seconds,
      volatilityPercent: 60,
      marginPercent: 5,
    });
    const p90 = blackScholes({ spot: 95_000, strike: 90_000, years, volatility: 0.6 }).put;
    expect(buy.toFixed()).toBe(
      p90.div(90_000).div(years).times(100).minus(5).toDecimalPlaces(2, 1).toFixed(),
    );
    expect(put.gt(0)).toBe(true);
    // Far out of the money: the premium is below the margin.
    expect(
      quotedAprPercent({
        direction: 'sell_high',
        spot: 95_000,
        target: 300_000,
        seconds,
        volatilityPercent: 60,
        marginPercent: 5,
      }).toFixed(),
    ).toBe('0');
  });
});
