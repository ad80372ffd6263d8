import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { TEST_OUTPUT } from './paths';
import { provided } from './provided';

/** Debian's Chromium (`apt-get install -y chromium`), or CHROMIUM_PATH. Never a downloaded browser. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    // A missing browser fails the browser tests instead of skipping them: CI installs it.
    throw new Error(`Chromium not found at ${path}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
  return path;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  /** A new tab of the given size (CSS px) and colour scheme. */
  newPage(opts: { width: number; height?: number; colorScheme?: 'light' | 'dark' }): Promise<Page>;
  close(): Promise<void>;
}

const CONTEXT_OPTIONS = {
  viewport: { width: 1400, height: 900 },
  locale: 'en-US',
  timezoneId: 'UTC',
};

function browserOf(context: BrowserContext, close: () => Promise<void>): Browser {
  context.setDefaultTimeout(15_000);
  return {
    context,
    async newPage({ width, height = width < 768 ? 812 : 900, colorScheme = 'light' }) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      return page;
    },
    close,
  };
}

/**
 * A browser context with no cookies and no storage: in a test run, a new context of the run's one
 * Chromium (the e2e global setup starts it and stops it by its own process); a file run alone, or a
 * benchmark, launches a Chromium of its own with a fresh user-data dir, removed on close.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = provided('e2eBrowserWs');
  if (shared) {
    const browser = await chromium.connect(shared);
    const context = await browser.newContext(CONTEXT_OPTIONS);
    return browserOf(context, async () => {
      await context.close().catch(() => undefined);
      await browser.close();
    });
  }
  return launchOwnBrowser();
}

async function launchOwnBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  const userDataDir = mkdtempSync(join(tmpdir(), 'earn-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    ...CONTEXT_OPTIONS,
  });
  return browserOf(context, async () => {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  });
}

/**
 * Waits until the page shows what a user would see: the route's chunk and data in (no loader, busy
 * region or visible skeleton; at most 3 s, a page that keeps one is pictured with it) and no finite
 * animation or transition still running (a dialog opening, a toast sliding in; at most 1 s). Asked of
 * the page itself, so it waits as long as the page needs and no longer: a fixed pause cost every
 * picture and every axe run a quarter of a second, and networkidle half a second more.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('main, [data-testid="not-found"], form') !== null &&
        document.querySelector(
          '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]',
        ) === null,
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 1_000, polling: 'raf' },
    )
    .catch(() => undefined);
}

/** Saves a full-page screenshot as test-output/<name>.png, once the page has settled. */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  const path = join(TEST_OUTPUT, `${name}.png`);
  await settle(page);
  await page.screenshot({ path, fullPage: opts.fullPage ?? false });
  return path;
}
