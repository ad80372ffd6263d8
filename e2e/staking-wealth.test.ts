import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildStakingWeb } from './staking/build';
import { setPrefs } from './staking/prefs';
import { loginAsDemo } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const WIDTHS = [1400, 375] as const;
const DEMO_FUNDPASS = '123456';
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });

/** Wealth, soft staking and the dual order list in Chromium: light and dark, desktop and mobile. */
describe('wealth, soft-staking and dual screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ WEB_DIST: buildStakingWeb() });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function answerFundpassIfAsked(page: Page, done: () => Promise<number>) {
    const prompt = page.getByRole('dialog', { name: 'Funding password' });
    await poll(async () => (await prompt.count()) + (await done())).toBeGreaterThan(0);
    if ((await prompt.count()) === 0) return;
    await prompt.locator('input[type="password"]').fill(DEMO_FUNDPASS);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
  }

  async function wealthTour(page: Page, tag: string) {
    await page.goto(`${server.url}/wealth`);
    await poll(() =>
      page.getByTestId('wealth-products').getByText('Stable Yield Private Fund').count(),
    ).toBeGreaterThan(0);
    await poll(() =>
      page.getByTestId('wealth-orders').getByText('Stable Yield Private Fund').count(),
    ).toBeGreaterThan(0);
    await screenshot(page, `wealth-page-${tag}`, { fullPage: true });

    // Subscribe more: rules first, then a real purchase.
    await page.getByTestId('wealth-more-1').click();
    const modal = page.getByTestId('wealth-subscribe-modal');
    await poll(() => modal.getByText(/Available: [\d,.]+ USDT/).count()).toBe(1);
    await page.getByTestId('wealth-amount').fill('50');
    await poll(() => modal.getByText('Below the minimum purchase of 100 USDT').count()).toBe(1);
    await page.getByTestId('wealth-amount').fill('1000');
    expect(await page.getByTestId('wealth-subscribe-submit').isDisabled()).toBe(true);
    await page.getByTestId('wealth-disclaimer').check();
    await screenshot(page, `wealth-subscribe-${tag}`);
    await page.getByTestId('wealth-subscribe-submit').click();
    await answerFundpassIfAsked(page, () => page.getByTestId('wealth-success').count());
    await poll(() => page.getByTestId('wealth-success-amount').textContent()).toBe('1,000 USDT');
    await screenshot(page, `wealth-subscribe-success-${tag}`);
    await page.getByTestId('wealth-done').click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    // Redeem: above held is refused with less.redeemable.units, then 10 units.
    await page.getByTestId('wealth-redeem-1').click();
    await page.getByTestId('wealth-units').fill('99999999');
    await poll(() =>
      page
        .getByTestId('wealth-redeem-modal')
        .getByText(/Exceeds your redeemable units/)
        .count(),
    ).toBe(1);
    await page.getByTestId('wealth-units').fill('10');
    await screenshot(page, `wealth-redeem-${tag}`);
    await page.getByTestId('wealth-redeem-submit').click();
    await answerFundpassIfAsked(page, () => page.getByTestId('wealth-success').count());
    await poll(() => page.getByTestId('wealth-success-units').textContent()).toBe('10');
    await screenshot(page, `wealth-redeem-success-${tag}`);
    await page.getByTestId('wealth-done').click();

    // Product detail with the assets trend and the change chart.
    await page.getByTestId('wealth-detail-1').click();
    await poll(() => page.getByTestId('wealth-detail-modal').locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, `wealth-detail-${tag}`);
    await page.getByTestId('wealth-chart-rate').click();
    await poll(() => page.getByTestId('wealth-change').textContent()).toMatch(/Change: [+-][\d.]+%/);
    await screenshot(page, `wealth-detail-rate-${tag}`);
    await page.keyboard.press('Escape');
  }

  async function softTour(page: Page, tag: string) {
    await page.goto(`${server.url}/soft-staking`);
    const status = page.getByTestId('soft-status');
    await poll(() => status.count()).toBe(1);
    await screenshot(page, `soft-staking-page-${tag}`, { fullPage: true });
    // The demo user starts with soft staking on: close it first, then activate it again.
    if ((await status.textContent()) === 'On') {
      await page.getByTestId('soft-turn-off').click();
      await poll(() => page.getByTestId('soft-close-modal').count()).toBe(1);
      await screenshot(page, `soft-staking-close-${tag}`);
      await page.getByTestId('soft-stop').click();
      await poll(() => status.textContent()).toBe('Off');
    }
    await page.getByTestId('soft-turn-on').click();
    expect(await page.getByTestId('soft-activate-confirm').isDisabled()).toBe(true);
    expect(await page.getByTestId('soft-agreement-link').getAttribute('href')).toBe(
      '/soft-staking/agreement',
    );
    await page.getByTestId('soft-agree').check();
    await screenshot(page, `soft-staking-activate-${tag}`);
    await page.getByTestId('soft-activate-confirm').click();
    await poll(() => status.textContent()).toBe('On');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    // Closing asks to stop or continue; continue keeps it on.
    await page.getByTestId('soft-turn-off').click();
    await poll(() => page.getByTestId('soft-close-modal').count()).toBe(1);
    await page.getByTestId('soft-continue').click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await status.textContent()).toBe('On');
  }

  async function dualTour(page: Page, tag: string) {
    await page.goto(`${server.url}/dual/orders`);
    await poll(() => page.locator('[data-testid^="dual-status-"]').count()).toBe(10);
    const statuses = await page
      .locator('[data-testid^="dual-status-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(new Set(statuses).size).toBe(10);
    await screenshot(page, `dual-orders-${tag}`, { fullPage: true });
  }

  for (const width of WIDTHS) {
    test(`wealth purchase and redeem, soft-staking activation, dual statuses at ${width} px`, {
      timeout: 300_000,
    }, async () => {
      await browser.context.clearCookies();
      const page = await browser.newPage({ width });
      // The machine is shared: allow slow answers rather than fail on load.
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await loginAsDemo(page, server.url, '/wealth');
      for (const scheme of ['light', 'dark'] as const) {
        await setPrefs(page, { scheme, lang: 'en' });
        const tag = `${scheme}-${width}`;
        await wealthTour(page, tag);
        await softTour(page, tag);
        await dualTour(page, tag);
      }
      await setPrefs(page, { scheme: 'light' });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
