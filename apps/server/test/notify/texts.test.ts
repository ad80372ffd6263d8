import { cjkLatinContacts } from '@earn/domain';
import { describe, expect, it } from 'vitest';
import { deviceName } from '../../src/notify/inbox/devices';
import { NOTIFICATION_KINDS, renderNotification } from '../../src/notify/inbox/kinds';
import { MAIL_TEMPLATES, type MailTemplate, renderMail } from '../../src/notify/mail/templates';

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

/** Parameters in Latin letters and digits wherever a template takes one, to meet the Chinese around them. */
const LATIN_PARAMS = {
  asset: 'USDT',
  coin: 'GT',
  base: 'BTC',
  line: 'launchpool',
  name: 'Fox',
  name_zh: 'Fox',
  amount: '5',
  principal: '5',
  interest: '1',
  order_id: '12',
  dest: 'spot',
  day: '2026-11-28',
  earnings: [{ asset: 'GT', amount: '1' }],
  from: '0.05',
  to: '0.06',
  apr: '5',
  current: '0.04',
  direction: 'above',
  device: 'Chrome on Linux',
  address: '127.0.0.1',
  what: 'fundpass_set',
  fixing: '100000',
  target: '99000',
  rolled: false,
  title: 'Launchpool 已开始',
  body: '您在Launchpool赎回',
  code: '123456',
  minutes: 15,
};

/** The mail templates' variables: text and numbers only. */
const MAIL_VARS = { title: LATIN_PARAMS.title, body: LATIN_PARAMS.body, code: '123456', minutes: 15 };

describe('Chinese spacing: a space between Chinese and a Latin word or a number', () => {
  it('the redemption of a Launchpool stake reads "您在 Launchpool 赎回"', () => {
    expect(
      renderNotification('redemption_arrived', 'zh-CN', { line: 'launchpool', amount: '5', asset: 'USDT' })
        .body,
    ).toBe('您在 Launchpool 赎回的 5 USDT 已到账至现货账户。');
    expect(
      renderNotification('apr_changed', 'zh-CN', {
        asset: 'GT',
        line: 'launchpool',
        from: '0.05',
        to: '0.06',
      }).title,
    ).toBe('GT Launchpool 年化收益率已变更');
  });

  it('no inbox or mail text in Chinese has a Chinese character touching a Latin word or a number', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const { title, body } = renderNotification(kind, 'zh-CN', LATIN_PARAMS);
      expect({ kind, contacts: cjkLatinContacts(`${title}\n${body}`) }).toEqual({ kind, contacts: [] });
    }
    for (const template of Object.keys(MAIL_TEMPLATES) as MailTemplate[]) {
      const { subject, body } = renderMail(template, 'zh-CN', MAIL_VARS);
      expect({ template, contacts: cjkLatinContacts(`${subject}\n${body}`) }).toEqual({
        template,
        contacts: [],
      });
    }
  });
});
