import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import { checkPurchase, checkRedeemUnits, unitsFor, valueOfUnits } from './index';

describe('wealth rules', () => {
  it('buys units at 6 decimals down and values them at 8 decimals down', () => {
    expect(unitsFor('1000', '1.02345678').toFixed()).toBe('977.080829');
    expect(valueOfUnits('600.5', '0.98765432').toFixed()).toBe('593.08641916');
  });

  it('never buys units worth more than the amount paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (amountCents, navUnits) => {
          const amount = dec(amountCents).div(100);
          const nav = dec(navUnits).div(1e6);
          const units = unitsFor(amount, nav);
          return (
            units.decimalPlaces() <= 6 && units.times(nav).lte(amount) && valueOfUnits(units, nav).lte(amount)
          );
        },
      ),
    );
  });

  it('checks purchases and redemptions with the spec keys', () => {
    expect(checkPurchase({ amount: '50', min: '100', available: '1000' })).toEqual({
      key: 'less.minimum.amount',
      params: { amount: '100' },
    });
    expect(checkPurchase({ amount: '1001', min: '100', available: '1000' })).toEqual({
      key: 'finances.inadequateBalance',
      params: { number: '1000' },
    });
    expect(checkPurchase({ amount: '100', min: '100', available: '1000' })).toBeNull();
    expect(checkRedeemUnits({ units: '10.0000001', redeemable: '20' })).toEqual({
      key: 'common.amountPrecision',
      params: { precision: '6' },
    });
    expect(checkRedeemUnits({ units: '20.000001', redeemable: '20' })).toEqual({
      key: 'less.redeemable.units',
      params: { number: '20' },
    });
  });
});
