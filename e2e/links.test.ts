import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAsDemo } from './support/app';
import { axeViolations } from './support/axe';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

/** Links that only dialogs show (the subscribe dialog, the stake dialog), checked as well. */
const DIALOG_LINKS = [
  '/docs/staking_user_agreement.pdf',
  '/help/lend/simple-earn/terms-of-use',
  '/help/lend/simple-earn/risk-disclosure',
  '/learn/course/lend-earn-investment-guide',
  '/proof-of-reserves',
  '/vip?upTo=5',
  '/myaccount/funds/finance/vip-wealth',
  '/asset-management/institution/disclaimer',
];
const MAX_PAGES = 80;

/** The page's links to this app, without the operator console, as paths with their query. */
async function appLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((h) => new URL(h))
    .filter((u) => u.origin === origin && !u.pathname.startsWith('/admin') && !u.pathname.startsWith('/api'))
    .map((u) => `${u.pathname}${u.search}`);
}

/** Waits for the route's chunk and data to settle, then says whether it is the "Page not found" page. */
async function isNotFound(page: Page): Promise<boolean> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('main, [data-testid="not-found"]') !== null &&
        document.querySelector('[aria-busy="true"], .mantine-Loader-root') === null,
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  return (await page.getByTestId('not-found').count()) > 0;
}

describe('every link reachable from the navigation resolves', () => {
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

  async function crawl(
    page: Page,
    start: string[] = [],
  ): Promise<{ visited: string[]; broken: string[]; consoleErrors: string[] }> {
    const origin = new URL(server.url).origin;
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`);
    });
    const queue = ['/', ...start, ...DIALOG_LINKS];
    const seen = new Set(queue);
    const visited: string[] = [];
    const broken: string[] = [];
    while (queue.length > 0 && visited.length < MAX_PAGES) {
      const path = queue.shift() as string;
      await page.goto(`${server.url}${path}`);
      visited.push(path);
      if (await isNotFound(page)) broken.push(path);
      for (const link of await appLinks(page, origin)) {
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
    }
    return { visited, broken, consoleErrors };
  }

  test('signed out: no link opens "Page not found", no page logs an error (the 401 of /auth/me is gone)', async () => {
    const page = await browser.newPage({ width: 1400 });
    await page.context().clearCookies();
    const { visited, broken, consoleErrors } = await crawl(page);
    expect(broken).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The footer's documents and the simple-earn navigation were reached, not only the home page.
    expect(visited).toEqual(
      expect.arrayContaining(['/help/lend/simple-earn', '/simple-earn/faq', '/staking', '/launchpool']),
    );
    await page.close();
  });

  test('signed in: no link opens "Page not found"', async () => {
    const page = await browser.newPage({ width: 1400 });
    await loginAsDemo(page, server.url);
    // The user menu's entries render only when it is open: start from them too.
    const { broken, visited } = await crawl(page, ['/assets', '/dual/orders']);
    expect(broken).toEqual([]);
    expect(visited).toEqual(expect.arrayContaining(['/assets', '/dual/orders', '/simple-earn/my-lendings']));
    await page.close();
  });

  test('the documents pass axe-core in both themes and languages, at both widths', async () => {
    for (const [width, scheme, lang] of [
      [1400, 'light', 'en'],
      [375, 'dark', 'zh-CN'],
    ] as const) {
      const page = await browser.newPage({ width, colorScheme: scheme });
      await page.goto(`${server.url}/api/health`);
      await page.evaluate((l) => localStorage.setItem('earn.lang', l), lang);
      for (const path of ['/docs/staking_user_agreement.pdf', '/proof-of-reserves', '/vip']) {
        await page.goto(`${server.url}${path}`);
        await page.locator('main h1').waitFor();
        expect(await axeViolations(page), `${path} ${width} ${scheme} ${lang}`).toEqual([]);
      }
      await screenshot(page, `doc-vip-${scheme}-${lang}-${width}`);
      await page.evaluate(() => localStorage.clear());
      await page.close();
    }
  });
});
