import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildStakingWeb } from './staking/build';
import { setPrefs } from './staking/prefs';
import { loginAsDemo } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const WIDTHS = [1400, 375] as const;
const DEMO_FUNDPASS = '123456';
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });

/**
 * Wealth, soft staking and the dual order list in Chromium: light and dark, desktop and mobile; and
 * the APR alerts of the staking, launch-pool and soft-staking pages on the same server.
 */
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
    // The field's own error; the disabled submit's reason repeats it after "Correct the amount first:".
    await poll(() => modal.getByText('Below the minimum purchase of 100 USDT', { exact: true }).count()).toBe(
      1,
    );
    await poll(() => modal.getByText(/^Correct the amount first: Below the minimum/).count()).toBe(1);
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
        .getByText(/^Exceeds your redeemable units/)
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

  test('APR alerts from the staking, launch-pool and soft-staking pages at 375 px: set, listed, deleted', {
    timeout: 300_000,
  }, async () => {
    await browser.context.clearCookies();
    const page = await browser.newPage({ width: 375 });
    page.setDefaultTimeout(30_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginAsDemo(page, server.url, '/staking');
    await setPrefs(page, { scheme: 'light', lang: 'en' });
    type Alert = { line: string; asset: string; product_id: number | null; current_apr: string | null };
    const set: Alert[] = [];
    page.on('response', async (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/api/web/v1/earn/apr-alerts'))
        set.push(((await r.json()) as { data: Alert }).data);
    });

    /** From a product's button: "below 1 %" set, listed in the dialog, deleted; the dialog closed. */
    async function setListDelete(button: Locator, tag: string, protocol?: string): Promise<string> {
      await button.click();
      const dialog = page.getByRole('dialog', { name: /^APR alert for / });
      await poll(() => dialog.count()).toBe(1);
      if (protocol) {
        await dialog.getByRole('radiogroup', { name: 'Protocol' }).getByText(protocol).click();
        await poll(() => dialog.getByRole('heading').first().textContent()).toContain(protocol);
      }
      const current = dialog.getByTestId('alert-current');
      await poll(() => current.textContent()).toMatch(/^Current APR: [\d.]+ %$/);
      const shown = ((await current.textContent()) ?? '').replace(/^Current APR: | %$/g, '');
      await dialog.getByText('falls below').click();
      await dialog.getByTestId('alert-apr').fill('1');
      const before = set.length;
      await dialog.getByTestId('alert-add').click();
      await poll(() => set.length).toBe(before + 1);
      const rows = dialog.getByTestId('alert-row');
      await poll(() => rows.allTextContents()).toEqual(['< 1 %']);
      await screenshot(page, `apr-alert-${tag}-375`);
      await rows.getByRole('button', { name: 'Delete alert: < 1 %' }).click();
      await poll(() => rows.count()).toBe(0);
      await page.keyboard.press('Escape');
      await poll(() => page.getByRole('dialog').count()).toBe(0);
      return shown;
    }

    // Staking: ETH stakes through Lido and Rocket Pool; the alert is on the protocol picked.
    await page.goto(`${server.url}/staking`);
    const pids = await page.evaluate(async () => {
      const res = await fetch('/apiw/v2/earn/staking/products');
      const body = (await res.json()) as {
        data: { list: { coin: string; defi: { pid: number; protocol_name: string }[] }[] };
      };
      return body.data.list.find((p) => p.coin === 'ETH')?.defi ?? [];
    });
    const rocket = pids.find((d) => d.protocol_name === 'Rocket Pool');
    expect(rocket).toBeDefined();
    await setListDelete(page.getByTestId('apr-alert-ETH'), 'staking', 'Rocket Pool');
    expect(set.at(-1)).toMatchObject({ line: 'staking', asset: 'ETH', product_id: rocket?.pid });

    // Launch pool: a running pool's alert, at the derived APR its card shows.
    await page.goto(`${server.url}/launchpool`);
    const poolButton = page.locator('[data-testid^="apr-alert-"]').first();
    await poll(() => poolButton.count()).toBe(1);
    const rid = Number((await poolButton.getAttribute('data-testid'))?.replace('apr-alert-', ''));
    const shown = await setListDelete(poolButton, 'launchpool');
    expect(set.at(-1)).toMatchObject({ line: 'launchpool', product_id: rid });
    // The dialog shows the server's current (derived) APR to 4 places, cut, not rounded.
    expect(set.at(-1)?.current_apr?.startsWith(shown), `${set.at(-1)?.current_apr} vs ${shown}`).toBe(true);

    // Soft staking: a coin's alert, by the coin alone.
    await page.goto(`${server.url}/soft-staking`);
    const coinButton = page.getByTestId('soft-coins').locator('[data-testid^="apr-alert-"]').first();
    await poll(() => coinButton.count()).toBe(1);
    const coin = (await coinButton.getAttribute('data-testid'))?.replace('apr-alert-', '');
    await setListDelete(coinButton, 'soft-staking');
    expect(set.at(-1)).toMatchObject({ line: 'soft_staking', asset: coin, product_id: null });

    // Every alert set was deleted again.
    const left = await page.evaluate(async () => {
      const res = await fetch('/api/web/v1/earn/apr-alerts');
      return ((await res.json()) as { data: { total: number } }).data.total;
    });
    expect([set.length, left]).toEqual([3, 0]);
    expect(errors).toEqual([]);
    await page.close();
  });

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
