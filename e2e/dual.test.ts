import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setPrefs } from './staking/prefs';
import { loginAsDemo } from './support/app';
import { axeViolations } from './support/axe';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const WIDTHS = [1400, 375] as const;
/** The demo user's funding password (apps/server/src/ops/seed/demo.ts). */
const DEMO_FUNDPASS = '123456';
const HOUR = 3600;
const DAY = 86_400;

/** Two shared cores run the server, the build and Chromium: give each screen up to 30 s to settle. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });

interface Product {
  id: number;
}
interface Order {
  order_id: number;
  amount: string;
  apr: string;
  target_price: string;
  settle_time: number;
  create_time: number;
  quote_time: number | null;
  reached_amount: string;
  not_reached_amount: string;
  status: string;
}

/**
 * The rule computed here on its own: amount + interest, and that ÷ the target, 8 decimals
 * down; the interest from the quote's time (the one the dialog counted from) to the settlement.
 */
function buyLowOutcomes(o: Order) {
  const gross = new Decimal(o.amount).plus(
    new Decimal(o.amount)
      .mul(o.apr)
      .div(100)
      .mul(o.settle_time - (o.quote_time ?? o.create_time))
      .div(31_536_000),
  );
  return {
    reached: gross.div(o.target_price).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8),
    notReached: gross.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8),
  };
}

