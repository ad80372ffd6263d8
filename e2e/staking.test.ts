import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildStakingWeb } from './staking/build';
import { setPrefs } from './staking/prefs';
import { loginAsDemo } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const WIDTHS = [1400, 375] as const;
/** The demo user's funding password (apps/server/src/ops/seed/demo.ts). */
const DEMO_FUNDPASS = '123456';

/** Two shared cores run the server, the build and Chromium: give each screen up to 30 s to settle. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });

describe('staking screens in Chromium', () => {
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

  const modal = (page: Page, id: string) => page.getByTestId(id);
  const viewOf = (page: Page, id: string) => modal(page, id).getAttribute('data-view');

  /** Sends the action; answers the funding-password prompt when it opens. Returns whether it did. */
  async function submitWithFundpass(page: Page, button: string, done: string): Promise<boolean> {
    await page.getByTestId(button).click();
    const prompt = page.getByRole('dialog', { name: 'Funding password' });
    const success = page.getByTestId(done);
    await poll(async () => (await prompt.count()) + (await success.count())).toBeGreaterThan(0);
    if ((await prompt.count()) === 0) return false;
    await screenshotPrompt(page);
    await prompt.locator('input[type="password"]').fill(DEMO_FUNDPASS);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await poll(() => success.count()).toBe(1);
    return true;
  }
  let promptShot = '';
  async function screenshotPrompt(page: Page) {
    if (promptShot) await screenshot(page, promptShot);
  }

  async function openSub(page: Page, trigger: string, view: string, shot: string) {
    await page.getByTestId(trigger).click();
    await poll(() => viewOf(page, 'stake-modal')).toBe(view);
    await screenshot(page, shot);
    await page.getByTestId('modal-back').click();
    await poll(() => viewOf(page, 'stake-modal')).toBe('main');
  }

  async function closeDialogs(page: Page) {
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
  }

  /** Every staking modal of one width and theme; stakes and redeems for real against the demo data. */
  async function tour(page: Page, width: number, scheme: 'light' | 'dark', expectPrompt: boolean) {
    const tag = `${scheme}-${width}`;
    const products = page.getByTestId('staking-products');
    await poll(() => products.getByText('ETH', { exact: true }).count()).toBeGreaterThan(0);
    await poll(() => page.getByTestId('staking-holdings').getByText('Lido').count()).toBeGreaterThan(0);
    await screenshot(page, `staking-list-${tag}`, { fullPage: true });

    // Stake ETH through Lido, the preselected first protocol.
    await page.getByTestId('stake-ETH').click();
    await poll(() => viewOf(page, 'stake-modal')).toBe('main');
    await poll(() => page.getByTestId('open-defi').textContent()).toContain('Lido');
    await poll(() => page.getByTestId('stake-available').textContent()).toMatch(/Available: [\d.]+ ETH/);
    await page.getByTestId('stake-amount').fill('0.001');
    await poll(() =>
      modal(page, 'stake-modal').getByText('The minimum stake is 0.01 ETH', { exact: true }).count(),
    ).toBe(1);
    await page.getByTestId('stake-amount').fill('0.5');
    expect(await page.getByTestId('stake-submit').isDisabled()).toBe(true);
    await page.getByTestId('stake-agree').check();
    await poll(() => page.getByTestId('stake-submit').isDisabled()).toBe(false);
    await poll(() => page.getByTestId('vip-discount').textContent()).toBe('VIP 1 - 5: 20% off');
    await screenshot(page, `staking-stake-main-${tag}`);
    await openSub(page, 'open-rate', 'rate', `staking-stake-rate-${tag}`);
    await openSub(page, 'open-defi', 'defi', `staking-stake-defi-${tag}`);
    await openSub(page, 'open-estimate', 'estimated_apr', `staking-stake-estimate-${tag}`);
    await openSub(page, 'open-about', 'about', `staking-stake-about-${tag}`);
    await page.getByTestId('open-faq').click();
    await poll(() => page.getByTestId('faq-view').count()).toBe(1);
    await page.getByRole('tab', { name: 'FAQ', exact: true }).click();
    await screenshot(page, `staking-stake-faq-${tag}`);
    await page.getByTestId('modal-back').click();
    await poll(() => viewOf(page, 'stake-modal')).toBe('main');
    // Going back keeps the amount and the ticked agreement.
    expect(await page.getByTestId('stake-amount').inputValue()).toBe('0.5');

    // ETH returns a receipt token (exchange_type asset): the order confirmation comes first.
    await page.getByTestId('stake-submit').click();
    await poll(() => viewOf(page, 'stake-modal')).toBe('confirm');
    await screenshot(page, `staking-stake-confirm-${tag}`);
    promptShot = `staking-fundpass-${tag}`;
    const prompted = await submitWithFundpass(page, 'confirm-stake', 'success-title');
    expect(prompted).toBe(expectPrompt);
    await poll(() => page.getByTestId('success-amount').textContent()).toBe('0.5 ETH');
    await screenshot(page, `staking-stake-success-${tag}`);
    await page.getByTestId('stake-holdings').click();
    await page.waitForURL(
      (u) => u.pathname === '/myaccount/myfunds/financial_staking' && u.searchParams.get('asset') === 'ETH',
    );
    await poll(() => page.getByTestId('holdings-table').getByText('Lido').count()).toBeGreaterThan(0);
    await screenshot(page, `staking-holdings-${tag}`);

    // Standard redeem from Lido: fee 0.5 × 0.1 % less the VIP tier's 20 % = 0.0004.
    await page.goto(`${server.url}/staking`);
    await page.locator('[data-testid^="redeem-ETH-"]').first().click();
    await poll(() => viewOf(page, 'redeem-modal')).toBe('main');
    await page.getByTestId('redeem-amount').fill('0.5');
    await poll(() => page.getByTestId('redeem-fee').textContent()).toBe('0.0004 ETH');
    await screenshot(page, `staking-redeem-main-${tag}`);
    await page.getByTestId('redeem-open-faq').click();
    await poll(() => viewOf(page, 'redeem-modal')).toBe('faq');
    await screenshot(page, `staking-redeem-faq-${tag}`);
    await page.getByTestId('modal-back').click();
    await submitWithFundpass(page, 'redeem-submit', 'success-title');
    await poll(() => page.getByTestId('success-received').textContent()).toBe('0.4996 ETH');
    await screenshot(page, `staking-redeem-success-${tag}`);
    await page.getByTestId('redeem-done').click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    // Quick redeem: stake 1 SOL through its route, then redeem it quick (0.5 % fee, no VIP row).
    await page.goto(`${server.url}/staking/SOL`);
    await poll(() => viewOf(page, 'stake-modal')).toBe('main');
    await page.getByTestId('stake-amount').fill('1');
    await page.getByTestId('stake-agree').check();
    await submitWithFundpass(page, 'stake-submit', 'success-title');
    await closeDialogs(page);
    await page.waitForURL((u) => u.pathname === '/staking');
    await page.getByTestId('redeem-SOL--1').click();
    await page.getByTestId('redeem-amount').fill('1');
    await page.getByTestId('open-redeem-type').click();
    await poll(() => viewOf(page, 'redeem-modal')).toBe('redeem_type_select');
    await page.getByTestId('redeem-type-quick').click();
    await screenshot(page, `staking-redeem-type-${tag}`);
    await page.getByTestId('redeem-type-confirm').click();
    await poll(() => page.getByTestId('redeem-fee').textContent()).toBe('0.005 SOL');
    await submitWithFundpass(page, 'redeem-submit', 'success-title');
    await poll(() => page.getByTestId('success-received').textContent()).toBe('0.995 SOL');
    await screenshot(page, `staking-redeem-quick-success-${tag}`);
    await page.getByTestId('redeem-done').click();

    // GT has a running bonus campaign: the bonus view and its six event rules.
    await page.goto(`${server.url}/staking/GT`);
    await poll(() => viewOf(page, 'stake-modal')).toBe('main');
    await page.getByTestId('open-bonus').click();
    await poll(() => viewOf(page, 'stake-modal')).toBe('extra_bonus');
    await screenshot(page, `staking-stake-bonus-${tag}`);
    await page.getByTestId('bonus-event-rules').click();
    await poll(() => page.getByTestId('bonus-rules').locator('li').count()).toBe(6);
    await screenshot(page, `staking-stake-bonus-rules-${tag}`);
    await closeDialogs(page);

    // The APR trend (one year by default) and the cumulative-return popup.
    await page.getByTestId('trend-ETH').click();
    await poll(() => page.getByTestId('trend-modal').locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, `staking-trend-${tag}`);
    await closeDialogs(page);
    await page.locator('[data-testid^="returns-ETH-"]').first().click();
    await poll(() => page.getByTestId('returns-total').count()).toBe(1);
    await screenshot(page, `staking-returns-${tag}`);
    await closeDialogs(page);
  }

  for (const width of WIDTHS) {
    test(`stake with the funding password, standard and quick redeem, every modal at ${width} px`, {
      timeout: 420_000,
    }, async () => {
      // A new session: the every-2-hours funding-password mode asks again.
      await browser.context.clearCookies();
      const page = await browser.newPage({ width });
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await loginAsDemo(page, server.url, '/staking');
      await setPrefs(page, { scheme: 'light', lang: 'en' });
      await tour(page, width, 'light', true);
      await setPrefs(page, { scheme: 'dark' });
      await tour(page, width, 'dark', false);
      // Simplified Chinese: the modal's own texts.
      await page.goto(`${server.url}/staking/ETH`);
      await setPrefs(page, { scheme: 'light', lang: 'zh-CN' });
      await poll(() => page.getByRole('dialog', { name: '质押 ETH' }).count()).toBe(1);
      await poll(() => viewOf(page, 'stake-modal')).toBe('main');
      await screenshot(page, `staking-stake-main-zh-light-${width}`);
      await setPrefs(page, { lang: 'en' });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
