import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInDemoByApi } from './support/app';
import { axeViolations } from './support/axe';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

interface Breakdown {
  coin: string;
  principal: string;
  principal_coin: string;
  paid: string;
  carry_in: string;
  carry_out: string;
  formula: string;
  pool: { pool_total: string; reward_per_hour: string; share_percent: string; acc_step: string } | null;
}

/** The app's date-time format of a unix instant, the specs' YYYY-MM-DD HH:mm in every language. */
function utcText(seconds: number, _lang: string): string {
  const iso = new Date(seconds * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * Issue 17 §3, §6 and §7 in Chromium with the demo catalogue a few hours on: the home header's earn
 * total, a launch-pool hour's "Why?" and a private-wealth redemption's next-NAV arrival each show
 * the server's figures; at 1400 and 375 px, light and dark, English and Chinese.
 */
describe('honest numbers in Chromium: launch-pool hour, wealth arrival, header total', () => {
  let server: RunningServer;
  let browser: Browser;

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: { now: number } };
  };

  beforeAll(async () => {
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    // Three hours on: the demo user's launch-pool stakes have paid hours with their figures recorded.
    expect((await admin('POST', '/admin/api/clock/advance', { seconds: 3 * 3600 })).code).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page, lang: string): Promise<void> {
    await signInDemoByApi(page, server.url);
    await page.goto(`${server.url}/`);
    await page.evaluate((l) => localStorage.setItem('earn.lang', l), lang);
  }

  async function api<T>(page: Page, path: string): Promise<T> {
    const res = await page.request.get(`${server.url}${path}`);
    const body = (await res.json()) as { code: number; data: T };
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data;
  }

  const cases = [
    { width: 1400, scheme: 'light', lang: 'en' },
    { width: 375, scheme: 'dark', lang: 'zh-CN' },
    { width: 1400, scheme: 'dark', lang: 'zh-CN' },
    { width: 375, scheme: 'light', lang: 'en' },
  ] as const;

  for (const { width, scheme, lang } of cases) {
    const tag = `${width}-${scheme}-${lang}`;
    test(`header total, launch-pool hour and wealth arrival at ${tag}`, { timeout: 180_000 }, async () => {
      const page = await browser.newPage({ width, colorScheme: scheme });
      await signIn(page, lang);

      // The home header: the overview's total in USDT, linking to /earn.
      await page.goto(`${server.url}/`);
      const overview = await api<{ total_usdt: string }>(page, '/api/web/v1/earn/overview');
      const [int, frac = ''] = overview.total_usdt.split('.');
      const total = `${Number(int).toLocaleString('en-US')}.${`${frac}00`.slice(0, 2)} USDT`;
      await eventually(() => page.getByTestId('header-earn-total').textContent()).toBe(total);
      expect(await page.getByTestId('header-earn').getAttribute('href')).toBe('/earn');
      expect(await axeViolations(page, '[data-testid="header-earn"]')).toEqual([]);
      await screenshot(page, `honest-header-${tag}`);

      // A launch-pool hour: the dialog's figures are the server's breakdown of the newest row.
      const rewards = await api<{
        list: { rid: number; reward_coin: string; hour_start: number; amount: string }[];
      }>(page, '/apiw/v2/earn/launch-pool/my-rewards?page=1&limit=10');
      const row = rewards.list[0];
      if (!row) throw new Error('the demo user has no launch-pool reward yet');
      const b = await api<Breakdown>(
        page,
        `/api/web/v1/earn/rewards/breakdown?kind=launchpool_hour&rid=${row.rid}&coin=${row.reward_coin}&hour=${row.hour_start}`,
      );
      expect(b.paid).toBe(row.amount);
      await page.goto(`${server.url}/launchpool`);
      await page.getByTestId('my-rewards-tab').click({ timeout: 60_000 });
      const why = page.getByTestId('my-rewards').getByTestId('why-button').first();
      await eventually(() => why.isVisible()).toBe(true);
      // The reward history with its Export CSV and "Why?" buttons.
      expect(await axeViolations(page, '#my-stakes')).toEqual([]);
      await why.click();
      const dialog = page.getByTestId('why-dialog');
      await eventually(() => dialog.getByTestId('why-paid').textContent()).toBe(`${b.paid} ${b.coin}`);
      expect(await dialog.getByTestId('why-principal').textContent()).toBe(
        `${b.principal} ${b.principal_coin}`,
      );
      expect(await dialog.getByTestId('why-pool-total').textContent()).toBe(
        `${b.pool?.pool_total} ${b.principal_coin}`,
      );
      expect(await dialog.getByTestId('why-share').textContent()).toBe(`${b.pool?.share_percent}%`);
      expect(await dialog.getByTestId('why-reward-per-hour').textContent()).toBe(
        `${b.pool?.reward_per_hour} ${b.coin}`,
      );
      expect(await dialog.getByTestId('why-acc-step').textContent()).toBe(`${b.pool?.acc_step} ${b.coin}`);
      expect(await dialog.getByTestId('why-carry-in').textContent()).toBe(`${b.carry_in} ${b.coin}`);
      expect(await dialog.getByTestId('why-carry-out').textContent()).toBe(`${b.carry_out} ${b.coin}`);
      expect(await dialog.getByTestId('why-formula').textContent()).toContain(b.formula);
      expect(await dialog.getByTestId('why-verdict').textContent()).toBe(
        lang === 'en'
          ? `Equals the amount credited: ${b.paid} ${b.coin}`
          : `与到账金额一致：${b.paid} ${b.coin}`,
      );
      // axe on what this test is about: the dialog (its overlay dims the page behind it).
      expect(await axeViolations(page, '[data-testid="why-dialog"]')).toEqual([]);
      await screenshot(page, `honest-why-launchpool-${tag}`);
      await page.keyboard.press('Escape');

      // Private wealth: the redeem dialog names the next NAV the server expects, in UTC.
      const orders = await api<{ list: { pid: number }[] }>(
        page,
        '/apiw/v2/earn/private-wealth/orders?page=1&limit=10',
      );
      const pid = orders.list[0]?.pid;
      if (pid === undefined) throw new Error('the demo user holds no wealth product');
      const arrivalAnswer = await api<{ arrives_at: number; rule: string; estimated: boolean }>(
        page,
        `/api/web/v1/earn/redeem-arrival?line=wealth&pid=${pid}`,
      );
      expect(arrivalAnswer.rule).toBe('wealth_next_nav');
      await page.goto(`${server.url}/wealth`);
      const redeem = page.getByTestId(`wealth-redeem-${pid}`);
      await eventually(() => redeem.isVisible()).toBe(true);
      await redeem.click();
      const arrival = page.getByTestId('wealth-arrival');
      await eventually(() => arrival.getAttribute('data-arrives-at')).toBe(String(arrivalAnswer.arrives_at));
      const time = utcText(arrivalAnswer.arrives_at, lang === 'en' ? 'en' : 'zh');
      expect(await arrival.textContent()).toBe(
        lang === 'en' ? `${time} (expected: the next NAV)` : `${time}（预计：下一次净值公布）`,
      );
      expect(await axeViolations(page, '[data-testid="wealth-redeem-modal"]')).toEqual([]);
      await screenshot(page, `honest-wealth-arrival-${tag}`);
      await page.close();
    });
  }
});
