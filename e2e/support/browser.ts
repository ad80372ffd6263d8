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

/** Saves a full-page screenshot as test-output/<name>.png. */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  const path = join(TEST_OUTPUT, `${name}.png`);
  // Let transitions and lazy chunks settle so the picture is what a user sees.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(250);
  await page.screenshot({ path, fullPage: opts.fullPage ?? false });
  return path;
}
