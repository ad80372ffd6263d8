import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtp } from '../apps/server/test/notify/smtp';
import { fillLoginForm } from './support/app';
import { axeViolations } from './support/axe';
import { type Browser, chromiumPath, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { eventually } from './support/poll';
import { type RunningServer, startServer } from './support/server';

const PASSWORD = 'correct-horse-1';

/** Registers a user in the page's browser (which signs it in), as the register dialog would. */
async function register(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/api/health`);
  const status = await page.evaluate(
    async ([e, p]) => {
      const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch('/api/web/v1/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ email: e, password: p }),
      });
      return res.status;
    },
    [email, PASSWORD] as const,
  );
  expect(status).toBe(200);
}

/** The authenticator's code for the next 30-second step: a code of the step enrolment used is refused. */
async function nextStepCode(secret: string, usedStep: number): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > usedStep) return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function expectAxeClean(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const found = (await axeViolations(page)).map(
    (v) => `${label}: ${v.id} (${v.help}) at ${v.nodes.join(', ')}`,
  );
  expect(found).toEqual([]);
}

describe('account security in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    chromiumPath();
    buildWeb();
    // Mail leaves by SMTP to a local server, as in production: the reset code is read from it.
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function operator(method: string, path: string, body: unknown): Promise<void> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number };
    expect(json.code, JSON.stringify(json)).toBe(0);
  }

  /** Signs the account in from another device (its own cookies), as a second session. */
  async function signInElsewhere(email: string): Promise<void> {
    const health = await fetch(`${server.url}/api/health`);
    const csrf = /csrftoken=([^;]+)/.exec(health.headers.getSetCookie().join('; '))?.[1] ?? '';
    const other = await fetch(`${server.url}/api/web/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'OtherDevice/1.0',
        cookie: `csrftoken=${csrf}`,
        'x-csrf-token': decodeURIComponent(csrf),
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(other.status).toBe(200);
  }

  test('at 1400 px: from the account menu, enrol TOTP (QR and recovery codes), then sign in with a code', async () => {
    const page = await browser.newPage({ width: 1400 });
    await page.context().clearCookies();
    const email = `tfa-${Date.now()}@example.com`;
    await register(page, server.url, email);

    await page.goto(`${server.url}/`);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await page.waitForURL((u) => u.pathname === '/account/security');
    await eventually(() => page.getByTestId('totp-status').textContent()).toBe('Off');
    await expectAxeClean(page, 'security 1400 light');
    await screenshot(page, 'security-light-1400', { fullPage: true });

    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Login password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => page.getByTestId('totp-qr').isVisible()).toBe(true);
    const qr = await page.getByTestId('totp-qr').getAttribute('src');
    expect(qr?.startsWith('data:image/svg+xml')).toBe(true);
    // The image loads under the page's CSP (img-src data:) and is drawn at its size.
    await eventually(() =>
      page.getByTestId('totp-qr').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'security-totp-qr-1400');
    const enrolStep = Math.floor(Date.now() / 30_000);
    await page
      .getByLabel('Six-digit code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    const codes = page.getByTestId('recovery-codes');
    await eventually(() => codes.isVisible()).toBe(true);
    expect((await codes.textContent())?.match(/[a-z2-9]{5}-[a-z2-9]{5}/g)).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await eventually(() => page.getByTestId('totp-status').textContent()).toBe('On');
    await eventually(() => page.getByTestId('recovery-left').textContent()).toBe('10 recovery codes left');

    // Sign out, then in: the password alone is not enough any more.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/account/security')}`);
    await fillLoginForm(page, email, PASSWORD);
    const code = page.getByTestId('login-code');
    await eventually(() => code.isVisible()).toBe(true);
    await screenshot(page, 'login-totp-1400');
    await code.fill(await nextStepCode(secret, enrolStep));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/account/security');
    await eventually(() => page.getByTestId('totp-status').textContent()).toBe('On');
    const latest = page.getByTestId('sign-in-table').getByRole('row').nth(1);
    await eventually(() => latest.textContent()).toContain('Authenticator code');
    expect(await latest.textContent()).toContain('Signed in');
    await page.close();
  }, 180_000);

  test('at 1400 px: the first stake asks for a funding password; change it, reset it by mail, sign out another session', async () => {
    await operator('PUT', '/admin/api/settings/security', { fundpass_before_first_move: true });
    const page = await browser.newPage({ width: 1400 });
    await page.context().clearCookies();
    const email = `first-${Date.now()}@example.com`;
    await register(page, server.url, email);
    await operator('POST', '/admin/api/deposits', { user: email, asset: 'GT', amount: '1000' });

    // The first stake: the set-password dialog opens in its place, then the stake goes through.
    await page.goto(`${server.url}/launchpool`);
    const card = page.locator('[data-testid^="project-"]').first();
    await eventually(() => card.count()).toBe(1);
    await card.locator('button[data-testid^="stake-"]').first().click();
    await eventually(() => page.getByTestId('stake-available').count()).toBe(1);
    await page.getByTestId('stake-amount').fill('100');
    await eventually(() => page.getByTestId('stake-confirm').isEnabled()).toBe(true);
    await page.getByTestId('stake-confirm').click();
    await eventually(() => page.getByTestId('fundpass-setup-intro').isVisible()).toBe(true);
    await screenshot(page, 'security-first-move-1400');
    await page.getByLabel('Login password').fill(PASSWORD);
    await page.getByLabel('New funding password (6 digits)').fill('246810');
    await page.getByLabel('Repeat the new funding password').fill('246810');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByTestId('stake-success').count()).toBe(1);

    // Change it with the current one.
    await page.goto(`${server.url}/account/security`);
    await eventually(() => page.getByTestId('fundpass-status').textContent()).toBe('Set');
    await page.getByTestId('security-fundpass').getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('Current funding password').fill('246810');
    await page.getByLabel('New funding password (6 digits)').fill('135790');
    await page.getByLabel('Repeat the new funding password').fill('135790');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByText('Funding password saved').count()).toBeGreaterThan(0);
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // Reset it by the code mailed to the account's address, in English.
    const mailed = smtp.received.length;
    await page.getByRole('button', { name: 'Forgot? Reset by email' }).click();
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await eventually(() => smtp.received.length).toBe(mailed + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([email]);
    expect(mail?.subject).toBe('Your funding password reset code');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Code from the email').fill(code);
    await page.getByLabel('New funding password (6 digits)').fill('975310');
    await page.getByLabel('Repeat the new funding password').fill('975310');
    await expectAxeClean(page, 'reset dialog 1400 light');
    await screenshot(page, 'security-reset-1400');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // Another session (a sign-in from elsewhere) is listed and signed out from here.
    await signInElsewhere(email);
    await page.reload();
    const sessions = page.getByTestId('security-sessions').locator('[data-testid^="session-"]');
    await eventually(() => sessions.count()).toBe(2);
    await sessions.filter({ hasText: 'OtherDevice/1.0' }).getByRole('button', { name: 'Sign out' }).click();
    await eventually(() => sessions.count()).toBe(1);
    await screenshot(page, 'security-sessions-1400', { fullPage: true });

    // The inbox told of each change (set, changed, reset) and of the new device.
    await page.goto(`${server.url}/notifications`);
    const items = page.getByTestId('inbox-item');
    await eventually(() => items.count()).toBeGreaterThanOrEqual(4);
    const texts = await items.allTextContents();
    for (const what of ['was reset', 'was changed', 'was set'])
      expect(
        texts.some((t) => t.includes(`Your funding password ${what}.`)),
        what,
      ).toBe(true);
    await operator('PUT', '/admin/api/settings/security', { fundpass_before_first_move: false });
    await page.close();
  }, 240_000);

  test('at 375 px, dark, in Chinese: set, change, reset by a Chinese mail, sign out another session; axe-clean', async () => {
    const page = await browser.newPage({ width: 375, colorScheme: 'dark' });
    await page.context().clearCookies();
    const email = `zh-${Date.now()}@example.com`;
    await register(page, server.url, email);
    await page.evaluate(() => localStorage.setItem('earn.lang', 'zh-CN'));
    await page.goto(`${server.url}/account/security`);
    await eventually(() => page.getByRole('heading', { name: '安全中心' }).isVisible()).toBe(true);
    await eventually(() => page.getByTestId('fundpass-status').textContent()).toBe('未设置');
    const noWiderThanScreen = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await noWiderThanScreen()).toBeLessThanOrEqual(375);
    await expectAxeClean(page, 'security 375 dark zh');
    await screenshot(page, 'security-dark-375-zh', { fullPage: true });
    await page.getByRole('button', { name: '设置资金密码' }).click();
    await eventually(() => page.getByLabel('登录密码').isVisible()).toBe(true);
    await page.getByLabel('登录密码').fill(PASSWORD);
    await page.getByLabel('新资金密码（6 位数字）').fill('246810');
    await page.getByLabel('再次输入新资金密码').fill('246810');
    await page.getByRole('button', { name: '保存' }).click();
    await eventually(() => page.getByTestId('fundpass-status').textContent()).toBe('已设置');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // Change it with the current one.
    await page.getByTestId('security-fundpass').getByRole('button', { name: '修改' }).click();
    await page.getByLabel('当前资金密码').fill('246810');
    await page.getByLabel('新资金密码（6 位数字）').fill('135790');
    await page.getByLabel('再次输入新资金密码').fill('135790');
    await expectAxeClean(page, 'change dialog 375 dark zh');
    await screenshot(page, 'security-change-dark-375-zh');
    await page.getByRole('button', { name: '保存' }).click();
    await eventually(() => page.getByText('资金密码已保存').count()).toBeGreaterThan(0);
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // Reset it by the code mailed in Chinese, the app's language (the browser asks for English).
    const mailed = smtp.received.length;
    await page.getByRole('button', { name: '忘记了？通过邮箱重置' }).click();
    await page.getByRole('button', { name: '发送邮箱验证码' }).click();
    await eventually(() => smtp.received.length).toBe(mailed + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([email]);
    expect(mail?.subject).toBe('您的资金密码重置验证码');
    const code = /验证码是 (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('邮箱验证码').fill(code);
    await page.getByLabel('新资金密码（6 位数字）').fill('975310');
    await page.getByLabel('再次输入新资金密码').fill('975310');
    await expectAxeClean(page, 'reset dialog 375 dark zh');
    await screenshot(page, 'security-reset-dark-375-zh');
    await page.getByRole('button', { name: '保存' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // Another session is listed, and signed out from here.
    await signInElsewhere(email);
    await page.reload();
    const sessions = page.getByTestId('security-sessions').locator('[data-testid^="session-"]');
    await eventually(() => sessions.count()).toBe(2);
    expect(await noWiderThanScreen()).toBeLessThanOrEqual(375);
    expect(await sessions.first().getByTestId('security-session-facts').textContent()).toMatch(
      /^地址：127\.0\.0\.1 · 最近使用：.+ · 登录时间：.+$/,
    );
    await screenshot(page, 'security-sessions-dark-375-zh', { fullPage: true });
    await sessions.filter({ hasText: 'OtherDevice/1.0' }).getByRole('button', { name: '退出登录' }).click();
    await eventually(() => sessions.count()).toBe(1);
    await eventually(() => page.getByText('该会话已退出').count()).toBeGreaterThan(0);

    // The reset took: the inbox says so in Chinese.
    await page.goto(`${server.url}/notifications`);
    const items = page.getByTestId('inbox-item');
    await eventually(() => items.count()).toBeGreaterThanOrEqual(3);
    expect((await items.allTextContents()).some((t) => t.includes('资金密码已重置'))).toBe(true);
    await page.close();
  }, 180_000);
});
