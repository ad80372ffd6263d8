import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInDemoByApi } from './support/app';
import { type AxeViolation, axeViolations } from './support/axe';
import { type Browser, launchBrowser, screenshot, settle } from './support/browser';
import { buildWeb } from './support/build';
import { eventually } from './support/poll';
import { type RunningServer, startServer } from './support/server';

/**
 * Every route of the app (app/routes.tsx and each feature's routes.tsx); the ones with an id are
 * completed from the data (`dynamicRoutes`). Aliases that mount the same page under another path are
 * visited too: they are what links and bookmarks open.
 */
const ROUTES = [
  '/',
  '/login',
  '/assets',
  '/ui-kit',
  '/simple-earn',
  '/simple-earn/my-lendings',
  '/simple-earn/history',
  '/simple-earn/faq',
  '/simple-earn/vip-wealth',
  '/vip-wealth',
  '/myaccount/funds/finance/my_lendings',
  '/myaccount/funds/finance/vip-wealth',
  '/launchpool',
  '/launch-pool',
  '/staking',
  '/staking/ETH',
  '/myaccount/myfunds/financial_staking',
  '/myaccount/funds/finance/staking',
  '/wealth',
  '/asset-management/institution/disclaimer',
  '/soft-staking',
  '/soft-staking/agreement',
  '/en/soft-staking/agreement',
  '/dual/orders',
  '/earn',
  '/earn/statements',
  '/earn/proof-of-liabilities',
  '/account/security',
  '/notifications',
  '/notifications/preferences',
  '/help/lend/simple-earn',
  '/help/lend/simple-earn/terms-of-use',
  '/help/lend/simple-earn/risk-disclosure',
  '/learn/course/lend-earn-investment-guide',
  '/proof-of-reserves',
  '/vip',
  '/docs/staking_user_agreement.pdf',
  '/myaccount/deposit/USDT',
  '/crypto/buy',
  '/trade/BTC_USDT',
  '/futures/usdt',
  '/no-such-page',
  '/admin',
];

/**
 * Two of the eight combinations of theme, language and width per route and sign-in state, chosen so
 * that each theme, each language and each width is covered on every route: light, English, 1400 px;
 * dark, Simplified Chinese, 375 px. All eight per route would take four times as long for little more.
 */
const RUNS = [
  { width: 1400, scheme: 'light', lang: 'en', open: 'load' },
  { width: 375, scheme: 'dark', lang: 'zh-CN', open: 'client' },
] as const;

/**
 * How a sweep opens each route: `load`, a page load of its address (as a link from outside or a
 * bookmark opens it); `client`, the app's own router moving to it in the page already open (as a user
 * moves through the app, and a page load's cost less: the app's scripts run once a sweep, not once a
 * route). Every route is checked both ways, in each sign-in state.
 */
async function openRoute(page: Page, url: string, how: 'load' | 'client'): Promise<void> {
  const path = new URL(url).pathname + new URL(url).search;
  const current = await page.evaluate(() => location.origin).catch(() => '');
  if (how === 'load' || current !== new URL(url).origin) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(url);
}

const DEMO_FUNDPASS = '123456';

