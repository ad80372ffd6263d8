import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dec } from './money';
import {
  ACCOUNT_MODES,
  AMOUNT_MAX_LENGTH,
  assetSymbol,
  email,
  FUNDPASS_MODES,
  fundPassword,
  nonNegativeAmount,
  pageQuery,
  password,
  positiveAmount,
} from './validation';

/** An independent oracle for "a positive plain decimal with at most `places` decimals". */
function isValidPositive(text: string, places: number): boolean {
  const m = /^(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,18}))?$/.exec(text);
  if (!m) return false;
  const frac = m[2] ?? '';
  if (frac.length > places) return false;
  return /[1-9]/.test(`${m[1]}${frac}`);
}

const amountLike = fc.oneof(
  fc.stringMatching(/^-?[0-9]{0,4}(\.[0-9]{0,10})?(e-?[0-9])?$/),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(' 1', '1 ', '1e3', '0', '0.0', '-1', '+1', '01', '.5', '1.', 'NaN', 'Infinity'),
);

describe('positiveAmount', () => {
  const eight = positiveAmount(8);

  it.each(['1', '0.00000001', '999999999999', '12.5', '0.1'])('accepts %j', (text) => {
    expect(eight.safeParse(text)).toEqual({ success: true, data: text });
  });

  it.each([
    ['0', 'amount must be greater than zero'],
    ['0.00000000', 'amount must be greater than zero'],
    ['-1', 'amount must be a plain decimal string'],
    ['1e3', 'amount must be a plain decimal string'],
    [' 1', 'amount must be a plain decimal string'],
    ['1 ', 'amount must be a plain decimal string'],
    ['', 'amount must be a plain decimal string'],
    ['abc', 'amount must be a plain decimal string'],
    ['0.000000001', 'amount has more than 8 decimals'],
  ])('refuses %j with %j', (text, message) => {
    const result = eight.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses JSON numbers, null and overlong text', () => {
    expect(eight.safeParse(1).success).toBe(false);
    expect(eight.safeParse(null).success).toBe(false);
    expect(eight.safeParse(`1${'0'.repeat(AMOUNT_MAX_LENGTH)}`).success).toBe(false);
  });

  it('uses the places it is given', () => {
    expect(positiveAmount(6).safeParse('0.000001').success).toBe(true);
    expect(positiveAmount(6).safeParse('0.0000001').success).toBe(false);
    expect(positiveAmount(0).safeParse('5').success).toBe(true);
    expect(positiveAmount(0).safeParse('5.0').success).toBe(false);
  });

  it('agrees with an independent oracle on generated text', () => {
    fc.assert(
      fc.property(amountLike, fc.integer({ min: 0, max: 18 }), (text, places) => {
        expect(positiveAmount(places).safeParse(text).success).toBe(isValidPositive(text, places));
      }),
      { numRuns: 500 },
    );
  });
});

describe('amount schemas as a base for further rules', () => {
  it("stop at a text that is not a number, so a caller's refine can parse what it gets", () => {
    for (const base of [positiveAmount(8), nonNegativeAmount(8)]) {
      const atMostOne = base.refine((s) => dec(s).lte(1), { message: 'at most 1' });
      for (const bad of ['1,5', '１', 'abc', '1e3', ' 1', '']) {
        const result = atMostOne.safeParse(bad);
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toEqual(['amount must be a plain decimal string']);
      }
      expect(atMostOne.safeParse('0.5').success).toBe(true);
      expect(atMostOne.safeParse('2').error?.issues.map((i) => i.message)).toEqual(['at most 1']);
    }
  });
});

describe('nonNegativeAmount', () => {
  it('accepts zero and positive plain decimals only', () => {
    const schema = nonNegativeAmount(8);
    expect(schema.safeParse('0').success).toBe(true);
    expect(schema.safeParse('125000.5').success).toBe(true);
    expect(schema.safeParse('-0.1').success).toBe(false);
    expect(schema.safeParse('1e2').success).toBe(false);
    expect(schema.safeParse('0.123456789').success).toBe(false);
    expect(schema.safeParse(0).success).toBe(false);
  });
});

describe('assetSymbol', () => {
  it('upper-cases letters and digits', () => {
    expect(assetSymbol.parse('btc')).toBe('BTC');
    expect(assetSymbol.parse('Usdt')).toBe('USDT');
    expect(assetSymbol.parse('1INCH')).toBe('1INCH');
  });

  it.each(['', 'BT-C', 'BTC_USDT', 'A'.repeat(17), 'ÄTH', 'BTC;DROP', 'B C'])('refuses %j', (text) => {
    expect(assetSymbol.safeParse(text).success).toBe(false);
  });

  it('never lets through anything but upper-case letters and digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const result = assetSymbol.safeParse(text);
        if (result.success) expect(result.data).toMatch(/^[A-Z0-9]{1,16}$/);
      }),
    );
  });
});

describe('pageQuery', () => {
  const schema = z.object(pageQuery);

  it('defaults to page 1 of 10 and coerces query strings', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(schema.parse({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25 });
  });

  it.each([{ page: '0' }, { page: '-1' }, { page: '1.5' }, { limit: '101' }, { limit: '0' }, { page: 'x' }])(
    'refuses %j',
    (query) => {
      expect(schema.safeParse(query).success).toBe(false);
    },
  );
});

describe('account fields', () => {
  it('normalises email and refuses what is not one', () => {
    expect(email.parse('  Demo@Example.COM ')).toBe('demo@example.com');
    expect(email.safeParse('demo').success).toBe(false);
    expect(email.safeParse('a@b').success).toBe(false);
    expect(email.safeParse(`${'a'.repeat(250)}@example.com`).success).toBe(false);
  });

  it('wants a login password of 8 to 128 characters', () => {
    expect(password.safeParse('1234567').success).toBe(false);
    expect(password.safeParse('12345678').success).toBe(true);
    expect(password.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('wants a funding password of exactly six digits', () => {
    expect(fundPassword.safeParse('123456').success).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 123456', ''])
      expect(fundPassword.safeParse(bad).success).toBe(false);
  });

  it('lists the account and funding-password modes of the specs', () => {
    expect([...ACCOUNT_MODES]).toEqual(['classic', 'multi_currency', 'single_currency']);
    expect([...FUNDPASS_MODES]).toEqual(['always', 'every_2h', 'never']);
  });
});
