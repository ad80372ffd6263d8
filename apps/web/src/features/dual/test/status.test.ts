import '../i18n/register';
import { describe, expect, test } from 'vitest';
import { i18next } from '../../../i18n';
import { DUAL_ORDER_STATUSES, statusColor, statusParam } from '../api/index';

describe('dual order statuses', () => {
  test('every one of the ten statuses has a colour and a label in both languages', async () => {
    expect(DUAL_ORDER_STATUSES).toHaveLength(10);
    const zh = (await import('../i18n/zh-CN.json')).default as Record<string, string>;
    for (const s of DUAL_ORDER_STATUSES) {
      expect(['blue', 'teal', 'red', 'gray']).toContain(statusColor(s));
      expect(i18next.exists(`dual.status.${s}`)).toBe(true);
      expect(zh[`dual.status.${s}`]).toBeTruthy();
    }
  });

  test('the filter maps to the list call: all, the open ones, or one status', () => {
    expect(statusParam('all')).toBeUndefined();
    expect(statusParam('open')).toBe('INIT,PROCESSING,SETTLEMENT_PROCESSING,CANCELING');
    expect(statusParam('EXPIRED')).toBe('EXPIRED');
  });
});
