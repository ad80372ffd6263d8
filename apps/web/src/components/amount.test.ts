import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  AMOUNT_INPUT_CAP,
  filterAmountText,
  formatAmountText,
  parseAmount,
  type Separators,
  sanitizeAmountText,
  separatorsFor,
  trimAmountOnBlur,
  truncateAmount,
} from './amount';

const EN: Separators = { group: ',', decimal: '.' };
const DE: Separators = { group: '.', decimal: ',' };
const parse = (text: string, precision = 2, separators = EN) => parseAmount(text, { precision, separators });

describe('parseAmount', () => {
  test.each([
    ['1,000', '1000'],
    ['1,000.5', '1000.5'],
    ['1234.56', '1234.56'],
    [' 1 000 ', '1000'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['007.10', '7.1'],
    ['0', null],
    ['0.00', null],
    ['', null],
  ])('English %j is the amount %j', (text, amount) => {
    expect(parse(text)).toEqual({ ok: true, amount });
  });

  test.each([
    ['1e3', { reason: 'exponent' }],
    ['1.5E2', { reason: 'exponent' }],
    ['-5', { reason: 'sign' }],
    ['+5', { reason: 'sign' }],
    ['1,5', { reason: 'format', decimal: '.' }],
    ['1,0000', { reason: 'format', decimal: '.' }],
    ['1.2.3', { reason: 'format', decimal: '.' }],
    ['12abc', { reason: 'format', decimal: '.' }],
    ['100 USDT', { reason: 'format', decimal: '.' }],
    ['.', { reason: 'format', decimal: '.' }],
    ['0.001', { reason: 'decimals', places: 2 }],
    ['1000000000000', { reason: 'cap', cap: AMOUNT_INPUT_CAP }],
    ['999999999999.01', { reason: 'cap', cap: AMOUNT_INPUT_CAP }],
  ])('English %j is refused: %j', (text, problem) => {
    expect(parse(text)).toEqual({ ok: false, ...problem });
  });

  test('the cap itself and no decimals at precision 0', () => {
    expect(parse('999,999,999,999.00')).toEqual({ ok: true, amount: AMOUNT_INPUT_CAP });
    expect(parse('12', 0)).toEqual({ ok: true, amount: '12' });
    expect(parse('12.5', 0)).toEqual({ ok: false, reason: 'decimals', places: 0 });
  });

  test("a comma-decimal language reads '1.000,5' as 1000.5 and refuses '1,000.5'", () => {
    expect(parse('1.000,5', 2, DE)).toEqual({ ok: true, amount: '1000.5' });
    expect(parse('1,000.5', 2, DE).ok).toBe(false);
  });

  test('English and Simplified Chinese write 1,234.5 alike', () => {
    expect(separatorsFor('en')).toEqual(EN);
    expect(separatorsFor('zh-CN')).toEqual(EN);
  });
});

/** A positive decimal with at most `places` decimals, as a plain string. */
const decimalString = (places: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 999_999_999_998n }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: places }),
    )
    .map(([int, frac]) => (frac ? `${int}.${frac}` : `${int}`));

const canonical = (s: string) => {
  const [i = '0', f = ''] = s.split('.');
  const int = i.replace(/^0+(?=\d)/, '');
  const frac = f.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
};

describe('parseAmount properties', () => {
  test('a plain or grouped amount within the precision reads back exactly, in either notation', () => {
    fc.assert(
      fc.property(decimalString(8), fc.constantFrom(EN, DE), fc.boolean(), (plain, seps, grouped) => {
        const shown = grouped ? formatAmountText(plain, seps) : plain.replace('.', seps.decimal);
        const expected = canonical(plain);
        expect(parse(shown, 8, seps)).toEqual({ ok: true, amount: expected === '0' ? null : expected });
      }),
    );
  });

  test('never cuts: more decimals than allowed is refused, whatever the digits', () => {
    fc.assert(
      fc.property(
        decimalString(0),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        (int, places, extra) => {
          const text = `${int}.${'1'.repeat(places + extra)}`;
          expect(parse(text, places)).toEqual({ ok: false, reason: 'decimals', places });
        },
      ),
    );
  });

  test('a sign or an exponent anywhere in a number is refused, never dropped', () => {
    fc.assert(
      fc.property(
        decimalString(2),
        fc.constantFrom('-', '+', '−'),
        fc.integer({ min: 0, max: 20 }),
        (n, sign, exp) => {
          expect(parse(`${sign}${n}`).ok).toBe(false);
          expect(parse(`${n}e${exp}`).ok).toBe(false);
          expect(parse(`${n}E-${exp}`).ok).toBe(false);
        },
      ),
    );
  });

  test('any text at all: either refused, or an amount that is a plain positive decimal within the cap and precision', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), fc.integer({ min: 0, max: 8 }), (text, places) => {
        const p = parse(text, places);
        if (!p.ok || p.amount === null) return;
        expect(p.amount).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
        expect((p.amount.split('.')[1] ?? '').length).toBeLessThanOrEqual(places);
        expect(p.amount.split('.')[0]?.length).toBeLessThanOrEqual(AMOUNT_INPUT_CAP.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('helpers', () => {
  test('max is truncated (the user chose Max), a trailing dot trimmed', () => {
    expect(truncateAmount('12500.123456789', 6)).toBe('12500.123456');
    expect(truncateAmount('0.999', 2)).toBe('0.99');
    expect(truncateAmount('7.5', 0)).toBe('7');
    expect(trimAmountOnBlur('12.')).toBe('12');
  });

  test('the rate field keeps two decimals of what was typed', () => {
    expect(sanitizeAmountText('12.345', 2)).toBe('12.34');
    expect(sanitizeAmountText('-5', 2)).toBe('5');
    expect(sanitizeAmountText('1000000000000', 2)).toBe(AMOUNT_INPUT_CAP);
  });
});

describe('filterAmountText (launch-pool.md section 5, issue 27)', () => {
  const f = (text: string, precision = 2, separators?: Separators) =>
    filterAmountText(text, { precision, separators });
  test('drops a sign, digits past the precision; a leading dot becomes 0.', () => {
    expect(f('-5')).toBe('5');
    expect(f('+5')).toBe('5');
    expect(f('−5')).toBe('5');
    expect(f('1.2345')).toBe('1.23');
    expect(f('1.2345', 8)).toBe('1.2345');
    expect(f('.5')).toBe('0.5');
    expect(f('.')).toBe('0.');
    expect(f('12.5', 0)).toBe('12');
    expect(f('1,234.567')).toBe('1,234.56');
  });
  test('keeps what it must not drop, for the parser to refuse: an exponent, letters, a second separator', () => {
    expect(f('1e3')).toBe('1e3');
    expect(f('1e-3')).toBe('1e3');
    expect(f('12abc')).toBe('12abc');
    expect(f('1.2.3')).toBe('1.2.3');
  });
  test("a comma-decimal language: ',5' becomes '0,5' and digits past the precision after the comma drop", () => {
    const de = separatorsFor('de');
    expect(f(',5', 2, de)).toBe('0,5');
    expect(f('1.000,129', 2, de)).toBe('1.000,12');
  });
  test('whatever is typed, the result never has a sign or more decimals than allowed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 8 }), (text, places) => {
        const kept = f(text, places);
        expect(/[-+\u2212]/.test(kept)).toBe(false);
        const p = parseAmount(kept, { precision: places });
        if (!p.ok) expect(p.reason).not.toBe('sign');
        if (!p.ok) expect(p.reason).not.toBe('decimals');
      }),
    );
  });
});
