import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInDemoByApi } from './support/app';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

type StakingProduct = { coin: string; apr: string };
type Row = { key: string; type: string; amount: string; asset: string; line: string };

/** A wire amount with its thousands grouped, as formatAmount writes it. */
function grouped(value: string): string {
  const negative = value.startsWith('-');
  const [int = '0', frac] = (negative ? value.slice(1) : value).split('.');
  return `${negative ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** The coins of the staking products in the order the page shows them. */
const shownCoins = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="trend-"]')].map((el) =>
      (el.getAttribute('data-testid') ?? '').slice('trend-'.length),
    ),
  );

/**
 * Issue 19 item 8 in Chromium with the demo catalogue, a day after the demo stakes: a product list is
 * searched, sorted and narrowed to the user's positions with the state in its URL (a reload keeps it),
 * a search that matches nothing says so, and the staking and launch-pool records list the API's rows
 * with a CSV export of the line, at 1400 and 375 px, in English and Chinese, light and dark.
 */
describe('product lists and line records in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    const res = await fetch(`${server.url}/admin/api/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 26 * 3600 }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const cases = [
    { width: 1400, scheme: 'light', lang: 'en' },
    { width: 375, scheme: 'dark', lang: 'zh-CN' },
    { width: 1400, scheme: 'dark', lang: 'zh-CN' },
    { width: 375, scheme: 'light', lang: 'en' },
  ] as const;

  for (const { width, scheme, lang } of cases) {
    const tag = `${width}-${scheme}-${lang}`;
    test(`search, sort and my positions, then the records, at ${width} px, ${scheme}, ${lang}`, {
      timeout: 180_000,
    }, async () => {
      const page = await browser.newPage({ width, colorScheme: scheme });
      await signInDemoByApi(page, server.url);
      await page.goto(`${server.url}/`);
      await page.evaluate((l) => localStorage.setItem('earn.lang', l), lang);
      const api = async <T>(path: string): Promise<T> =>
        ((await (await page.request.get(`${server.url}${path}`)).json()) as { data: T }).data;

      // Staking: sort by APR, lowest first, as the API's rates order them.
      const products = (await api<{ list: StakingProduct[] }>('/apiw/v2/earn/staking/products')).list;
      expect(products.length).toBeGreaterThan(2);
      await page.goto(`${server.url}/staking`);
      await eventually(() => shownCoins(page)).toHaveLength(products.length);
      await page.getByTestId('staking-list-sort').click();
      await page
        .getByRole('option', { name: lang === 'en' ? 'APR: low to high' : '年化收益率：从低到高' })
        .click();
      const byAprAsc = [...products]
        .sort((a, b) => Number(a.apr) - Number(b.apr) || a.coin.localeCompare(b.coin))
        .map((p) => p.coin);
      await eventually(() => shownCoins(page)).toEqual(byAprAsc);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('apr-asc');

      // My positions only: the coins the demo user stakes (ETH and GT), in the same order.
      await page.getByTestId('staking-list-mine').click({ force: true });
      const held = byAprAsc.filter((c) => c === 'ETH' || c === 'GT');
      await eventually(() => shownCoins(page)).toEqual(held);
      // A search by coin, in any case; the URL keeps all three, so a reload shows the same list.
      await page.getByTestId('staking-list-search').fill('et');
      await eventually(() => shownCoins(page)).toEqual(['ETH']);
      await page.reload();
      await eventually(() => shownCoins(page)).toEqual(['ETH']);
      const query = new URL(page.url()).searchParams;
      expect([query.get('q'), query.get('sort'), query.get('mine')]).toEqual(['et', 'apr-asc', '1']);
      expect(await page.getByTestId('staking-list-search').inputValue()).toBe('et');
      await screenshot(page, `lists-staking-${tag}`);

      // Nothing matches: the list says so and Clear brings every product back.
      await page.goto(`${server.url}/simple-earn?q=zzz`);
      await eventually(() => page.getByTestId('se-list-no-match').isVisible()).toBe(true);
      await screenshot(page, `lists-simple-earn-no-match-${tag}`);
      await page.getByTestId('se-list-clear').click();
      await eventually(() => page.getByTestId('product-USDT').isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.get('q')).toBeNull();
      await page.getByTestId('se-list-search').fill('usdt');
      await eventually(() => page.locator('[data-testid^="product-"][data-testid$="T"]').count()).toBe(1);
      await screenshot(page, `lists-simple-earn-${tag}`);

      for (const [path, shot] of [
        ['/launchpool?sort=term-desc', 'launchpool'],
        ['/soft-staking?sort=coin', 'soft-staking'],
        ['/wealth?sort=apr-asc', 'wealth'],
        ['/dual/orders?sort=apr-desc', 'dual'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await eventually(() => page.locator('[data-testid$="-list-controls"]').count()).toBe(1);
        await screenshot(page, `lists-${shot}-${tag}`);
      }

      // Staking records: every coin's stakes, redemptions and rewards, as the statement answers them.
      // Staking pays its rewards later than a day: its stakes are filtered; launch pool's hourly rewards.
      for (const [line, path, link, type, label] of [
        [
          'staking',
          '/staking/records',
          'staking-records-link',
          'subscribe',
          lang === 'en' ? 'Stake' : '质押',
        ],
        [
          'launch_pool',
          '/launchpool/records',
          'lp-records-link',
          'reward',
          lang === 'en' ? 'Reward' : '奖励',
        ],
      ] as const) {
        const rows = (await api<{ list: Row[] }>(`/api/web/v1/earn/statements?line=${line}&limit=20`)).list;
        expect(rows.map((r) => r.type)).toContain(type);
        await page.goto(`${server.url}${line === 'staking' ? '/staking' : '/launchpool'}`);
        await page.getByTestId(link).click();
        await page.waitForURL((u) => u.pathname === path);
        const first = rows[0] as Row;
        const amount = page.getByTestId(`records-amount-${first.key}`).first();
        await eventually(() => amount.isVisible()).toBe(true);
        expect(await amount.textContent()).toBe(`${grouped(first.amount)} ${first.asset}`);
        // One type only, from the URL: each row shown is one of the API's rows of that type.
        await page.goto(`${server.url}${path}?type=${type}`);
        const rewards = (
          await api<{ list: Row[] }>(`/api/web/v1/earn/statements?line=${line}&type=${type}&limit=20`)
        ).list;
        const firstReward = rewards[0] as Row;
        await eventually(() =>
          page.getByTestId(`records-amount-${firstReward.key}`).first().isVisible(),
        ).toBe(true);
        const types = await page
          .locator('[data-testid^="records-type-"]')
          .evaluateAll((els) => els.map((el) => el.textContent));
        expect(new Set(types)).toEqual(new Set([label]));
        const href = await page.getByTestId('records-export').getAttribute('href');
        expect(href).toBe(`/api/web/v1/earn/statements.csv?tz=UTC&line=${line}`);
        const csv = await page.request.get(`${server.url}${href}`);
        expect(csv.status()).toBe(200);
        const lines = (await csv.text()).trim().split('\r\n').slice(1);
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.every((l) => l.split(',')[2] === line)).toBe(true);
        await screenshot(page, `lists-records-${line}-${tag}`);
      }
      // The FAQ in the page's language (issue 19 item 6).
      await page.goto(`${server.url}/simple-earn/faq`);
      const faq = page.getByTestId('faq');
      await eventually(() => faq.textContent()).toContain(
        lang === 'en' ? 'What is simple earn?' : '什么是余币宝？',
      );
      if (lang === 'zh-CN') expect(await faq.textContent()).not.toContain('What is');
      await screenshot(page, `lists-faq-${tag}`);
      await page.close();
    });
  }
});
