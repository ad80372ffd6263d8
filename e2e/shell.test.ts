import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  colorScheme,
  fillLoginForm,
  loginAsDemo,
  resetPreferences,
  switchLanguage,
  switchTheme,
} from './support/app';
import { type Browser, chromiumPath, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { eventually } from './support/poll';
import { type RunningServer, startServer } from './support/server';

const WIDTHS = [1400, 375] as const;

// Outside the suite's hooks, so a missing browser is a failed test, never a skipped one.
test('Chromium is installed (apt-get install -y chromium, or CHROMIUM_PATH)', () => {
  expect(() => chromiumPath()).not.toThrow();
});

describe('web shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    chromiumPath(); // fail at once, before building, when the browser is missing
    buildWeb();
    // The one browser file on `npm start`'s default database (PGlite), migrated and seeded by the
    // server itself; the others run on PostgreSQL copies where the run has one.
    server = await startServer({}, { pglite: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function expectNoPageErrors(page: Page, run: () => Promise<void>): Promise<void> {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await run();
    expect(errors).toEqual([]);
  }

  for (const width of WIDTHS) {
    test(`visitor home, login flow, language and theme at ${width} px`, async () => {
      const page = await browser.newPage({ width });
      const tag = `${width}`;
      await resetPreferences(page, server.url);
      await page.context().clearCookies();
      await expectNoPageErrors(page, async () => {
        await page.goto(`${server.url}/`);
        const lines = page.getByTestId('product-lines');
        await eventually(() => lines.getAttribute('aria-busy')).toBe('false');
        for (const name of ['Simple Earn', 'Launchpool', 'Staking', 'Wealth', 'Soft Staking']) {
          await eventually(() => lines.getByText(name, { exact: true }).count()).toBe(1);
        }
        expect(await page.getByTestId('referral-widget').count()).toBe(0);
        await screenshot(page, `home-visitor-light-${tag}`);

        // A page that needs login sends the visitor to /login and back afterwards.
        await page.goto(`${server.url}/assets`);
        await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/assets');
        await screenshot(page, `login-light-${tag}`);
        await fillLoginForm(page);
        await page.waitForURL((u) => u.pathname === '/assets');
        await eventually(() =>
          page.getByTestId('assets-table').getByText('USDT', { exact: true }).count(),
        ).toBeGreaterThan(0);
        await eventually(() => page.getByTestId('assets-table').getAttribute('data-layout')).toBe(
          width < 768 ? 'cards' : 'table',
        );
        await screenshot(page, `assets-light-${tag}`, { fullPage: true });

        // Logged in: the referral widget shows on the home page.
        await page.goto(`${server.url}/`);
        await eventually(() => page.getByTestId('referral-widget').count()).toBe(1);

        await switchLanguage(page, '简体中文');
        await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
        await eventually(() =>
          page.getByTestId('product-lines').getByText('余币宝', { exact: true }).count(),
        ).toBe(1);
        await screenshot(page, `home-zh-light-${tag}`);

        await switchTheme(page, '深色');
        expect(await colorScheme(page)).toBe('dark');
        await screenshot(page, `home-zh-dark-${tag}`, { fullPage: true });

        // The choice survives a reload.
        await page.reload();
        await eventually(() => colorScheme(page)).toBe('dark');
        await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

        await switchLanguage(page, 'English');
        await eventually(() =>
          page.getByTestId('product-lines').getByText('Simple Earn', { exact: true }).count(),
        ).toBe(1);
        await screenshot(page, `home-dark-${tag}`, { fullPage: true });
        await page.goto(`${server.url}/assets`);
        await eventually(() =>
          page.getByTestId('assets-table').getByText('BTC', { exact: true }).count(),
        ).toBeGreaterThan(0);
        await screenshot(page, `assets-dark-${tag}`, { fullPage: true });

        await switchTheme(page, 'Light');
        expect(await colorScheme(page)).toBe('light');

        // Log out, then sign up as someone new with the registration modal.
        await page.getByTestId('account-menu').click();
        await page.getByRole('menuitem', { name: 'Log out' }).click();
        await eventually(() => page.getByTestId('account-menu').count()).toBe(0);
        if (width >= 768) {
          await page.getByRole('banner').getByRole('button', { name: 'Sign up', exact: true }).click();
        } else {
          await page.goto(`${server.url}/login`);
          await page.getByRole('button', { name: 'Sign up', exact: true }).click();
        }
        const signup = page.getByRole('dialog', { name: 'Create your account' });
        await eventually(() => signup.count()).toBe(1);
        await signup.getByLabel('Email').fill(`new-${width}@example.com`);
        await signup.locator('input[autocomplete="new-password"]').fill('short');
        await signup.getByRole('button', { name: 'Sign up', exact: true }).click();
        await eventually(() => signup.getByText('The password needs at least 8 characters').count()).toBe(1);
        await signup.locator('input[autocomplete="new-password"]').fill('a-good-password');
        await screenshot(page, `register-light-${tag}`);
        await signup.getByRole('button', { name: 'Sign up', exact: true }).click();
        await eventually(() => page.getByTestId('account-menu').getAttribute('aria-label')).toBe(
          `Account: new-${width}@example.com`,
        );
      });
      await page.close();
    });

    test(`deposit options, result modal and date-range clamp at ${width} px`, async () => {
      const page = await browser.newPage({ width });
      const tag = `${width}`;
      await resetPreferences(page, server.url);
      await page.context().clearCookies();
      await expectNoPageErrors(page, async () => {
        await loginAsDemo(page, server.url, '/assets');
        await page.getByTestId('deposit-BTC').first().click();
        const dialog = page.getByRole('dialog');
        await eventually(() => dialog.getByText('Add BTC', { exact: true }).count()).toBe(1);
        await eventually(() => page.getByTestId('deposit-onchain').count()).toBe(1);
        // Express buy and spot trade show once the compliance menu is known.
        await eventually(() => page.getByTestId('deposit-express').count()).toBe(1);
        await eventually(() => page.getByTestId('deposit-spot').count()).toBe(1);
        // Transfer is offered on desktop only.
        expect(await page.getByTestId('deposit-transfer').count()).toBe(width < 768 ? 0 : 1);
        await screenshot(page, `deposit-options-light-${tag}`);

        if (width >= 768) {
          await page.getByTestId('deposit-transfer').click();
          await eventually(() => page.getByRole('dialog').getByText('No transfer needed').count()).toBe(1);
          await screenshot(page, `result-info-light-${tag}`);
          await page.keyboard.press('Escape');
          await eventually(() => page.getByRole('dialog').count()).toBe(0);
        } else {
          await page.getByTestId('deposit-spot').click();
          await page.waitForURL((u) => u.pathname === '/trade/BTC_USDT');
        }

        await page.goto(`${server.url}/ui-kit`);
        await page.getByTestId('kit-result-success').click();
        const modal = page.getByRole('dialog');
        await eventually(() => modal.getByText('Subscription successful').count()).toBe(1);
        const box = await modal.boundingBox();
        // Full-screen under 768 px, a centred dialog above.
        if (width < 768) expect(box?.width).toBeGreaterThanOrEqual(width - 1);
        else expect(box?.width ?? 0).toBeLessThan(600);
        await screenshot(page, `result-success-light-${tag}`);
        await page.keyboard.press('Escape');
        await eventually(() => page.getByRole('dialog').count()).toBe(0);

        // Date range over the 6-month limit: clamped to 180 days, with the limit's warning.
        const today = dayjs();
        const start = today.subtract(8, 'month').startOf('month');
        await page.getByTestId('kit-range-6').click();
        for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Previous month' }).click();
        await page.getByRole('button', { name: start.format('D MMMM YYYY'), exact: true }).click();
        for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Next month' }).click();
        await page.getByRole('button', { name: today.format('D MMMM YYYY'), exact: true }).click();
        const warning = page.getByTestId('date-range-warning');
        await eventually(() => warning.textContent()).toContain('You can select a range of up to 6 months');
        const shown = await page.getByTestId('kit-range-6').textContent();
        const expectedStart = today.subtract(180, 'day').format('YYYY-MM-DD');
        expect(shown).toContain(`${expectedStart} – ${today.format('YYYY-MM-DD')}`);
        await screenshot(page, `date-range-clamped-light-${tag}`);

        await switchTheme(page, 'Dark');
        await screenshot(page, `ui-kit-dark-${tag}`, { fullPage: true });
        await switchTheme(page, 'Light');
        await screenshot(page, `ui-kit-light-${tag}`, { fullPage: true });

        // The session ends while the user is on a page: the next call answered 401 opens the login
        // flow, and logging in brings the user back to that page.
        await page.goto(`${server.url}/assets`);
        await eventually(() =>
          page.getByTestId('assets-table').getByText('ETH', { exact: true }).count(),
        ).toBeGreaterThan(0);
        await page.context().clearCookies();
        await page.getByTestId('deposit-ETH').first().click();
        await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/assets');
        await fillLoginForm(page);
        await page.waitForURL((u) => u.pathname === '/assets');
        await eventually(() =>
          page.getByTestId('assets-table').getByText('ETH', { exact: true }).count(),
        ).toBeGreaterThan(0);
      });
      await page.close();
    });
  }
});
