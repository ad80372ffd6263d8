import { describe, expect, test } from 'vitest';
import { formatDate, i18next, setLanguage } from '../i18n';
import {
  centDecimals,
  formatCoinAmount,
  formatFractionPercent,
  formatPercent,
  formatValuation,
} from './format';

describe('one formatting module', () => {
  test.each([
    ['0.365', '0.37%'],
    ['0.364', '0.36%'],
    ['5', '5.00%'],
    ['12.345', '12.35%'],
    ['99.995', '100.00%'],
    ['1234.5', '1,234.50%'],
    ['0', '0.00%'],
    ['-0.001', '0.00%'],
    ['-1.255', '-1.26%'],
  ])('the percentage %s shows as %s (two decimals, half up)', (value, shown) => {
    expect(formatPercent(value)).toBe(shown);
  });

  test('fractions and places', () => {
    expect(formatFractionPercent('0.00365')).toBe('0.37%');
    expect(formatFractionPercent('0.0523')).toBe('5.23%');
    expect(formatFractionPercent(0.1)).toBe('10.00%');
    expect(formatPercent('0.365', 1)).toBe('0.4%');
  });

  test.each([
    ['1999.99999966', 2, '1,999.99'],
    ['1999.994', 2, '1,999.99'],
    ['1999.995', 2, '1,999.99'],
    ['0.03456789', 7, '0.0345678'],
    ['0.03456784', 7, '0.0345678'],
    ['-12.345', 2, '-12.34'],
    ['-0.001', 2, '0'],
    ['5', 8, '5'],
  ])(
    'a valuation %s at %i decimals shows as %s (cut, as the overview shows it: never worth more than held)',
    (value, places, shown) => {
      expect(formatValuation(value, places)).toBe(shown);
    },
  );

  test.each([
    ['1', 2],
    ['0.2', 2],
    ['0.00001', 2],
    ['1.5', 3],
    ['10', 3],
    ['60000', 7],
    ['3000.5', 6],
    ['100000', 7],
  ])('one step at %s USDT is at most a cent at %i decimals', (price, decimals) => {
    expect(centDecimals(price)).toBe(decimals);
  });

  test('amounts carry their unit and are cut to the asset decimals, never rounded up', () => {
    expect(formatCoinAmount('1234.56789', 'USDT', 2)).toBe('1,234.56 USDT');
    expect(formatCoinAmount('0.123456789', 'BTC')).toBe('0.12345678 BTC');
  });

  test("the specs' one format, YYYY-MM-DD HH:mm, in every language, in UTC with the zone written", async () => {
    const t = Date.UTC(2026, 10, 23, 22, 5) / 1000;
    expect(formatDate(t, true)).toBe('2026-11-23 22:05 UTC');
    expect(formatDate(t)).toBe('2026-11-23');
    await setLanguage('zh-CN');
    try {
      expect(formatDate(t, true)).toBe('2026-11-23 22:05 UTC');
    } finally {
      await setLanguage('en');
    }
    expect(i18next.language).toBe('en');
  });
});
