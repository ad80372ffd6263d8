import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInDemoByApi } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
/** The app's date-time format, the specs' YYYY-MM-DD HH:mm in every language, in UTC with the zone. */
const UTC_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/;

/**
 * Issue 17 §6–8 in Chromium with the demo catalogue, two days on: a soft-staking payout's "Why?"
 * dialog equals the amount paid, the staking redeem dialog names the server's arrival in UTC, and the
 * proof of liabilities verifies; at 1400 and 375 px, light and dark, English and Chinese.
 */
describe('why this reward, redemption arrival and proof of liabilities in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: { now: number } };
  };

  beforeAll(async () => {
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    // Two midnights on: the demo user's soft staking has an opening snapshot and a paid day.
    const now = (await admin('GET', '/admin/api/clock')).data.now;
    expect(
      (await admin('POST', '/admin/api/clock/advance', { seconds: 2 * 86_400 - (now % 86_400) + 60 })).code,
    ).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page, lang: string): Promise<void> {
    await signInDemoByApi(page, server.url);
    await page.goto(`${server.url}/`);
    await page.evaluate((l) => localStorage.setItem('earn.lang', l), lang);
  }

  const cases = [
    { width: 1400, scheme: 'light', lang: 'en' },
    { width: 375, scheme: 'dark', lang: 'zh-CN' },
    { width: 1400, scheme: 'dark', lang: 'zh-CN' },
    { width: 375, scheme: 'light', lang: 'en' },
  ] as const;

  for (const { width, scheme, lang } of cases) {
    const tag = `${width}-${scheme}-${lang}`;
    test(`breakdown, arrival and proof at ${tag}`, { timeout: 180_000 }, async () => {
      const page = await browser.newPage({ width, colorScheme: scheme });
      await signIn(page, lang);

      // Why this reward: the dialog's paid figure is the row's payout, and it says so.
      await page.goto(`${server.url}/soft-staking`);
      const why = page.getByTestId('why-button').first();
      await eventually(() => why.isVisible()).toBe(true);
      const history = await page.request.get(
        `${server.url}/apiw/v2/earn/soft-staking/payout-history?page=1&limit=10`,
      );
      const first = ((await history.json()) as { data: { list: { amount: string; coin: string }[] } }).data
        .list[0];
      expect(first).toBeDefined();
      await why.click();
      const paid = page.getByTestId('why-paid');
      await eventually(() => paid.textContent()).toBe(`${first?.amount} ${first?.coin}`);
      expect(await page.getByTestId('why-verdict').textContent()).toBe(
        lang === 'en'
          ? `Equals the amount credited: ${first?.amount} ${first?.coin}`
          : `与到账金额一致：${first?.amount} ${first?.coin}`,
      );
      expect(await page.getByTestId('why-formula').textContent()).toContain('÷ 365 =');
      // The whole verdict shows, at 375 px too (it ended in '…').
      expect(
        await page
          .getByTestId('why-verdict')
          .locator('.mantine-Badge-label')
          .evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      ).toBe(true);
      await screenshot(page, `why-soft-staking-${tag}`);
      await page.keyboard.press('Escape');

      // Redemption arrival: the staking redeem dialog names the server's instant, in UTC.
      await page.goto(`${server.url}/staking`);
      const redeem = page.locator('[data-testid^="redeem-ETH-"]').first();
      await eventually(() => redeem.isVisible()).toBe(true);
      await redeem.click();
      await page.getByTestId('redeem-amount').fill('0.5');
      const arrival = page.getByTestId('redeem-arrival-server');
      await eventually(() => arrival.getAttribute('data-arrives-at')).not.toBeNull();
      const shown = Number(await arrival.getAttribute('data-arrives-at'));
      const api = await page.request.get(
        `${server.url}/api/web/v1/earn/redeem-arrival?line=staking&asset=ETH&quick=0`,
      );
      const answer = ((await api.json()) as { data: { arrives_at: number; server_now: number } }).data;
      expect(shown).toBeGreaterThan(answer.server_now);
      expect(await arrival.textContent()).toMatch(UTC_TIME);
      const iso = new Date(shown * 1000).toISOString();
      expect(await arrival.textContent()).toBe(`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`);
      await screenshot(page, `arrival-staking-${tag}`);
      await page.keyboard.press('Escape');

      // Proof of liabilities: verified in the browser.
      await page.goto(`${server.url}/earn/proof-of-liabilities`);
      await eventually(() => page.getByTestId('pol-verdict').getAttribute('data-ok')).toBe('true');
      await screenshot(page, `pol-${tag}`);
      await page.close();
    });
  }
});
