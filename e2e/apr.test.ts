import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const WIDTHS = [1400, 375] as const;
const POLL_MS = 15_000;
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: POLL_MS, interval: 100 });

/**
 * Issue 17 in Chromium, with the demo catalogue: a new user subscribes 5,000 USDT flexible and sees
 * 7.13 % with its breakdown; the success dialog, the holding card and the history say 7.13 % too;
 * the launch pool's APR opens its inputs on hover or tap; the home page says "on the first 500"; the
 * staking list, stake dialog and home card say "up to 13.00% on the first 500 GT".
 */
describe('honest APRs in Chromium', () => {
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

  /** A new user with 10,000 USDT, signed in in the browser's context. */
  async function newUser(page: Page): Promise<void> {
    await page.goto(`${server.url}/api/health`);
    const csrf = (await browser.context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const email = `apr${Math.random().toString(36).slice(2, 10)}@example.com`;
    const res = await page.request.post(`${server.url}/api/web/v1/auth/register`, {
      data: { email, password: 'correct-horse-1' },
      headers: { 'x-csrf-token': csrf },
    });
    const body = (await res.json()) as { code: number; data: { id: number } };
    expect(body.code, JSON.stringify(body)).toBe(0);
    const dep = await fetch(`${server.url}/admin/api/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: body.data.id, asset: 'USDT', amount: '10000' }),
    });
    expect(((await dep.json()) as { code: number }).code).toBe(0);
  }

  for (const width of WIDTHS) {
    const tag = `${width}`;
    test(`simple earn and launch pool APRs at ${width} px`, { timeout: 240_000 }, async () => {
      const page = await browser.newPage({ width });
      await newUser(page);

      await page.goto(`${server.url}/simple-earn`);
      // The card's best is the newcomers' 7-day special (20 %, any amount); the flexible chip says "up to".
      const chip = page.getByTestId('chip-USDT-0');
      await eventually(() => chip.textContent()).toContain('up to 15.23%');
      expect(await chip.getAttribute('title')).toBe('Up to 15.23% on the first 500 USDT');
      await screenshot(page, `apr-products-${tag}`);

      await page.getByTestId('chip-USDT-0').click();
      const amount = page.getByTestId('subscribe-amount');
      await eventually(() => page.getByTestId('est-apr').textContent()).toContain('up to 15.23%');
      await amount.fill('5000');
      await eventually(() => page.getByTestId('est-apr').textContent()).toBe('7.13%');
      const stretches = await page.getByTestId('apr-stretch').allTextContents();
      expect(stretches.map((s) => s.replace(/\s+/g, ' '))).toEqual([
        'On the first 500 USDT15.23%500 USDT here · 76.15 USDT a year',
        'On the next 1,500 USDT8.23%1,500 USDT here · 123.45 USDT a year',
        'Above 2,000 USDT5.23%3,000 USDT here · 156.9 USDT a year',
      ]);
      await page.getByTestId('apr-breakdown').scrollIntoViewIfNeeded();
      await screenshot(page, `apr-subscribe-${tag}`);

      await page.getByTestId('subscribe-submit').click();
      const success = page.getByTestId('subscribe-success');
      await eventually(() => success.textContent()).toContain('7.13%');
      await screenshot(page, `apr-success-${tag}`);

      await page.goto(`${server.url}/simple-earn/my-lendings?tab=flexible`);
      await eventually(() => page.getByTestId('flex-holding-apr').textContent()).toBe('7.13%');
      await screenshot(page, `apr-holding-${tag}`);

      await page.goto(`${server.url}/simple-earn/history?tab=flexible&type=1`);
      await eventually(() => page.getByTestId('history-view').textContent()).toContain('7.13%');
      await screenshot(page, `apr-history-${tag}`);

      await page.goto(`${server.url}/launchpool`);
      const gtApr = page.locator('[data-testid^="apr-"]').filter({ hasText: '44.94%' }).first();
      await eventually(() => gtApr.count()).toBe(1);
      if (width < 768) await gtApr.click();
      else await gtApr.hover();
      const popover = page.getByTestId('pool-apr-popover');
      await eventually(() => popover.textContent()).toContain('0.45 NOVA an hour × 0.42 USDT');
      await screenshot(page, `apr-launchpool-${tag}`);
      // A pool nobody staked in says why it has no figure.
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/`);
      await eventually(() => page.getByTestId('best-amount-simple-earn').textContent()).toBe(
        'on the first 500 USDT',
      );
      await screenshot(page, `apr-home-${tag}`);

      // Staking: GT's campaign pays 8 % more on the first 500 GT. The list, the stake dialog's header
      // and the home card say "up to" with that amount; ETH, without a campaign, its rate alone.
      await eventually(() => page.getByTestId('best-amount-staking').textContent()).toBe(
        'on the first 500 GT',
      );
      await page.goto(`${server.url}/staking`);
      await eventually(() => page.getByTestId('staking-apr-GT').textContent()).toBe(
        'Up to 13.00% on the first 500 GT',
      );
      expect(await page.getByTestId('staking-apr-ETH').textContent()).toBe('3.20%');
      await screenshot(page, `apr-staking-${tag}`);
      await page.goto(`${server.url}/staking/GT`);
      await eventually(() => page.getByTestId('stake-apr').textContent()).toBe(
        'Up to 13.00% on the first 500 GT',
      );
      await screenshot(page, `apr-stake-${tag}`);
      await page.close();
    });
  }
});
