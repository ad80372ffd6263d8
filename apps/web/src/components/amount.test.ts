import { describe, expect, test } from 'vitest';
import { AMOUNT_INPUT_CAP, amountOf, sanitizeAmountText, trimAmountOnBlur, truncateAmount } from './amount';

describe('sanitizeAmountText', () => {
  test.each([
    ['12.345', 2, '12.34'],
    ['12.3', 2, '12.3'],
    ['-5', 2, '5'],
    ['1e5', 2, '15'],
    ['abc1.2x', 2, '1.2'],
    ['.', 2, '0.'],
    ['.5', 2, '0.5'],
    ['1.2.3', 2, '1.23'],
    ['007', 2, '7'],
    ['0.000001', 6, '0.000001'],
    ['0.0000019', 6, '0.000001'],
    ['12.9', 0, '12'],
    ['1,5', 2, '1.5'],
    ['', 2, ''],
  ])('%s with %i decimals becomes %s', (raw, precision, expected) => {
    expect(sanitizeAmountText(raw, precision)).toBe(expected);
  });

  test('caps at 999999999999', () => {
    expect(sanitizeAmountText('1000000000000', 2)).toBe(AMOUNT_INPUT_CAP);
    expect(sanitizeAmountText('999999999999.01', 2)).toBe(AMOUNT_INPUT_CAP);
    expect(sanitizeAmountText('999999999999.00', 2)).toBe('999999999999.00');
    expect(sanitizeAmountText('999999999998.99', 2)).toBe('999999999998.99');
  });
});

describe('amountOf', () => {
  test('hands upward only a positive plain decimal', () => {
    expect(amountOf('')).toBeNull();
    expect(amountOf('0')).toBeNull();
    expect(amountOf('0.')).toBeNull();
    expect(amountOf('0.000')).toBeNull();
    expect(amountOf('5.')).toBe('5');
    expect(amountOf('05.10')).toBe('5.1');
    expect(amountOf('0.000001')).toBe('0.000001');
  });

  test('trailing dot trimmed on blur, max truncated not rounded', () => {
    expect(trimAmountOnBlur('12.')).toBe('12');
    expect(trimAmountOnBlur('12.5')).toBe('12.5');
    expect(truncateAmount('12500.123456789', 6)).toBe('12500.123456');
    expect(truncateAmount('0.999', 2)).toBe('0.99');
    expect(truncateAmount('7.5', 0)).toBe('7');
  });
});
