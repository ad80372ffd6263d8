import { describe, expect, test } from 'vitest';
import { cjkLatinContacts, spaceCjk } from './cjk-spacing';

describe('spaceCjk: a space between Chinese and Latin or digit runs', () => {
  test('adds the space on either side, once', () => {
    expect(spaceCjk('您在Launchpool赎回的5 USDT已到账')).toBe('您在 Launchpool 赎回的 5 USDT 已到账');
    expect(spaceCjk('订单#12由5.2%变为6%')).toBe('订单 #12 由 5.2% 变为 6%');
    expect(spaceCjk('您在 Launchpool 赎回')).toBe('您在 Launchpool 赎回');
  });
  test('none beside full-width punctuation, none between Latin words', () => {
    expect(spaceCjk('项目（GT）已开始，USDT。')).toBe('项目（GT）已开始，USDT。');
    expect(spaceCjk('Chrome on Linux')).toBe('Chrome on Linux');
  });
  test('names the contacts', () => {
    expect(cjkLatinContacts('用户ID和5天')).toEqual(['户I', '和5', 'D和', '5天']);
  });
});
