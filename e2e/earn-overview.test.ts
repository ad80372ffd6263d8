import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInDemoByApi } from './support/app';
import { axeViolations } from './support/axe';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const group = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Thousands grouped, two decimals cut (never rounded up): the page's formatAmount(v, 2, 2). */
function twoDecimals(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  return `${group(int)}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** A wire amount (no trailing zeros, at most 8 decimals here) with its thousands grouped. */
function grouped(value: string): string {
  const negative = value.startsWith('-');
  const [int = '0', frac] = (negative ? value.slice(1) : value).split('.');
  return `${negative ? '-' : ''}${group(int)}${frac ? `.${frac}` : ''}`;
}

/**
 * Issue 17 §3–§5 in Chromium with the demo catalogue: after a few hours of interest, the overview's
 * total and the statement's newest row equal the API's answers, at desktop and mobile width, light and
 * dark, English and Chinese (four combinations), with no axe violation.
 */
describe('earn overview and statements in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    const res = await fetch(`${server.url}/admin/api/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 3 * 3600 }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
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
    test(`the overview and the statement show the API's figures at ${width} px, ${scheme}, ${lang}`, {
      timeout: 120_000,
    }, async () => {
      const page = await browser.newPage({ width, colorScheme: scheme });
      await signIn(page, lang);
      await page.goto(`${server.url}/earn`);
      const total = page.getByTestId('eo-total');
      await eventually(() => total.isVisible()).toBe(true);
      const overview = (
        (await (await page.request.get(`${server.url}/api/web/v1/earn/overview`)).json()) as {
          data: { total_usdt: string; lines: unknown[] };
        }
      ).data;
      expect(overview.lines.length).toBeGreaterThan(0);
      expect(await total.textContent()).toBe(twoDecimals(overview.total_usdt));
      await eventually(() => page.getByTestId('eo-upcoming').isVisible()).toBe(true);
      await page.waitForLoadState('networkidle');
      expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.join(', ')}`)).toEqual([]);
      await screenshot(page, `earn-overview-${width}-${scheme}-${lang}`);

      await page.goto(`${server.url}/earn/statements`);
      const statement = (
        (await (await page.request.get(`${server.url}/api/web/v1/earn/statements?limit=1`)).json()) as {
          data: { list: { key: string; amount: string; asset: string }[] };
        }
      ).data.list[0];
      expect(statement).toBeDefined();
      if (!statement) return;
      const amount = page.getByTestId(`st-amount-${statement.key}`).first();
      await eventually(() => amount.isVisible()).toBe(true);
      expect(await amount.textContent()).toBe(`${grouped(statement.amount)} ${statement.asset}`);
      // The date filter, empty, says it covers every date; on a phone it is as wide as the coin field
      // above it (it collapsed to an empty box beside nothing).
      const dates = page.locator('.mantine-DatePickerInput-input').first();
      await eventually(() => dates.textContent()).toBe(lang === 'en' ? 'All dates' : '全部日期');
      if (width < 768) {
        const coinBox = await page.getByTestId('st-asset').boundingBox();
        const dateBox = await dates.boundingBox();
        expect(Math.round(dateBox?.width ?? 0)).toBe(Math.round(coinBox?.width ?? -1));
      }
      const href = await page.getByTestId('st-export').getAttribute('href');
      expect(href).toMatch(/^\/api\/web\/v1\/earn\/statements\.csv\?tz=/);
      const csv = await page.request.get(`${server.url}${href}`);
      expect(csv.status()).toBe(200);
      expect((await csv.text()).split('\r\n')[0]).toMatch(
        /^time \(.+\),time \(UTC\),line,type,asset,amount,/,
      );
      await page.waitForLoadState('networkidle');
      expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.join(', ')}`)).toEqual([]);
      await screenshot(page, `earn-statements-${width}-${scheme}-${lang}`);
      await page.close();
    });
  }
});