/** The element with focus, by its test id or role and name, for the keyboard checks' messages. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing';
    return (
      el.getAttribute('data-testid') ??
      `${el.tagName.toLowerCase()}[${el.getAttribute('role') ?? ''}] ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`
    );
  });
}

/** Presses Tab (Shift+Tab with `back`) until `selector` has focus; fails after `max` presses. */
async function tabTo(
  page: Page,
  selector: string,
  opts: { back?: boolean; max?: number } = {},
): Promise<void> {
  const max = opts.max ?? 80;
  for (let i = 0; i < max; i++) {
    const there = await page.evaluate((sel) => {
      const el = document.activeElement;
      return !!el && el.matches(sel);
    }, selector);
    if (there) return;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${selector} not reached with ${max} ${opts.back ? 'Shift+Tab' : 'Tab'} (at ${await focused(page)})`,
  );
}

describe('accessibility in Chromium (issue 19 item 7)', () => {
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

  /** The routes that need an id from the data: a launch-pool project, a fixed holding when there is one. */
  async function dynamicRoutes(page: Page): Promise<string[]> {
    await page.goto(`${server.url}/launchpool`);
    const project = page.locator('[data-testid^="project-"]').first();
    await eventually(() => project.count()).toBe(1);
    const pid = (await project.getAttribute('data-testid'))?.replace('project-', '');
    expect(pid).toMatch(/^\d+$/);
    return [`/launchpool/stake/${pid}`, `/launchpool/success/${pid}`];
  }

  for (const signedIn of [false, true]) {
    for (const run of RUNS) {
      const tag = `${signedIn ? 'signed in' : 'signed out'}, ${run.scheme}, ${run.lang}, ${run.width} px`;
      test(`axe-core finds no WCAG 2.1 A/AA violation on any route (${tag})`, {
        timeout: 300_000,
      }, async () => {
        const page = await browser.newPage({ width: run.width, colorScheme: run.scheme });
        await page.context().clearCookies();
        if (signedIn) await signInDemoByApi(page, server.url);
        else await page.goto(`${server.url}/api/health`);
        await page.evaluate((l) => {
          localStorage.clear();
          localStorage.setItem('earn.lang', l);
        }, run.lang);
        const routes = [...ROUTES, ...(await dynamicRoutes(page))];
        const found: Record<string, AxeViolation[]> = {};
        for (const path of routes) {
          await openRoute(page, `${server.url}${path}`, run.open);
          await settle(page);
          const violations = await axeViolations(page);
          if (violations.length > 0) found[path] = violations;
        }
        expect(found).toEqual({});
        // The theme and language were applied (not a page left in its defaults).
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(run.lang);
        expect(
          await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
        ).toBe(run.scheme);
        await page.close();
      });
    }
  }

  /**
   * The header's dropdowns open: axe on the open menu (Mantine's focus placeholder inside role=menu
   * failed aria-required-children; Log out in Mantine's red was 3.3:1 on white), light and dark.
   */
  for (const scheme of ['light', 'dark'] as const) {
    test(`the header's account, language and theme menus open pass axe (${scheme})`, {
      timeout: 120_000,
    }, async () => {
      const page = await browser.newPage({ width: 1400, colorScheme: scheme });
      await page.context().clearCookies();
      await signInDemoByApi(page, server.url);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${server.url}/earn`);
      await settle(page);
      const found: Record<string, AxeViolation[]> = {};
      for (const id of ['account-menu', 'lang-switch', 'theme-switch']) {
        await page.getByTestId(id).click();
        const menu = page.getByRole('menu');
        await eventually(() => menu.count()).toBe(1);
        await page.waitForTimeout(300);
        const violations = await axeViolations(page, '[role="menu"]');
        if (violations.length > 0) found[id] = violations;
        await page.keyboard.press('Escape');
        await eventually(() => menu.count()).toBe(0);
      }
      expect(found).toEqual({});
      await page.close();
    });
  }

  /**
   * Subscribe, stake and redeem with the keyboard alone, signed in as the demo user: each dialog opens
   * with the amount field focused (not its close button), passes axe while open, and Enter in the
   * amount submits. The funding-password prompt, when it asks, is answered the same way.
   */
  describe('keyboard paths', () => {
    let page: Page;

    beforeAll(async () => {
      page = await browser.newPage({ width: 1400, colorScheme: 'light' });
      await page.context().clearCookies();
      await signInDemoByApi(page, server.url);
      await page.evaluate(() => localStorage.clear());
    });

    afterAll(async () => {
      await page?.close();
    });

    /** Waits for `done`; when the funding-password prompt comes first, types it and presses Enter. */
    async function answerPromptThen(doneSelector: string): Promise<void> {
      const prompt = page.getByRole('dialog', { name: 'Funding password' });
      const done = page.locator(doneSelector);
      await eventually(async () => (await prompt.count()) + (await done.count())).toBeGreaterThan(0);
      if ((await prompt.count()) > 0) {
        expect(await focused(page)).toMatch(/^input/);
        await page.keyboard.type(DEMO_FUNDPASS);
        await page.keyboard.press('Enter');
      }
      await eventually(() => done.count()).toBe(1);
    }

    async function expectDialogAxeClean(): Promise<void> {
      await page.waitForTimeout(300);
      expect(await axeViolations(page)).toEqual([]);
    }

    test('simple earn: subscribe flexible USDT, the term radiogroup on arrow keys', async () => {
      await page.goto(`${server.url}/simple-earn`);
      await settle(page);
      await tabTo(page, '[data-testid="chip-USDT-0"]');
      await page.keyboard.press('Enter');
      await page.getByTestId('subscribe-modal').locator('.mantine-Modal-content').waitFor();
      await eventually(() => focused(page)).toBe('subscribe-amount');
      await expectDialogAxeClean();

      // The terms: one tab stop, the arrows move the choice, and back.
      await tabTo(page, '[role="radio"][aria-checked="true"]', { back: true, max: 10 });
      expect(await focused(page)).toBe('term-0');
      await page.keyboard.press('ArrowRight');
      await eventually(() => page.getByTestId('term-0').getAttribute('aria-checked')).toBe('false');
      const moved = await focused(page);
      expect(moved).toMatch(/^term-[1-9]/);
      expect(await page.getByTestId(moved).getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      await eventually(() => page.getByTestId('term-0').getAttribute('aria-checked')).toBe('true');
      expect(await focused(page)).toBe('term-0');

      await tabTo(page, '[data-testid="subscribe-amount"]', { max: 10 });
      await page.keyboard.type('100');
      await eventually(() => page.getByTestId('subscribe-submit').isEnabled()).toBe(true);
      await page.keyboard.press('Enter');
      await answerPromptThen('[data-testid="subscribe-success"]');
      await screenshot(page, 'a11y-keyboard-subscribed');
      await page.keyboard.press('Escape');
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
    });

    test('simple earn: redeem part of the flexible holding', async () => {
      await page.goto(`${server.url}/simple-earn/my-lendings`);
      await settle(page);
      const tab = page.getByTestId('tab-flexible');
      if ((await tab.count()) > 0 && (await tab.getAttribute('aria-selected')) !== 'true') {
        await tabTo(page, '[data-testid="tab-flexible"]');
        await page.keyboard.press('Enter');
      }
      await tabTo(page, '[data-testid="flex-holding-USDT"] [data-testid="flex-redeem"]');
      await page.keyboard.press('Enter');
      await page.getByTestId('redeem-modal').locator('.mantine-Modal-content').waitFor();
      await eventually(() => focused(page)).toBe('redeem-amount');
      await expectDialogAxeClean();
      await page.keyboard.type('10');
      await eventually(() => page.getByTestId('redeem-confirm').isEnabled()).toBe(true);
      await page.keyboard.press('Enter');
      await answerPromptThen('[data-testid="redeem-success"]');
      await page.keyboard.press('Escape');
    });

    test('staking: stake ETH, agreement ticked with Space, confirmed with Enter', async () => {
      await page.goto(`${server.url}/staking/ETH`);
      await eventually(() => page.getByTestId('stake-modal').getAttribute('data-view')).toBe('main');
      await eventually(() => focused(page)).toBe('stake-amount');
      await page.keyboard.type('0.5');
      await tabTo(page, '[data-testid="stake-agree"]', { max: 20 });
      await page.keyboard.press('Space');
      await eventually(() => page.getByTestId('stake-submit').isEnabled()).toBe(true);
      await expectDialogAxeClean();
      await tabTo(page, '[data-testid="stake-amount"]', { back: true, max: 20 });
      await page.keyboard.press('Enter');
      // ETH asks for a confirmation: its confirm button has the focus, and Enter sends.
      await eventually(() => page.getByTestId('stake-modal').getAttribute('data-view')).toBe('confirm');
      await eventually(() => focused(page)).toBe('confirm-stake');
      await expectDialogAxeClean();
      await page.keyboard.press('Enter');
      await answerPromptThen('[data-testid="success-title"]');
      await screenshot(page, 'a11y-keyboard-staked');
    });

    test('launch pool: stake GT from the project card', async () => {
      await fetch(`${server.url}/admin/api/deposits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'demo@example.com', asset: 'GT', amount: '1000' }),
      });
      await page.goto(`${server.url}/launchpool`);
      await settle(page);
      await tabTo(page, '[data-testid^="project-"] button[data-testid^="stake-"]:not([disabled])', {
        max: 120,
      });
      await page.keyboard.press('Enter');
      await page.getByTestId('stake-form').waitFor();
      await eventually(() => focused(page)).toBe('stake-amount');
      await eventually(() => page.getByTestId('stake-available').count()).toBe(1);
      await expectDialogAxeClean();
      await page.keyboard.type('100');
      await eventually(() => page.getByTestId('stake-confirm').isEnabled()).toBe(true);
      await page.keyboard.press('Enter');
      await answerPromptThen('[data-testid="stake-success"]');
    });
  });
});
