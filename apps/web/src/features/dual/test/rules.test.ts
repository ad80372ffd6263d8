import { describe, expect, test } from 'vitest';
import { amountProblem, maxAmount, quotedAt } from '../rules';
import { NOW, product } from './harness';

describe('dual page rules', () => {
  test("the quotes' time is the oldest product's quote time, as the server gave it", () => {
    expect(quotedAt([{ quote_time: NOW }, { quote_time: NOW - 10 }, { quote_time: NOW - 3 }])).toBe(NOW - 10);
    expect(quotedAt([])).toBeNull();
  });

  test('the most is the least of the per-user cap, the quota left and the balance; refusals in the server order', () => {
    const p = product({ max_amount: '500', remaining_quota: '300' });
    expect(maxAmount(p, '1000')).toBe('300');
    expect(maxAmount(p, '250.5')).toBe('250.5');
    expect(amountProblem(p, '9.99999999', '1000')?.key).toBe('dual.subscribe.belowMin');
    expect(amountProblem(p, '500.00000001', '1000')?.key).toBe('dual.subscribe.aboveUserMax');
    expect(amountProblem(p, '300.00000001', '1000')?.key).toBe('dual.subscribe.aboveQuota');
    expect(amountProblem(p, '200', '100')).toEqual({
      key: 'dual.subscribe.inadequateBalance',
      params: { amount: '100', coin: 'USDT' },
    });
    expect(amountProblem(p, '300', '1000')).toBeNull();
  });
});
