import { describe, expect, it } from 'vitest';
import { aprText, fractionToPercent, percentToFraction, rateConfirmReasons } from './rates';

describe('rate units', () => {
  it('converts exactly in decimal strings, both ways', () => {
    expect(fractionToPercent('0.0612')).toBe('6.12');
    expect(fractionToPercent('6')).toBe('600');
    expect(fractionToPercent('0.30000001')).toBe('30.000001');
    expect(percentToFraction('6')).toBe('0.06');
    expect(percentToFraction('0.000001')).toBe('0.00000001');
    expect(percentToFraction('1000')).toBe('10');
  });

  it('names an APR with at least two decimals and every significant one', () => {
    expect(aprText('600')).toBe('600.00');
    expect(aprText('5.1')).toBe('5.10');
    expect(aprText('5.1234')).toBe('5.1234');
  });
});

describe('which rate changes need a second confirmation', () => {
  it('above the ceiling, or above 3 times a current rate above zero', () => {
    expect(rateConfirmReasons('5', '600', '100')).toEqual(['ceiling', 'jump']);
    expect(rateConfirmReasons('15', '50', '100')).toEqual(['jump']);
    expect(rateConfirmReasons('5', '15', '100')).toEqual([]);
    expect(rateConfirmReasons('600', '500', '100')).toEqual(['ceiling']);
    expect(rateConfirmReasons(null, '101', '100')).toEqual(['ceiling']);
    expect(rateConfirmReasons(null, '100', '100')).toEqual([]);
    // From zero there is no ratio: only the ceiling counts.
    expect(rateConfirmReasons('0', '80', '100')).toEqual([]);
  });
});
