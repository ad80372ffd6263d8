import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const POLL_MS = 20_000;
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: POLL_MS, interval: 200 });

const RUNS = [
  {
    width: 1400,
    lang: 'en',
    scheme: 'light',
    threshold: '6',
    rate: '0.07',
    bellOne: 'Notifications, 1 unread',
    bellTwo: 'Notifications, 2 unread',
    bellNone: 'Notifications',
    alertTitle: 'USDT Flexible savings APR reached 6 %',
    securityTitle: 'Security settings changed',
    setAlert: 'Set alert',
    markAll: 'Mark all as read',
    kindAlert: 'APR alert',
    save: 'Save',
    saved: 'Settings saved',
  },
  {
    width: 375,
    lang: 'zh-CN',
    scheme: 'dark',
    threshold: '7.5',
    rate: '0.08',
    bellOne: '通知，1 条未读',
    bellTwo: '通知，2 条未读',
    bellNone: '通知',
    alertTitle: 'USDT 活期理财年化收益率已达到 7.5%',
    securityTitle: '安全设置已变更',
    setAlert: '设置提醒',
    markAll: '全部标为已读',
    kindAlert: '年化收益率提醒',
    save: '保存',
    saved: '设置已保存',
  },
] as const;

/**
 * Issue 18 (inbox, APR alerts) in Chromium: a new user's funding password lands in the inbox, an APR
 * alert set on the products page fires when the hourly rate crosses it and reaches the open tab's
 * bell by the event stream; the inbox filters and marks all read; the settings page saves the mail
 * choice. Desktop in English and light, mobile in Chinese and dark; axe finds nothing.
 */
describe('notifications in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function operator(method: string, path: string, body: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number };
    expect(json.code, JSON.stringify(json)).toBe(0);
  }

  async function newUser(page: Page, lang: string): Promise<void> {
    await page.goto(`${server.url}/api/health`);
    await page.evaluate((l) => {
      localStorage.clear();
      localStorage.setItem('earn.lang', l);
    }, lang);
    const csrf = async () =>
      (await browser.context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const email = `bell${Math.random().toString(36).slice(2, 10)}@example.com`;
    const reg = await page.request.post(`${server.url}/api/web/v1/auth/register`, {
      data: { email, password: 'correct-horse-1' },
      headers: { 'x-csrf-token': await csrf() },
    });
    expect(((await reg.json()) as { code: number }).code).toBe(0);
    const fp = await page.request.post(`${server.url}/api/web/v1/auth/fund-password`, {
      data: { fundpass: '246810', login_password: 'correct-horse-1' },
      headers: { 'x-csrf-token': await csrf() },
    });
    expect(((await fp.json()) as { code: number }).code).toBe(0);
  }

  /** axe on the page as it stands: no rule excluded. */
  async function expectNoAxeViolations(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
  }

  for (const run of RUNS) {
    const tag = `${run.width}-${run.lang}-${run.scheme}`;
    test(`bell, inbox, settings and an APR alert at ${tag}`, { timeout: 240_000 }, async () => {
      const page = await browser.newPage({ width: run.width, colorScheme: run.scheme });
      await newUser(page, run.lang);

      await page.goto(`${server.url}/simple-earn`);
      const bell = page.getByTestId('notification-bell');
      await eventually(() => bell.getAttribute('aria-label')).toBe(run.bellOne);

      await page.getByTestId('apr-alert-USDT').click();
      await page.getByTestId('alert-apr').fill(run.threshold);
      await page.getByRole('button', { name: run.setAlert }).click();
      await eventually(() => page.getByTestId('alert-row').count()).toBe(1);
      await expectNoAxeViolations(page);
      await screenshot(page, `notify-alert-dialog-${tag}`);
      await page.keyboard.press('Escape');

      // The rate crosses the threshold at the next hour: the open tab's bell hears it by the stream.
      await operator('PUT', '/admin/api/simple-earn/flexible-products/USDT', {
        next_time_rate_year: run.rate,
      });
      await operator('POST', '/admin/api/clock/advance', { seconds: 7200 });
      await eventually(() => bell.getAttribute('aria-label')).toBe(run.bellTwo);

      await bell.click();
      await page.waitForURL((url) => url.pathname === '/notifications');
      const items = page.getByTestId('inbox-item');
      await eventually(() => items.count()).toBe(2);
      expect(await items.nth(0).textContent()).toContain(run.alertTitle);
      expect(await items.nth(1).textContent()).toContain(run.securityTitle);
      await expectNoAxeViolations(page);
      await screenshot(page, `notify-inbox-${tag}`);

      await page.getByTestId('kind-filter').click();
      await page.getByRole('option', { name: run.kindAlert }).click();
      await eventually(() => items.count()).toBe(1);
      await page.getByRole('button', { name: run.markAll }).click();
      await eventually(() => bell.getAttribute('aria-label')).toBe(run.bellNone);
      await eventually(() => items.nth(0).getAttribute('data-read')).toBe('true');

      await page.goto(`${server.url}/notifications/preferences`);
      const box = page.getByRole('checkbox', { name: run.kindAlert });
      await box.check();
      await page.getByRole('button', { name: run.save }).click();
      await eventually(() => page.getByText(run.saved).count()).toBe(1);
      await expectNoAxeViolations(page);
      await screenshot(page, `notify-settings-${tag}`);
      await page.reload();
      await eventually(() => page.getByRole('checkbox', { name: run.kindAlert }).isChecked()).toBe(true);

      // The alert is listed where it was set, and deleted there.
      await page.goto(`${server.url}/simple-earn`);
      await page.getByTestId('apr-alert-USDT').click();
      const rows = page.getByTestId('alert-row');
      await eventually(() => rows.count()).toBe(1);
      await rows.getByRole('button').click();
      await eventually(() => rows.count()).toBe(0);
      await page.close();
    });
  }
});
