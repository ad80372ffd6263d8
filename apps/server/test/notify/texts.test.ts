import { describe, expect, it } from 'vitest';
import { deviceName } from '../../src/notify/inbox/devices';
import { renderNotification } from '../../src/notify/inbox/kinds';

/** The inbox's Chinese texts hold no English words from the parameters the server wrote. */
describe('inbox texts in Chinese', () => {
  it('a sign-in from an unrecognised browser and system names them in Chinese', () => {
    const device = deviceName('curl/7.88.1');
    expect(device).toBe('a browser on an unknown system');
    expect(renderNotification('new_device', 'zh-CN', { device, address: '127.0.0.1' }).body).toBe(
      '您的账户通过未知系统上的未知浏览器（127.0.0.1）登录。如非本人操作，请立即修改登录密码。',
    );
    expect(renderNotification('new_device', 'zh-CN', { device: 'Chrome on Linux' }).body).toBe(
      '您的账户通过 Linux 上的 Chrome 登录。如非本人操作，请立即修改登录密码。',
    );
    expect(renderNotification('new_device', 'en', { device, address: '127.0.0.1' }).body).toBe(
      'Your account was signed in from a browser on an unknown system (127.0.0.1). If this was not you, change your login password now.',
    );
  });

  it("a day's earnings: its coins listed with the Chinese enumeration comma, its day in the app's date format", () => {
    const earnings = [
      { asset: 'GT', amount: '0.01412996' },
      { asset: 'USDT', amount: '0.28657534' },
    ];
    expect(renderNotification('daily_earnings', 'zh-CN', { day: '2026-11-28', earnings }).body).toBe(
      '昨日您获得收益 0.01412996 GT、0.28657534 USDT。',
    );
    expect(renderNotification('daily_earnings', 'en', { day: '2026-11-28', earnings }).body).toBe(
      'Yesterday you earned 0.01412996 GT, 0.28657534 USDT.',
    );
    // The day as the app writes dates in each language (it read 2026-11-28 beside 2026/11/29 01:00 UTC).
    expect(renderNotification('daily_earnings', 'zh-CN', { day: '2026-11-28', earnings }).title).toBe(
      '2026/11/28 收益',
    );
    expect(renderNotification('daily_earnings', 'en', { day: '2026-11-28', earnings }).title).toBe(
      'Earnings of 11/28/2026',
    );
  });
});
