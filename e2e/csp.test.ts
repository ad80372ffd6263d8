import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAsDemo } from './support/app';
import { type Browser, chromiumPath, launchBrowser } from './support/browser';
import { buildWeb } from './support/build';
import { eventually } from './support/poll';
import { type RunningServer, startServer } from './support/server';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('Chromium is installed (apt-get install -y chromium, or CHROMIUM_PATH)', () => {
  expect(() => chromiumPath()).not.toThrow();
});

/**
 * The built web app and the API docs run under the server's Content Security Policy with no
 * violation: every page load is watched for `securitypolicyviolation` events (recorded from before
 * the page's own scripts) and for the console's CSP errors.
 */
describe('the built app under its Content Security Policy, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    chromiumPath();
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function watched(colorScheme: 'light' | 'dark' = 'light') {
    const page = await browser.newPage({ width: 1400, colorScheme });
    const problems: string[] = [];
    // Injected by the browser itself, before any script of the page: the CSP does not apply to it.
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations?.push(
          `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        );
      });
    });
    page.on('console', (m) => {
      if (/content security policy|refused to (load|execute|apply)/i.test(m.text()))
        problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    return { page, problems };
  }

  async function violations(page: Page): Promise<string[]> {
    return page.evaluate(() => window.__cspViolations ?? []);
  }

  test('the pages of every product line, signed in and in the dark scheme, raise no violation', async () => {
    const { page, problems } = await watched('dark');
    const home = await page.goto(`${server.url}/`);
    const csp = home?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(home?.headers()['x-frame-options']).toBe('DENY');
    // The colour-scheme file ran before the app (it is no longer an inline script).
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).toBe('dark');
    const lines = page.getByTestId('product-lines');
    await eventually(() => lines.getAttribute('aria-busy')).toBe('false');
    await loginAsDemo(page, server.url, '/assets');
    await eventually(() =>
      page.getByTestId('assets-table').getByText('USDT', { exact: true }).count(),
    ).toBeGreaterThan(0);
    for (const path of [
      '/simple-earn',
      '/staking',
      '/launchpool',
      '/soft-staking',
      '/simple-earn/my-lendings',
      '/no/such/page',
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      // Open a dialog or menu where there is one: Mantine writes styles for portals as they open.
      await page.getByTestId('theme-switch').click();
      await page.keyboard.press('Escape');
    }
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('Swagger UI at /api/docs renders under the same policy', async () => {
    const { page, problems } = await watched();
    const res = await page.goto(`${server.url}/api/docs/`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await eventually(() => page.locator('.swagger-ui .info .title').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(5);
    await page.locator('.swagger-ui .opblock-summary').first().click();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('an inline script would be refused: the policy is enforced, not only sent', async () => {
    const { page } = await watched();
    await page.goto(`${server.url}/`);
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.appendChild(s);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await eventually(async () => (await violations(page)).length).toBeGreaterThan(0);
    expect((await violations(page))[0]).toMatch(/^script-src/);
    await page.close();
  });
});
