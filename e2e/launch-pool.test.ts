import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAsDemo, switchLanguage, switchTheme } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const WIDTHS = [1400, 375] as const;
const DEMO_FUNDPASS = '123456';
const BASE = '/apiw/v2/earn/launch-pool';
/** Lazy chunks and queries on a busy 2-core machine can take seconds; vitest's default poll waits 1 s. */
const POLL_MS = 15_000;
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: POLL_MS, interval: 100 });

interface WirePool {
  rid: number;
  coin: string;
  simple_earn: unknown;
  reward_pool_type: number;
}
interface WireProject {
  pid: number;
  name: string;
  reward_pools: WirePool[];
}
interface Stat {
  rid: number;
  amount: string;
  lastHourRewardAmount: string;
  lastRewardAmount: string;
}

/** A wire decimal as the page shows it: thousands grouped (the amounts here have few decimals). */
function shown(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${trimmed ? `.${trimmed}` : ''}`;
}

/** Launch pool in Chromium: stake with the funding password, success card, hourly reward, redeem, notifications. */
describe('launch pool in Chromium', () => {
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

  async function operator(method: string, path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: unknown };
    expect(json.code).toBe(0);
    return json.data;
  }

  async function api<T>(page: Page, path: string): Promise<T> {
    const res = await page.request.get(`${server.url}${path}`);
    const json = (await res.json()) as { code: number; data: T };
    expect(json.code).toBe(0);
    return json.data;
  }

  async function liveNova(page: Page): Promise<{ project: WireProject; gt: WirePool }> {
    const { list } = await api<{ list: WireProject[] }>(page, `${BASE}/projects?state=1`);
    const project = list.find((p) => p.name === 'Nova Protocol');
    const gt = project?.reward_pools.find((p) => p.coin === 'GT' && p.simple_earn);
    if (!project || !gt) throw new Error('demo project Nova Protocol with a GT pool not found');
    return { project, gt };
  }

  async function statOf(page: Page, pid: number, rid: number): Promise<Stat> {
    const stats = await api<Stat[]>(page, `${BASE}/user-project-statistics?pid=${pid}`);
    const stat = stats.find((s) => s.rid === rid);
    if (!stat) throw new Error(`no statistics for pool ${rid}`);
    return stat;
  }

  const dialog = (page: Page, testId: string): Locator =>
    page.getByRole('dialog').filter({ has: page.getByTestId(testId) });

  /**
   * Reloads until the app is served: another engineer's browser test may be rebuilding apps/web/dist
   * at this moment, and the server answers 404 while the files are replaced.
   */
  async function reload(page: Page): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.reload();
      if ((await page.locator('#root').count()) > 0) return;
      await page.waitForTimeout(1000);
    }
    throw new Error('the web app was not served after 20 reloads');
  }

  async function closeTopDialog(page: Page): Promise<void> {
    const before = await page.getByRole('dialog').count();
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('dialog').count()).toBeLessThan(before);
  }

  async function toggleEachNotification(page: Page, tag: string, scheme: string): Promise<void> {
    await page.getByTestId('open-notifications').click();
    const box = dialog(page, 'notify-candydrop');
    for (const id of ['notify-candydrop', 'notify-launchpool', 'notify-hodler']) {
      const toggle = page.getByTestId(id);
      await eventually(() => toggle.count()).toBe(1);
      const before = await toggle.isChecked();
      await toggle.click({ force: true });
      await eventually(() => toggle.isChecked()).toBe(!before);
    }
    await screenshot(page, `launchpool-notify-${scheme}-${tag}`);
    await closeTopDialog(page);
    await eventually(() => box.count()).toBe(0);
  }

  async function enterFundpass(page: Page, tag: string): Promise<void> {
    const prompt = page.getByRole('dialog', { name: 'Funding password' });
    await eventually(() => prompt.count()).toBe(1);
    // Confirm is off until a password is typed, its reason under it on a phone: Cancel and Confirm
    // still stand on one line (the reason centred Cancel against Confirm and its text, 10 px lower).
    const top = async (name: string) => (await prompt.getByRole('button', { name }).boundingBox())?.y ?? -1;
    expect(Math.abs((await top('Confirm')) - (await top('Cancel')))).toBeLessThan(1);
    await prompt.locator('input[type="password"]').fill(DEMO_FUNDPASS);
    await screenshot(page, `launchpool-fundpass-light-${tag}`);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
  }

  for (const width of WIDTHS) {
    test(`stake, hourly reward, redeem and notifications at ${width} px`, async () => {
      const mobile = width < 768;
      const tag = String(width);
      await browser.context.clearCookies();
      const page = await browser.newPage({ width });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      try {
        await run(page, mobile, tag);
      } catch (e) {
        // What was on screen when it failed, for the report.
        await screenshot(page, `launchpool-failure-${tag}`).catch(() => undefined);
        throw e;
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  async function run(page: Page, mobile: boolean, tag: string): Promise<void> {
    // Redemptions may have moved GT on into simple earn (auto-earn): start each run with spot GT to stake.
    await operator('POST', '/admin/api/deposits', { user: 'demo@example.com', asset: 'GT', amount: '1000' });
    // A visitor sees the projects; staking asks to register first.
    await page.goto(`${server.url}/launchpool`);
    const visitorCard = page.locator('[data-testid^="project-"]').first();
    await eventually(() => visitorCard.count()).toBe(1);
    await visitorCard.locator('[data-testid^="stake-"]').first().click();
    await eventually(() => page.getByRole('dialog').count()).toBe(1);
    await screenshot(page, `launchpool-visitor-register-light-${tag}`);
    await closeTopDialog(page);

    await loginAsDemo(page, server.url, '/launchpool');
    const { project, gt } = await liveNova(page);
    const card = page.getByTestId(`project-${project.pid}`);
    await eventually(() => card.count()).toBe(1);
    await eventually(() => card.getByTestId(`countdown-${project.pid}`).textContent()).toMatch(
      /Ends in\d+d \d\d:\d\d:\d\d/,
    );
    await screenshot(page, `launchpool-page-light-${tag}`, { fullPage: true });
    for (const state of [2, 3]) {
      await page.getByTestId(`state-tab-${state}`).click();
      await eventually(() => page.getByTestId(`projects-${state}`).count()).toBe(1);
      await screenshot(page, `launchpool-state${state}-light-${tag}`);
    }
    await page.getByTestId('state-tab-1').click();

    // Notifications: each toggle flips, and the server keeps the new state.
    await toggleEachNotification(page, tag, 'light');

    // Eligibility: a tab per coin with the tier list; the demo user's volume reaches the top tier.
    await card.getByTestId(`eligibility-${project.pid}`).click();
    const eligibility = dialog(page, 'eligibility-tab-GT');
    await eventually(() => eligibility.getByTestId('my-tier').count()).toBe(1);
    await screenshot(page, `launchpool-eligibility-light-${tag}`);
    await closeTopDialog(page);

    // Stake 100 GT with the funding password.
    const before = await statOf(page, project.pid, gt.rid);
    await card.getByTestId(`stake-${gt.rid}`).click();
    if (mobile) await page.waitForURL((u) => u.pathname === `/launchpool/stake/${project.pid}`);
    const form = page.getByTestId('stake-form');
    await eventually(() => form.getAttribute('data-rid')).toBe(String(gt.rid));
    // The amount starts empty on desktop and on the mobile page: no balance the user did not choose.
    await eventually(() => page.getByTestId('stake-available').count()).toBe(1);
    expect(await page.getByTestId('stake-amount').inputValue()).toBe('');
    await screenshot(page, `launchpool-stake-light-${tag}`);
    await page.getByTestId('stake-add-funds').click();
    await eventually(() => page.getByTestId('deposit-onchain').count()).toBe(1);
    expect(await page.getByTestId('deposit-transfer').count()).toBe(mobile ? 0 : 1);
    await screenshot(page, `launchpool-deposit-light-${tag}`);
    await closeTopDialog(page);
    await page.getByTestId('stake-amount').fill('100');
    await expect
      .poll(() => page.getByTestId('stake-confirm').isEnabled(), {
        // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
        message: await page.getByTestId('stake-form').innerText(),
      })
      .toBe(true);
    await page.getByTestId('stake-confirm').click();
    await enterFundpass(page, tag);
    const success = page.getByTestId('stake-success');
    await eventually(() => success.count()).toBe(1);
    if (mobile) expect(new URL(page.url()).pathname).toBe(`/launchpool/success/${project.pid}`);
    const wantMore = page.getByTestId('want-more');
    await eventually(() => wantMore.count()).toBe(1);
    expect(await wantMore.locator('mark').first().textContent()).toBe('50,000 NOVA');
    await screenshot(page, `launchpool-success-light-${tag}`);
    await page.getByTestId('success-done').click();
    if (mobile) await page.waitForURL((u) => u.pathname === '/launchpool');
    const after = await statOf(page, project.pid, gt.rid);
    expect(Number(after.amount) - Number(before.amount)).toBe(100);
    await eventually(() => card.getByTestId(`my-stake-${gt.rid}`).textContent()).toBe(
      `${shown(after.amount)} GT`,
    );

    // One hour on the operator's clock: the hourly payout shows as the last hour's reward.
    await operator('POST', '/admin/api/clock/advance', { seconds: 3600 });
    await reload(page);
    const paid = await statOf(page, project.pid, gt.rid);
    expect(Number(paid.lastHourRewardAmount)).toBeGreaterThan(0);
    await eventually(() => card.getByTestId(`last-hour-${gt.rid}`).textContent()).toBe(
      `${shown(paid.lastHourRewardAmount)} NOVA`,
    );
    await screenshot(page, `launchpool-rewarded-light-${tag}`, { fullPage: true });

    // The multi-mining pool names each coin it pays, with its rate and reward per hour.
    const multi = project.reward_pools.find((p) => p.reward_pool_type === 1);
    if (!multi) throw new Error('demo multi-mining pool not found');
    for (const coin of ['NOVA', 'GT', 'ETH']) {
      await eventually(() => card.getByTestId(`reward-coin-${multi.rid}-${coin}`).count()).toBe(1);
    }
    expect(await card.getByTestId(`reward-per-hour-${multi.rid}`).textContent()).toBe(
      '1.5 NOVA0.02 GT0.00008 ETH',
    );

    // Reward history: a row per paid hour and coin; the date-range filter asks the server for the days picked.
    await page.getByTestId('my-rewards-tab').click();
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
    await eventually(() => page.getByTestId('my-rewards').innerText()).toContain('NOVA');
    const filtered = page.waitForRequest(
      (r) => r.url().includes(`${BASE}/my-rewards`) && new URL(r.url()).searchParams.has('start_time'),
    );
    await page.getByTestId('rewards-date-range').click();
    const today = new Date();
    const todayLabel = `${today.getDate()} ${today.toLocaleString('en-US', { month: 'long' })} ${today.getFullYear()}`;
    const day = page.getByRole('button', { name: todayLabel, exact: true });
    await day.click();
    await day.click();
    const sent = new URL((await filtered).url()).searchParams;
    expect(Number(sent.get('end_time')) - Number(sent.get('start_time'))).toBe(86_399);
    await screenshot(page, `launchpool-reward-history-light-${tag}`);
    await page.keyboard.press('Escape');

    // Redeem 50 GT: the last hour's reward is shown, the stake goes down by exactly 50.
    await card.getByTestId(`redeem-${gt.rid}`).click();
    const redeemDialog = dialog(page, 'redeem-amount');
    await eventually(() => redeemDialog.getByTestId('redeem-last-hour').textContent()).toBe(
      `${shown(paid.lastHourRewardAmount)} NOVA`,
    );
    await page.getByTestId('redeem-amount').fill('50');
    await screenshot(page, `launchpool-redeem-light-${tag}`);
    await page.getByTestId('redeem-confirm').click();
    await eventually(() => redeemDialog.count()).toBe(0);
    const redeemed = await statOf(page, project.pid, gt.rid);
    expect(Number(paid.amount) - Number(redeemed.amount)).toBe(50);
    await eventually(() => card.getByTestId(`my-stake-${gt.rid}`).textContent()).toBe(
      `${shown(redeemed.amount)} GT`,
    );

    // Dark: every dialog again.
    await switchTheme(page, 'Dark');
    await screenshot(page, `launchpool-page-dark-${tag}`, { fullPage: true });
    await toggleEachNotification(page, tag, 'dark');
    await card.getByTestId(`eligibility-${project.pid}`).click();
    await eventually(() => page.getByTestId('my-tier').count()).toBe(1);
    await screenshot(page, `launchpool-eligibility-dark-${tag}`);
    await closeTopDialog(page);
    await card.getByTestId(`stake-${gt.rid}`).click();
    await eventually(() => page.getByTestId('stake-form').getAttribute('data-rid')).toBe(String(gt.rid));
    await screenshot(page, `launchpool-stake-dark-${tag}`);
    await page.getByTestId('stake-add-funds').click();
    await eventually(() => page.getByTestId('deposit-onchain').count()).toBe(1);
    await screenshot(page, `launchpool-deposit-dark-${tag}`);
    await closeTopDialog(page);
    await page.getByTestId('stake-amount').fill('10');
    await page.getByTestId('stake-confirm').click();
    // Within the funding password's two-hour window no prompt opens.
    await eventually(() => page.getByTestId('stake-success').count()).toBe(1);
    await screenshot(page, `launchpool-success-dark-${tag}`);
    await page.getByTestId('success-done').click();
    if (mobile) await page.waitForURL((u) => u.pathname === '/launchpool');
    await card.getByTestId(`redeem-${gt.rid}`).click();
    await eventually(() => page.getByTestId('redeem-amount').count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Max' }).click();
    const all = await statOf(page, project.pid, gt.rid);
    await eventually(() => page.getByTestId('redeem-amount').inputValue()).toBe(all.amount);
    await screenshot(page, `launchpool-redeem-dark-${tag}`);
    await page.getByTestId('redeem-confirm').click();
    await eventually(async () => (await statOf(page, project.pid, gt.rid)).amount).toBe('0');
    await eventually(() => card.getByTestId(`redeem-${gt.rid}`).count()).toBe(0);
    await switchTheme(page, 'Light');

    // The compliance menu hides express buy, spot trade and auto-earn.
    if (!mobile) {
      // Simplified Chinese: the page and the stake dialog in the user's language.
      await switchLanguage(page, '简体中文');
      await eventually(() => page.getByTestId('state-tab-1').textContent()).toBe('进行中');
      await card.getByTestId(`stake-${gt.rid}`).click();
      await eventually(() => page.getByTestId('stake-confirm').textContent()).toBe('确认');
      expect(await page.getByTestId('auto-earn').textContent()).toContain('赎回后自动理财');
      await screenshot(page, `launchpool-stake-zh-light-${tag}`);
      await closeTopDialog(page);
      await switchLanguage(page, 'English');

      await operator('PUT', '/admin/api/users/demo@example.com', {
        compliance_menu: ['express', 'spot_trade', 'lend_earn'],
      });
      await reload(page);
      await card.getByTestId(`stake-${gt.rid}`).click();
      await eventually(() => page.getByTestId('stake-form').count()).toBe(1);
      await eventually(() => page.getByTestId('stake-available').count()).toBe(1);
      expect(await page.getByTestId('auto-earn').count()).toBe(0);
      await page.getByTestId('stake-add-funds').click();
      await eventually(() => page.getByTestId('deposit-onchain').count()).toBe(1);
      expect(await page.getByTestId('deposit-express').count()).toBe(0);
      expect(await page.getByTestId('deposit-spot').count()).toBe(0);
      await screenshot(page, `launchpool-deposit-compliance-light-${tag}`);
      await operator('PUT', '/admin/api/users/demo@example.com', { compliance_menu: [] });
    }
  }
});
