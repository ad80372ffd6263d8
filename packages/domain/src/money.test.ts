import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dec,
  decimalPlaces,
  isPlainDecimal,
  maxDec,
  minDec,
  parseAmount,
  roundDown,
  roundUp,
  STORAGE_DECIMALS,
  sumValues,
  toFixedDown,
  toWire,
  usdtValueOf,
} from './money';

/** A plain decimal string built from parts, so the generator never depends on the code under test. */
const plainDecimal = (maxFraction = STORAGE_DECIMALS) =>
  fc
    .tuple(
      fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,29}$/)),
      fc.option(fc.stringMatching(new RegExp(`^\\d{1,${maxFraction}}$`)), { nil: undefined }),
    )
    .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));

/** The canonical wire form of a plain decimal, computed by string surgery alone. */
function canonical(text: string): string {
  const [int = '0', frac = ''] = text.split('.');
  const trimmed = frac.replace(/0+$/, '');
  const out = trimmed ? `${int}.${trimmed}` : int;
  return /^0(\.0*)?$/.test(out) ? '0' : out;
}

describe('isPlainDecimal and parseAmount', () => {
  it.each([
    '0',
    '1',
    '10',
    '0.5',
    '123.45',
    '0.000000000000000001',
    '999999999999999999999999999999.999999999999999999',
  ])('accepts %j', (text) => {
    expect(isPlainDecimal(text)).toBe(true);
    expect(parseAmount(text)?.toFixed()).toBe(dec(text).toFixed());
  });

  it.each([
    '',
    ' 1',
    '1 ',
    ' ',
    '1e3',
    '1E3',
    '1e-3',
    '-1',
    '+1',
    '-0',
    '01',
    '00.5',
    '1.',
    '.5',
    '1,5',
    '1_000',
    '0x10',
    'NaN',
    'Infinity',
    '1.2.3',
    '１',
    '1.0000000000000000001',
    '1000000000000000000000000000000',
  ])('refuses %j', (text) => {
    expect(isPlainDecimal(text)).toBe(false);
    expect(parseAmount(text)).toBeNull();
  });

  it('parses every plain decimal exactly and refuses any text with a character outside digits and one point', () => {
    fc.assert(
      fc.property(plainDecimal(), (text) => {
        const parsed = parseAmount(text);
        expect(parsed).not.toBeNull();
        expect(toWire(parsed as NonNullable<typeof parsed>)).toBe(canonical(text));
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        if (/[^0-9.]/.test(text) || (text.match(/\./g) ?? []).length > 1)
          expect(parseAmount(text)).toBeNull();
      }),
    );
  });

  it('counts decimal places of the text', () => {
    expect(decimalPlaces('1')).toBe(0);
    expect(decimalPlaces('1.50')).toBe(2);
    expect(decimalPlaces('0.000000001')).toBe(9);
  });
});

describe('rounding', () => {
  it('rounds down and up at the given place, towards and away from zero', () => {
    expect(roundDown('1.999999999', 8).toFixed()).toBe('1.99999999');
    expect(roundUp('1.999999991', 8).toFixed()).toBe('2');
    expect(roundUp('0.00010001', 4).toFixed()).toBe('0.0002');
    expect(roundDown('123.4567899', 6).toFixed()).toBe('123.456789');
    expect(roundDown('5', 8).toFixed()).toBe('5');
    expect(roundUp('5', 8).toFixed()).toBe('5');
    // Negative values round towards zero "down", away from zero "up" (magnitude rounding).
    expect(roundDown('-1.555', 2).toFixed()).toBe('-1.55');
    expect(roundUp('-1.551', 2).toFixed()).toBe('-1.56');
  });

  it('brackets the value within one unit of the last place', () => {
    fc.assert(
      fc.property(plainDecimal(), fc.integer({ min: 0, max: 18 }), (text, places) => {
        const x = dec(text);
        const down = roundDown(x, places);
        const up = roundUp(x, places);
        const unit = dec(1).dividedBy(dec(10).pow(places));
        expect(down.lte(x)).toBe(true);
        expect(up.gte(x)).toBe(true);
        expect(x.minus(down).lt(unit)).toBe(true);
        expect(up.minus(x).lt(unit)).toBe(true);
        expect(down.decimalPlaces()).toBeLessThanOrEqual(places);
        expect(up.decimalPlaces()).toBeLessThanOrEqual(places);
        // Exactly representable values are left alone.
        if (x.decimalPlaces() <= places) expect(down.eq(x) && up.eq(x)).toBe(true);
      }),
    );
  });
});

