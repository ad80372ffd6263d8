import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

  beforeAll(async () => {
    chromiumPath();
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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

  test('at 375 px, dark, in Chinese: the page and its dialogs read and pass axe', async () => {
    const page = await browser.newPage({ width: 375, colorScheme: 'dark' });
    await page.context().clearCookies();
    await register(page, server.url, `zh-${Date.now()}@example.com`);
    await page.evaluate(() => localStorage.setItem('earn.lang', 'zh-CN'));
    await page.goto(`${server.url}/account/security`);
    await eventually(() => page.getByRole('heading', { name: '安全中心' }).isVisible()).toBe(true);
    await eventually(() => page.getByTestId('fundpass-status').textContent()).toBe('未设置');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAxeClean(page, 'security 375 dark zh');
    await screenshot(page, 'security-dark-375-zh', { fullPage: true });
    await page.getByRole('button', { name: '设置资金密码' }).click();
    await eventually(() => page.getByLabel('登录密码').isVisible()).toBe(true);
    await page.getByLabel('登录密码').fill(PASSWORD);
    await page.getByLabel('新资金密码（6 位数字）').fill('246810');
    await page.getByLabel('再次输入新资金密码').fill('246810');
    await page.getByRole('button', { name: '保存' }).click();
    await eventually(() => page.getByTestId('fundpass-status').textContent()).toBe('已设置');
    await page.close();
  }, 120_000);
});
