import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInDemoByApi } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

/** The demo user's funding password (apps/server/src/ops/seed/demo.ts). */
const DEMO_FUNDPASS = '123456';
const STAKING = '/apiw/v2/earn/staking';
const LAUNCHPOOL = '/apiw/v2/earn/launch-pool';

/** Two shared cores run the server, the build and Chromium: give each screen up to 30 s to settle. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });

interface WirePool {
  rid: number;
  coin: string;
  limit_rule: number;
  vip_config: { vip_only?: boolean } | null;
}
interface WireProject {
  pid: number;
  name: string;
  reward_pools: WirePool[];
}

/**
 * Issue 27: a double click on the last button of a stake dialog booked two orders (5 SOL became
 * 10 staked, 100 USDT became 200 in a pool) while the success dialog showed one amount. A double
 * click is one user action: one request, one order.
 */
describe('a double click books one order', () => {
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

  async function api<T>(page: Page, path: string): Promise<T> {
    const res = await page.request.get(`${server.url}${path}`);
    const json = (await res.json()) as { code: number; data: T };
    expect(json.code).toBe(0);
    return json.data;
  }

  /**
   * Signs the demo user in and enters the funding password once (the every-2-hours mode then asks
   * no more in this session), so the stake buttons send the stake itself, as for most clicks.
   */
  async function signedInPage(): Promise<{ page: Page; posts: string[] }> {
    await browser.context.clearCookies();
    const page = await browser.newPage({ width: 1400 });
    page.setDefaultTimeout(30_000);
    await signInDemoByApi(page, server.url);
    const csrf = (await browser.context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const res = await page.request.post(`${server.url}/api/web/v1/auth/fund-password/mode`, {
      data: { mode: 'every_2h', fundpass: DEMO_FUNDPASS },
      headers: { 'x-csrf-token': csrf },
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    // The page's writes, as sent: a second request is a second order unless the server replays it.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    return { page, posts };
  }

  /** Waits until the page has nothing in flight, so a second request would have landed. */
  async function settled(page: Page): Promise<void> {
    await page.waitForLoadState('networkidle');
  }

  const held = async (page: Page, coin: string) =>
    Number((await api<{ hold_amount: string }>(page, `${STAKING}/coin-user-info?coin=${coin}`)).hold_amount);

  const stakeView = (page: Page) => page.getByTestId('stake-modal').getAttribute('data-view');

  test('staking: a double click on Stake stakes 5 SOL once', { timeout: 240_000 }, async () => {
    const { page, posts } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const viewOf = () => stakeView(page);

    // SOL stakes straight from the main view: its Stake button is the last one.
    const solBefore = await held(page, 'SOL');
    await page.goto(`${server.url}/staking/SOL`);
    await poll(viewOf).toBe('main');
    await page.getByTestId('stake-amount').fill('5');
    await page.getByTestId('stake-agree').check();
    await poll(() => page.getByTestId('stake-submit').isEnabled()).toBe(true);
    await page.getByTestId('stake-submit').dblclick();
    await poll(() => page.getByTestId('success-amount').textContent()).toBe('5 SOL');
    await settled(page);
    await screenshot(page, 'double-click-staking-sol-success-1400');
    expect((await held(page, 'SOL')) - solBefore).toBe(5);
    expect(posts.filter((p) => p === `${STAKING}/coin-swap-verify`)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('staking: a double click on the receipt-token Confirm order stakes 0.5 ETH once', {
    timeout: 240_000,
  }, async () => {
    const { page, posts } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const viewOf = () => stakeView(page);

    // ETH credits a receipt token: its last button is the order confirmation's.
    const ethBefore = await held(page, 'ETH');
    await page.goto(`${server.url}/staking/ETH`);
    await poll(viewOf).toBe('main');
    await page.getByTestId('stake-amount').fill('0.5');
    await page.getByTestId('stake-agree').check();
    await poll(() => page.getByTestId('stake-submit').isEnabled()).toBe(true);
    await page.getByTestId('stake-submit').click();
    await poll(viewOf).toBe('confirm');
    await page.getByTestId('confirm-stake').dblclick();
    await poll(() => page.getByTestId('success-amount').textContent()).toBe('0.5 ETH');
    await settled(page);
    expect((await held(page, 'ETH')) - ethBefore).toBe(0.5);
    expect(posts.filter((p) => p === `${STAKING}/coin-swap-verify`)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('launch pool: a double click on the stake dialog’s Confirm stakes 100 USDT once', {
    timeout: 240_000,
  }, async () => {
    const { page, posts } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { list } = await api<{ list: WireProject[] }>(page, `${LAUNCHPOOL}/projects?state=1`);
    const project = list.find((p) => p.name === 'Nova Protocol');
    // Nova's open USDT pool: neither VIP-only nor for new users.
    const pool = project?.reward_pools.find(
      (p) => p.coin === 'USDT' && p.limit_rule === 0 && !p.vip_config?.vip_only,
    );
    if (!project || !pool) throw new Error('demo project Nova Protocol with an open USDT pool not found');
    const staked = async () => {
      const stats = await api<{ rid: number; amount: string }[]>(
        page,
        `${LAUNCHPOOL}/user-project-statistics?pid=${project.pid}`,
      );
      return Number(stats.find((s) => s.rid === pool.rid)?.amount ?? '0');
    };

    const before = await staked();
    await page.goto(`${server.url}/launchpool`);
    const card = page.getByTestId(`project-${project.pid}`);
    await poll(() => card.count()).toBe(1);
    await card.getByTestId(`stake-${pool.rid}`).click();
    await poll(() => page.getByTestId('stake-form').getAttribute('data-rid')).toBe(String(pool.rid));
    await poll(() => page.getByTestId('stake-available').count()).toBe(1);
    await page.getByTestId('stake-amount').fill('100');
    await poll(() => page.getByTestId('stake-confirm').isEnabled()).toBe(true);
    await page.getByTestId('stake-confirm').dblclick();
    await poll(() => page.getByTestId('stake-success').count()).toBe(1);
    await settled(page);
    await screenshot(page, 'double-click-launchpool-success-1400');
    expect((await staked()) - before).toBe(100);
    expect(posts.filter((p) => p === `${LAUNCHPOOL}/create-order`)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
