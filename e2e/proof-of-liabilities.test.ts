import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInDemoByApi } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/**
 * Issue 17 §8 in Chromium with the demo catalogue: after a midnight the proof page shows the published
 * root and the demo user's leaf, verified in the browser, at desktop and mobile width, light and dark,
 * English and Chinese; a visitor is asked to sign in.
 */
describe('proof of liabilities in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    // To the next UTC midnight: the daily job builds the day's tree.
    const clock = await fetch(`${server.url}/admin/api/clock`, {
      headers: { authorization: `Bearer ${server.adminToken}` },
    });
    const now = ((await clock.json()) as { data: { now: number } }).data.now;
    const res = await fetch(`${server.url}/admin/api/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 86_400 - (now % 86_400) + 60 }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page): Promise<void> {
    await signInDemoByApi(page, server.url);
  }

  const cases = [
    { width: 1400, scheme: 'light', lang: 'en' },
    { width: 375, scheme: 'dark', lang: 'zh-CN' },
    { width: 1400, scheme: 'dark', lang: 'zh-CN' },
    { width: 375, scheme: 'light', lang: 'en' },
  ] as const;

  for (const { width, scheme, lang } of cases) {
    test(`the demo user's leaf verifies at ${width} px, ${scheme}, ${lang}`, {
      timeout: 120_000,
    }, async () => {
      const page = await browser.newPage({ width, colorScheme: scheme });
      await signIn(page);
      await page.goto(`${server.url}/`);
      await page.evaluate((l) => localStorage.setItem('earn.lang', l), lang);
      await page.goto(`${server.url}/earn/proof-of-liabilities`);
      const verdict = page.getByTestId('pol-verdict');
      await eventually(() => verdict.getAttribute('data-ok')).toBe('true');
      expect(await verdict.textContent()).toBe(
        lang === 'en'
          ? 'Verified: your leaf leads to the published root'
          : '已验证：您的叶子可推导出公布的根',
      );
      // The whole sentence shows (at 375 px it ended in '…'), and the day reads as every date in the app.
      expect(await verdict.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const label = verdict.locator('.mantine-Badge-label');
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      // The root shown is the one the server publishes, and the browser's computed root equals it.
      const api = await page.request.get(`${server.url}/api/web/v1/earn/liabilities/root`);
      const root = ((await api.json()) as { data: { root: string; leaf_count: number; day: string } }).data;
      expect(root.leaf_count).toBeGreaterThan(0);
      const hashes = await page.locator('[data-testid^="hash-"]').allTextContents();
      expect(hashes[0]).toBe(root.root);
      expect(hashes.at(-1)).toBe(root.root);
      // The specs' YYYY-MM-DD in every language.
      expect(await page.getByTestId('pol-day').textContent()).toBe(root.day);
      await screenshot(page, `pol-${width}-${scheme}-${lang}`);
      await page.close();
    });
  }

  test('a tampered balance does not verify; a visitor is asked to sign in', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage({ width: 1400 });
    await signIn(page);
    await page.goto(`${server.url}/`);
    await page.evaluate(() => localStorage.setItem('earn.lang', 'en'));
    // The answer altered on its way to the page: one balance one unit higher.
    await page.route('**/api/web/v1/earn/liabilities/proof', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { leaf: { balances: { amount: string }[] } } };
      const first = body.data.leaf.balances[0];
      if (first) first.amount = `${first.amount}1`;
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`${server.url}/earn/proof-of-liabilities`);
    const verdict = page.getByTestId('pol-verdict');
    await eventually(() => verdict.getAttribute('data-ok')).toBe('false');
    expect(await verdict.textContent()).toBe('Not verified: your leaf does not lead to the published root');
    await screenshot(page, 'pol-tampered-1400');
    await page.close();

    const visitor = await browser.newPage({ width: 375 });
    await browser.context.clearCookies();
    await visitor.goto(`${server.url}/earn/proof-of-liabilities`);
    await eventually(() =>
      visitor.getByText('Sign in to check that your balances are included.').isVisible(),
    ).toBe(true);
    await eventually(() => visitor.getByTestId('pol-root').isVisible()).toBe(true);
    await screenshot(visitor, 'pol-visitor-375');
    await visitor.close();
  });
});