describe('toWire and toFixedDown', () => {
  it('writes without exponent or trailing zeros, and truncates beyond the places', () => {
    expect(toWire('1.50')).toBe('1.5');
    expect(toWire('0')).toBe('0');
    expect(toWire('-0')).toBe('0');
    expect(toWire('0.000000000000000001')).toBe('0.000000000000000001');
    expect(toWire('1e-18')).toBe('0.000000000000000001');
    expect(toWire('1e29')).toBe('100000000000000000000000000000');
    expect(toWire('1.999999999', 8)).toBe('1.99999999');
    expect(toWire('0.000000009', 8)).toBe('0');
    expect(toWire('-2.5')).toBe('-2.5');
  });

  it('toFixedDown pads to exactly the places and never rounds up', () => {
    expect(toFixedDown('1.5', 4)).toBe('1.5000');
    expect(toFixedDown('1.99999', 2)).toBe('1.99');
    expect(toFixedDown('0', 2)).toBe('0.00');
    fc.assert(
      fc.property(plainDecimal(), fc.integer({ min: 0, max: 18 }), (text, places) => {
        const out = toFixedDown(text, places);
        expect(decimalPlaces(out)).toBe(places);
        expect(dec(out).lte(dec(text))).toBe(true);
        expect(out.includes('e')).toBe(false);
      }),
    );
  });

  it('round-trips: parse(toWire(x)) equals x for every storable amount', () => {
    fc.assert(
      fc.property(plainDecimal(), (text) => {
        const wire = toWire(dec(text));
        expect(isPlainDecimal(wire)).toBe(true);
        expect(dec(wire).eq(dec(text))).toBe(true);
      }),
    );
  });
});

describe('exact arithmetic', () => {
  it('adds and subtracts NUMERIC(38,18)-sized values without losing a unit', () => {
    fc.assert(
      fc.property(plainDecimal(), plainDecimal(), (a, b) => {
        const sum = dec(a).plus(b);
        expect(sum.minus(b).eq(dec(a))).toBe(true);
        expect(sum.decimalPlaces()).toBeLessThanOrEqual(STORAGE_DECIMALS);
      }),
    );
  });

  it('0.1 + 0.2 is exactly 0.3, unlike a JS number', () => {
    expect(dec('0.1').plus('0.2').toFixed()).toBe('0.3');
  });

  it('minDec and maxDec pick by value, not by text', () => {
    expect(minDec('10', '9.99', '100').toFixed()).toBe('9.99');
    expect(maxDec('10', '9.99', '100').toFixed()).toBe('100');
    expect(maxDec(0, dec('-3')).toFixed()).toBe('0');
  });
});

describe('values in USDT as shown', () => {
  it('values a holding in cents, rounded down, and totals the shown values exactly', () => {
    // 2.380954 ETH at 4200 is 10000.0068; 5785.656 USDT is 5785.656: shown 10000 and 5785.65.
    const parts = [usdtValueOf('2.380954', '4200'), usdtValueOf('5785.656', '1')];
    expect(parts.map((p) => p.toFixed())).toEqual(['10000', '5785.65']);
    expect(sumValues(parts).toFixed()).toBe('15785.65');
    expect(usdtValueOf('0.000001', '4200').toFixed()).toBe('0');
  });

  it('a total of values is exactly the sum of its parts as shown, in cents (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 6 })), {
          maxLength: 8,
        }),
        (rows) => {
          const parts = rows.map(([amount, price]) => usdtValueOf(dec(amount).div(1e6), dec(price).div(100)));
          const shown = parts.map((p) => p.toFixed(2));
          const total = sumValues(parts);
          expect(total.decimalPlaces()).toBeLessThanOrEqual(2);
          expect(total.toFixed(2)).toBe(shown.reduce((s, p) => s.plus(p), dec(0)).toFixed(2));
        },
      ),
    );
  });
});
