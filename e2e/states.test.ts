import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { eventually } from './support/poll';
import { type RunningServer, startServer } from './support/server';

const NETWORKERR = 'Network error, please try again later';
const OFFLINE = 'You are offline. The page loads again when your connection is back.';

/** Each product list, the call that feeds it, and what shows once it has loaded. */
const SCREENS = [
  {
    name: 'simple-earn',
    path: '/simple-earn',
    api: '**/apiw/v2/uni-loan/earn/coin-info*',
    loaded: 'product-USDT',
  },
  {
    name: 'launchpool',
    path: '/launchpool',
    api: '**/apiw/v2/earn/launch-pool/projects*',
    loaded: 'projects-1',
  },
  { name: 'staking', path: '/staking', api: '**/apiw/v2/earn/staking/products*', loaded: 'stake-ETH' },
] as const;

describe('failure and offline states in Chromium', () => {
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

  const alertText = (page: Page) => page.getByRole('alert').filter({ hasText: /./ }).first().textContent();

  for (const s of SCREENS) {
    test(`${s.name}: a 500 shows Networkerr and Retry loads; offline says so and loads once back`, async () => {
      const page = await browser.newPage({ width: 1400 });
      try {
        await page.route(s.api, (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 50000, message: 'internal error', data: {} }),
          }),
        );
        await page.goto(`${server.url}${s.path}`);
        await eventually(() => alertText(page)).toContain(NETWORKERR);
        expect(await page.getByTestId(s.loaded).count()).toBe(0);
        await screenshot(page, `state-error-${s.name}`);

        // The server is back: Retry loads the list at once (no waiting for the background retries).
        await page.unroute(s.api);
        await page.getByRole('button', { name: 'Retry' }).click();
        await eventually(() => page.getByTestId(s.loaded).count()).toBeGreaterThan(0);
        expect(await page.getByText(NETWORKERR).count()).toBe(0);

        // Offline with the call failing again: Retry says the browser is offline, not a server error.
        await page.route(s.api, (route) => route.abort('internetdisconnected'));
        await page.reload();
        await eventually(() => alertText(page)).toContain(NETWORKERR);
        await page.context().setOffline(true);
        await page.getByRole('button', { name: 'Retry' }).click();
        await eventually(() => alertText(page)).toContain(OFFLINE);
        await screenshot(page, `state-offline-${s.name}`);
        await page.unroute(s.api);
        await page.context().setOffline(false);
        await eventually(() => page.getByTestId(s.loaded).count()).toBeGreaterThan(0);
      } finally {
        await page.context().setOffline(false);
        await page.close();
      }
    });
  }
});
