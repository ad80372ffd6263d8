import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../i18n';
import '../i18n/register';
import { dualPriceCoin, formatDuration } from './format';

afterEach(() => setLanguage('en'));

describe('console formats', () => {
  test('a duration is in whole units, largest first, in the operator’s language', async () => {
    await setLanguage('en');
    expect(formatDuration(86_400 + 7200)).toBe('1d 2h');
    expect(formatDuration(45 * 60)).toBe('45m');
    expect(formatDuration(0)).toBe('0s');
    // On a Chinese page the clock's "Move forward 2d" read "推进 2d", the jobs' periods "1h", "365d".
    await setLanguage('zh-CN');
    expect(formatDuration(2 * 86_400)).toBe('2 天');
    expect(formatDuration(86_400 + 7200)).toBe('1 天 2 小时');
    expect(formatDuration(45 * 60)).toBe('45 分钟');
    expect(formatDuration(30)).toBe('30 秒');
  });

  test("a dual order's target price is in the pair's stablecoin", () => {
    expect(dualPriceCoin({ invest_coin: 'USDT', exercise_coin: 'BTC' })).toBe('USDT');
    expect(dualPriceCoin({ invest_coin: 'BTC', exercise_coin: 'USDT' })).toBe('USDT');
  });
});