describe('dual investment in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The fixed-APR Buy Low product the tour subscribes to. */
  let fixed: Product;

  async function operator<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  beforeAll(async () => {
    server = await startServer({ WEB_DIST: buildWeb() });
    browser = await launchBrowser();
    const { now } = await (await fetch(`${server.url}/api/health`))
      .json()
      .then((b) => b.data as { now: number });
    const soon = Math.ceil(now / HOUR) * HOUR + DAY;
    const later = soon + 2 * DAY;
    await operator('PUT', '/admin/api/prices/BTC', { usdt: '95000' });
    await operator('PUT', '/admin/api/prices/ETH', { usdt: '3000' });
    await operator('PUT', '/admin/api/dual/pairs/BTC', { volatility: '60', margin: '2' });
    await operator('PUT', '/admin/api/dual/pairs/ETH', { volatility: '70', margin: '2' });
    const product = (p: Record<string, unknown>) =>
      operator<Product>('POST', '/admin/api/dual/products', {
        min_amount: '10',
        total_quota: '1000000',
        ...p,
      });
    const btcBuy = { invest_coin: 'USDT', exercise_coin: 'BTC', direction: 'buy_low' };
    const btcSell = {
      invest_coin: 'BTC',
      exercise_coin: 'USDT',
      direction: 'sell_high',
      min_amount: '0.001',
    };
    fixed = await product({ ...btcBuy, target_price: '90000', settle_time: soon, apr: '20' });
    await product({ ...btcBuy, target_price: '92000', settle_time: soon });
    await product({ ...btcBuy, target_price: '92000', settle_time: later });
    await product({ ...btcBuy, target_price: '90000', settle_time: later, apr: '15', max_amount: '5000' });
    await product({ ...btcSell, target_price: '98000', settle_time: soon });
    await product({ ...btcSell, target_price: '100000', settle_time: later });
    await product({
      invest_coin: 'USDT',
      exercise_coin: 'ETH',
      direction: 'buy_low',
      target_price: '2900',
      settle_time: soon,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function expectAxeClean(page: Page, within?: string) {
    const violations = await axeViolations(page, within);
    expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.join(' | ')}`)).toEqual([]);
  }

  /** Confirms; answers the funding-password prompt when it opens. */
  async function confirmWithFundpass(page: Page) {
    await page.getByTestId('dual-sub-confirm').click();
    const prompt = page.getByRole('dialog', { name: 'Funding password' });
    const success = page.getByTestId('dual-success');
    await poll(async () => (await prompt.count()) + (await success.count())).toBeGreaterThan(0);
    if ((await prompt.count()) > 0) {
      await prompt.locator('input[type="password"]').fill(DEMO_FUNDPASS);
      await prompt.getByRole('button', { name: 'Confirm' }).click();
    }
    await poll(() => success.count()).toBe(1);
  }

  async function latestOrder(page: Page): Promise<Order> {
    const res = await page.request.get(`${server.url}/apiw/v2/earn/dual/orders?limit=1`);
    const body = (await res.json()) as { data: { list: Order[] } };
    const order = body.data.list[0];
    if (!order) throw new Error('no dual order');
    return order;
  }

  /** The grid, the dialog with both outcomes, a subscription, and the order in the list. */
  async function tour(page: Page, width: number, scheme: 'light' | 'dark') {
    const tag = `${scheme}-${width}`;
    await page.goto(`${server.url}/dual?coin=BTC&direction=buy_low`);
    await poll(() => page.getByTestId(`dual-cell-${fixed.id}`).count()).toBe(1);
    await poll(() => page.getByTestId('dual-quoted-at').textContent()).toMatch(/UTC/);
    await screenshot(page, `dual-grid-${tag}`, { fullPage: true });
    await expectAxeClean(page);

    await page.getByTestId(`dual-cell-${fixed.id}`).click();
    await poll(() => page.getByTestId('dual-sub-apr').textContent()).toBe('20.00%');
    await page.getByTestId('dual-sub-amount').fill('5');
    await poll(() => page.getByText('The minimum is 10 USDT', { exact: true }).count()).toBe(1);
    await page.getByTestId('dual-sub-amount').fill('100');
    await poll(() => page.getByTestId('dual-outcome-reached-amount').textContent()).toMatch(/^0\.\d{8} BTC$/);
    await poll(() => page.getByTestId('dual-outcome-notReached-amount').textContent()).toMatch(
      /^100\.\d{8} USDT$/,
    );
    await screenshot(page, `dual-subscribe-${tag}`);
    await expectAxeClean(page, '[role="dialog"]');
    // What the dialog shows before Confirm, counted from the quote's time the server gave.
    const shownReached = await page.getByTestId('dual-outcome-reached-amount').textContent();
    const shownNotReached = await page.getByTestId('dual-outcome-notReached-amount').textContent();

    await confirmWithFundpass(page);
    const order = await latestOrder(page);
    expect(order).toMatchObject({ amount: '100', apr: '20', status: 'PROCESSING' });
    // The figure shown is the figure paid: the order's fixed outcomes are the dialog's, to the 8th decimal.
    expect(shownReached).toBe(`${order.reached_amount} BTC`);
    expect(shownNotReached).toBe(`${order.not_reached_amount} USDT`);
    const want = buyLowOutcomes(order);
    // What the success view says the order pays is the independent calculation, to the 8th decimal.
    expect(await page.getByTestId('dual-success-outcome-reached-amount').textContent()).toBe(
      `${want.reached} BTC`,
    );
    expect(await page.getByTestId('dual-success-outcome-notReached-amount').textContent()).toBe(
      `${want.notReached} USDT`,
    );
    await screenshot(page, `dual-success-${tag}`);
    await page.getByTestId('dual-success-done').click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.goto(`${server.url}/dual/orders`);
    await poll(() => page.getByTestId(`dual-status-${order.order_id}`).getAttribute('data-status')).toBe(
      'PROCESSING',
    );
    await screenshot(page, `dual-orders-${tag}`, { fullPage: true });
    await expectAxeClean(page);
  }

  for (const width of WIDTHS) {
    test(`subscribe to a dual product at ${width} px, light and dark, English and Chinese`, {
      timeout: 300_000,
    }, async () => {
      await browser.context.clearCookies();
      const page = await browser.newPage({ width });
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await loginAsDemo(page, server.url, '/dual');
      await setPrefs(page, { scheme: 'light', lang: 'en' });
      await tour(page, width, 'light');
      await setPrefs(page, { scheme: 'dark' });
      await tour(page, width, 'dark');

      // Simplified Chinese: the page and the dialog in their own words.
      await page.goto(`${server.url}/dual?coin=BTC&direction=sell_high`);
      await setPrefs(page, { scheme: 'light', lang: 'zh-CN' });
      await poll(() => page.getByRole('heading', { name: '双币投资' }).count()).toBe(1);
      await poll(() => page.locator('[data-testid^="dual-cell-"]').count()).toBeGreaterThan(0);
      await screenshot(page, `dual-grid-zh-${width}`, { fullPage: true });
      await expectAxeClean(page);
      await page.locator('[data-testid^="dual-cell-"]').first().click();
      await page.getByTestId('dual-sub-amount').fill('0.01');
      await poll(() => page.getByTestId('dual-outcome-reached-amount').textContent()).toMatch(/ USDT$/);
      await poll(() => page.getByTestId('dual-outcome-reached').textContent()).toContain('若价格等于或高于');
      await screenshot(page, `dual-subscribe-zh-${width}`);
      await expectAxeClean(page, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await setPrefs(page, { lang: 'en' });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
