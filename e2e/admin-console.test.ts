import { fractionToPercent } from '@earn/domain';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { type Browser, launchBrowser, screenshot } from './support/browser';
import { buildWeb } from './support/build';
import { type RunningServer, startServer } from './support/server';

/** Lazy chunks and queries on a busy 2-core machine can take seconds; vitest's default poll waits 1 s. */
const POLL_MS = 15_000;
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: POLL_MS, interval: 100 });

interface Created {
  id: number;
  email: string;
  password: string;
  totp_secret: string;
}

interface Envelope<T> {
  code: number;
  data: T;
}

/** A wire decimal as the console shows it: thousands grouped, trailing zeros dropped. */
function shown(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${trimmed ? `.${trimmed}` : ''}`;
}

/** A whole-page picture from the top (the console's header and navigation are fixed to the window). */
async function fullShot(p: Page, name: string): Promise<void> {
  await p.evaluate(() => window.scrollTo(0, 0));
  await screenshot(p, name, { fullPage: true });
}

/** Unix seconds as the console writes them. */
const utc = (seconds: number) =>
  `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The operator console in Chromium, on the real operator API: sign-in with TOTP, a flexible rate
 * edit with its review, impact and audit record, a launch-pool reward coin funded, a user looked up;
 * a viewer's writes refused (in the page and by the API), and the lock after 5 wrong codes.
 * Screenshots at 1400 px (light and dark, English and Chinese) and at 900 px.
 */
describe('operator console in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Created;
  let viewer: Created;
  let page: Page;

  /** A call with the operator token (automation, the actor `token`). */
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}/admin/api${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  /** The operator's current code: TOTP at wall time, as an authenticator shows and the server checks it. */
  async function codeOf(op: Created): Promise<string> {
    return generate({ secret: op.totp_secret, epoch: Math.floor(Date.now() / 1000) });
  }

  async function signIn(p: Page, op: Created, code?: string): Promise<void> {
    await p.getByTestId('login-email').fill(op.email);
    await p.getByTestId('login-password').fill(op.password);
    await p.getByTestId('login-code').fill(code ?? (await codeOf(op)));
    await p.getByTestId('login-submit').click();
  }

  beforeAll(async () => {
    buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    admin = await api<Created>('POST', '/operators', { email: 'admin@example.com', role: 'admin' });
    viewer = await api<Created>('POST', '/operators', { email: 'viewer@example.com', role: 'viewer' });
    page = await browser.newPage({ width: 1400 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a visitor is sent to sign-in, and signs in with email, password and the TOTP code', async () => {
    await page.goto(`${server.url}/admin/users`);
    await page.waitForURL((u) => u.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/users');
    await screenshot(page, 'admin-login-1400');
    await signIn(page, admin);
    await page.waitForURL((u) => u.pathname === '/admin/users');
    await expect.poll(() => page.getByTestId('admin-identity').textContent()).toContain('admin@example.com');
    expect(await page.getByTestId('admin-role').textContent()).toBe('Admin');

    await page.goto(`${server.url}/admin`);
    const dashboard = await api<{ lines: { line: string; total_usdt: string }[] }>('GET', '/dashboard');
    const flexible = dashboard.lines.find((l) => l.line === 'simple_earn_flexible');
    await eventually(() => page.getByTestId('dash-total-simple_earn_flexible').textContent()).toContain(
      'USDT',
    );
    expect(flexible).toBeDefined();
    await eventually(() => page.getByTestId('dash-reconciliation-status').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="dash-jobs"] tbody tr').count()).toBeGreaterThan(0);
    await fullShot(page, 'admin-dashboard-1400');
  });

  test("a flexible product's rate: the form, the review of what changes with the impact, the save and its audit record", async () => {
    const before = (
      await api<{ list: { asset: string; next_time_rate_year: string }[] }>(
        'GET',
        '/simple-earn/flexible-products',
      )
    ).list.find((p) => p.asset === 'USDT');
    if (!before) throw new Error('the demo has a flexible USDT product');
    await page.goto(`${server.url}/admin/products/flexible`);
    await page.getByTestId('flexible-USDT-edit').click();
    const form = page.getByTestId('flexible-form');
    // Rates are typed in percent: 6.12 is 6.12 %, sent as the API's fraction 0.0612.
    const input = form.locator('input[data-field="next_time_rate_year"]');
    expect(await input.inputValue()).toBe(fractionToPercent(before.next_time_rate_year));
    await input.fill('6.12');
    await form.getByTestId('form-review').click();

    // The review names the one field changed, before and after.
    const rows = form.locator('[data-testid="review-table"] tbody tr');
    await eventually(() => rows.count()).toBe(1);
    expect(await rows.first().locator('[data-testid="review-before"]').textContent()).toBe(
      `${fractionToPercent(before.next_time_rate_year)} %`,
    );
    expect(await rows.first().locator('[data-testid="review-after"]').textContent()).toBe('6.12 %');

    // The impact shows what the impact endpoint computes for that rate.
    const impact = await api<{ holders: number; hourly_cost_after: string; asset: string }>(
      'GET',
      '/simple-earn/flexible-products/USDT/impact?next_time_rate_year=0.0612',
    );
    await eventually(() => form.getByTestId('impact-holders').textContent()).toBe(String(impact.holders));
    expect(await form.getByTestId('impact-cost-after').textContent()).toBe(
      `${shown(impact.hourly_cost_after)} USDT`,
    );
    await screenshot(page, 'admin-flexible-review-1400');

    await form.getByTestId('form-save').click();
    await eventually(() => page.getByTestId('flexible-form').count()).toBe(0);
    const after = (
      await api<{ list: { asset: string; next_time_rate_year: string }[] }>(
        'GET',
        '/simple-earn/flexible-products',
      )
    ).list.find((p) => p.asset === 'USDT');
    expect(after?.next_time_rate_year).toBe('0.0612');
    await eventually(() => page.locator('[data-row="USDT"]').textContent()).toContain('6.12 %');

    // 612 % (the slip of typing a percent as a hundred times it): the server refuses it until
    // confirmed, and the console asks a second time naming the APR; Back leaves it unsaved.
    await page.getByTestId('flexible-USDT-edit').click();
    const again = page.getByTestId('flexible-form');
    await again.locator('input[data-field="next_time_rate_year"]').fill('612');
    await again.getByTestId('form-review').click();
    await again.getByTestId('form-save').click();
    const question = again.getByTestId('rate-confirm-question');
    await eventually(() => question.textContent()).toBe('Set USDT flexible APR this hour to 612.00 %?');
    expect(
      (await axeViolations(page, '[data-testid="flexible-form"]')).map(
        (v) => `${v.id}: ${v.nodes.join(', ')}`,
      ),
    ).toEqual([]);
    await screenshot(page, 'admin-rate-confirm-1400');
    await again.getByRole('button', { name: 'Back' }).click();
    await page.keyboard.press('Escape');
    await eventually(() => page.getByTestId('flexible-form').count()).toBe(0);
    const kept = (
      await api<{ list: { asset: string; next_time_rate_year: string }[] }>(
        'GET',
        '/simple-earn/flexible-products',
      )
    ).list.find((p) => p.asset === 'USDT');
    expect(kept?.next_time_rate_year).toBe('0.0612');

    // The audit trail has the record, by the signed-in operator, with only the rate before and after.
    await page.goto(`${server.url}/admin/audit`);
    await page.getByTestId('audit-target').fill('flexible_product:USDT');
    await page.getByTestId('audit-apply').click();
    const record = page.locator('[data-testid="audit-table"] tbody tr[data-row]').first();
    await eventually(() => record.textContent()).toContain('simple_earn.flexible_product.update');
    expect(await record.textContent()).toContain('admin@example.com');
    await record.getByRole('button', { name: 'Show details' }).click();
    const change = page.locator('[data-testid^="audit-change-"]').first();
    await eventually(() => change.locator('tr[data-field]').count()).toBe(1);
    const field = change.locator('tr[data-field="next_time_rate_year"]');
    expect(await field.textContent()).toContain(`"${before.next_time_rate_year}"`);
    expect(await field.textContent()).toContain('"0.0612"');
    await screenshot(page, 'admin-audit-1400');
  });

  test('a launch-pool reward coin is funded: the review says what it takes, the pool then pays it', async () => {
    const projects = (
      await api<{
        list: {
          pid: number;
          name: string;
          start_timest: number;
          end_timest: number;
          reward_pools: { rid: number; reward_pool_type: number; reward_coins: { coin: string }[] }[];
        }[];
      }>('GET', '/launch-pool/projects')
    ).list;
    const project = projects.find((p) => p.name === 'Nova Protocol');
    const pool = project?.reward_pools.find((p) => p.reward_pool_type === 1);
    if (!project || !pool) throw new Error('the demo has a multi-mining pool in Nova Protocol');
    expect(pool.reward_coins.map((c) => c.coin)).not.toContain('USDT');
    const hours = (project.end_timest - project.start_timest) / 3600;

    await page.goto(`${server.url}/admin/launch-pool`);
    await page.locator(`[data-row="${project.pid}"]`).getByRole('button', { name: 'Show details' }).click();
    await page.getByTestId(`pool-${pool.rid}-fund`).click();
    const form = page.getByTestId('fund-form');
    await form.locator('input[data-field="coin"]').fill('usdt');
    await form.locator('input[data-field="reward_per_hour"]').fill('5');
    await form.locator('input[data-field="rate_year"]').fill('1.5');
    await form.getByTestId('form-review').click();
    await eventually(() => form.getByTestId('funding-note').textContent()).toContain(
      `${shown(String(5 * hours))} USDT (5 × ${hours} hours)`,
    );
    await screenshot(page, 'admin-fund-review-1400');
    await form.getByTestId('form-save').click();
    await eventually(() => page.getByTestId('fund-form').count()).toBe(0);

    const funded = (await api<{ list: typeof projects }>('GET', '/launch-pool/projects')).list
      .find((p) => p.pid === project.pid)
      ?.reward_pools.find((p) => p.rid === pool.rid)
      ?.reward_coins.find((c) => c.coin === 'USDT') as
      | { reward_per_hour: string; total_reward_amount: string }
      | undefined;
    expect(funded?.reward_per_hour).toBe('5');
    expect(funded?.total_reward_amount).toBe(String(5 * hours));
    const coinRow = page.locator(`[data-testid="pool-${pool.rid}-coins"] tr[data-row="USDT"]`);
    await eventually(() => coinRow.textContent()).toContain(`${shown(String(5 * hours))} USDT`);
    await fullShot(page, 'admin-launch-pool-1400');
  });

  test('a user is found by part of their email, with their balances', async () => {
    await page.goto(`${server.url}/admin/users`);
    await page.getByTestId('users-search').fill('demo@');
    await page.getByTestId('users-search-submit').click();
    const link = page.locator('[data-testid="users-table"] a', { hasText: 'demo@example.com' });
    await eventually(() => link.count()).toBe(1);
    await link.click();
    await eventually(() => page.getByTestId('user-email').textContent()).toBe('demo@example.com');
    const user = await api<{ id: number; balances: { asset: string; purpose: string; balance: string }[] }>(
      'GET',
      '/users/demo@example.com',
    );
    expect(new URL(page.url()).pathname).toBe(`/admin/users/${user.id}`);
    const spot = user.balances.find((b) => b.asset === 'USDT' && b.purpose === 'spot');
    if (!spot) throw new Error('the demo user holds USDT in spot');
    const row = page.locator('[data-testid="user-balances"] tr[data-row="USDT-spot"]');
    await eventually(() => row.textContent()).toContain(`${shown(spot.balance)} USDT`);
    await eventually(() => page.locator('[data-testid="user-history"] tbody tr').count()).toBeGreaterThan(0);
    await fullShot(page, 'admin-user-1400');
  });

  test('dark and Chinese at 1400 px, and a tablet at 900 px', async () => {
    const dark = await browser.newPage({ width: 1400, colorScheme: 'dark' });
    await dark.goto(`${server.url}/admin`);
    await eventually(() => dark.getByTestId('dash-reconciliation-status').isVisible()).toBe(true);
    await fullShot(dark, 'admin-dashboard-dark-1400');
    await dark.goto(`${server.url}/admin/products/flexible`);
    await eventually(() => dark.locator('[data-row="USDT"]').isVisible()).toBe(true);
    await screenshot(dark, 'admin-products-dark-1400');

    await dark.evaluate(() => localStorage.setItem('earn.lang', 'zh-CN'));
    await dark.goto(`${server.url}/admin/products/fixed`);
    await eventually(() => dark.getByTestId('tab-fixed').textContent()).toBe('定期');
    await screenshot(dark, 'admin-products-dark-zh-1400');
    await dark.close();

    const zh = await browser.newPage({ width: 1400 });
    await zh.goto(`${server.url}/admin`);
    await eventually(() => zh.getByRole('link', { name: '概览' }).isVisible()).toBe(true);
    await fullShot(zh, 'admin-dashboard-zh-1400');
    await zh.goto(`${server.url}/admin/clock`);
    await eventually(() => zh.getByTestId('clock-kind').textContent()).toBe('测试时钟');
    await screenshot(zh, 'admin-clock-zh-1400');
    await zh.evaluate(() => localStorage.setItem('earn.lang', 'en'));
    await zh.close();

    const tablet = await browser.newPage({ width: 900 });
    await tablet.goto(`${server.url}/admin/products/staking`);
    await eventually(() => tablet.locator('[data-testid="staking-table"] tbody tr').count()).toBeGreaterThan(
      0,
    );
    // The side navigation stays beside the page at 900 px; wide tables scroll inside the page.
    expect(await tablet.getByRole('navigation', { name: 'Console sections' }).isVisible()).toBe(true);
    const overflow = await tablet.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(tablet, 'admin-staking-900');
    await tablet.goto(`${server.url}/admin/users`);
    await eventually(() => tablet.locator('[data-testid="users-table"] tbody tr').count()).toBeGreaterThan(0);
    await screenshot(tablet, 'admin-users-900');
    await tablet.close();
  });

  test("a creation's missing fields are named in a readable red, light and dark (axe in the dialog)", async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const p = await browser.newPage({ width: 1400, colorScheme });
      await p.goto(`${server.url}/admin/products/flexible`);
      const form = p.getByTestId('login-email');
      const create = p.getByTestId('flexible-create');
      await eventually(async () => (await form.isVisible()) || (await create.isVisible())).toBe(true);
      if (await form.isVisible()) await signIn(p, admin);
      await create.click();
      await p.getByTestId('form-review').click();
      const dialog = p.getByTestId('flexible-form');
      await eventually(() => dialog.locator('.mantine-InputWrapper-error').count()).toBe(4);
      expect(await dialog.locator('.mantine-InputWrapper-error').first().textContent()).toBe('Required');
      for (const v of await axeViolations(p, '[data-testid="flexible-form"]'))
        found.push(`${colorScheme}: ${v.id} (${v.help}) at ${v.nodes.join(', ')}`);
      await screenshot(p, `admin-flexible-create-errors-${colorScheme}-1400`);
      await p.close();
    }
    expect(found).toEqual([]);
  });

  test("sign-in's code error is in a readable red, light and dark (axe)", async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const p = await browser.newPage({ width: 1400, colorScheme });
      await p.goto(`${server.url}/admin/login`);
      await p.getByTestId('login-email').fill('someone@example.com');
      await p.getByTestId('login-password').fill('a password');
      // Five digits: refused before any call, so no try counts towards a lock.
      await p.getByTestId('login-code').fill('12345');
      await p.getByTestId('login-submit').click();
      await eventually(() => p.locator('.mantine-InputWrapper-error').textContent()).toBe(
        'The code is 6 digits.',
      );
      for (const v of await axeViolations(p))
        found.push(`${colorScheme}: ${v.id} (${v.help}) at ${v.nodes.join(', ')}`);
      await p.close();
    }
    expect(found).toEqual([]);
  });

  test('a phone at 375 px, dark and Chinese: the header keeps the role and Sign out whole, nothing scrolls sideways', async () => {
    const phone = await browser.newPage({ width: 375, colorScheme: 'dark' });
    await phone.goto(`${server.url}/admin`);
    // Signed in already when the tests before ran; alone, this one signs in.
    const form = phone.getByTestId('login-email');
    const dashboard = phone.getByTestId('dash-reconciliation-status');
    await eventually(async () => (await form.isVisible()) || (await dashboard.isVisible())).toBe(true);
    if (await form.isVisible()) await signIn(phone, admin);
    await eventually(() => dashboard.isVisible()).toBe(true);
    await phone.evaluate(() => localStorage.setItem('earn.lang', 'zh-CN'));
    await phone.goto(`${server.url}/admin/audit`);
    await eventually(() => phone.getByTestId('admin-signout').textContent()).toBe('退出登录');
    // Each text is whole (not clipped by its box) and its box inside the screen.
    const cut = await phone.evaluate(() =>
      ['[data-testid="admin-role"]', '[data-testid="admin-signout"]'].flatMap((selector) => {
        const el = document.querySelector(selector) as HTMLElement;
        const label = (el.querySelector('[class*="label"]') as HTMLElement | null) ?? el;
        const box = el.getBoundingClientRect();
        return label.scrollWidth > label.clientWidth || box.right > window.innerWidth || box.left < 0
          ? [
              `${selector}: ${label.textContent} ${label.scrollWidth}/${label.clientWidth} at ${box.left}-${box.right}`,
            ]
          : [];
      }),
    );
    expect(cut).toEqual([]);
    expect(await phone.getByTestId('admin-role').textContent()).toBe('管理员');
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(phone, 'admin-audit-dark-zh-375');
    await phone.evaluate(() => localStorage.setItem('earn.lang', 'en'));
    await phone.close();
  });

  test('axe-core finds no WCAG A or AA violation on any console page, light or dark, and at 375 px', async () => {
    const demo = await api<{ id: number }>('GET', '/users/demo@example.com');
    const pages: [string, string][] = [
      ['/admin', '[data-testid="dash-reconciliation-status"]'],
      ['/admin/products/flexible', '[data-row="USDT"]'],
      ['/admin/products/fixed', '[data-testid="tab-fixed"]'],
      ['/admin/products/staking', '[data-testid="staking-table"]'],
      ['/admin/launch-pool', 'main'],
      ['/admin/products/dual', 'main'],
      ['/admin/users', '[data-testid="users-table"]'],
      [`/admin/users/${demo.id}`, '[data-testid="user-history"] tbody tr'],
      ['/admin/prices', 'main'],
      ['/admin/clock', '[data-testid="clock-kind"]'],
      ['/admin/audit', 'main'],
      ['/admin/outbox', 'main'],
      ['/admin/operators', 'main'],
      ['/admin/settings', '[data-testid="settings-rates"] [data-field="rate_ceiling_percent"]'],
    ];
    const found: string[] = [];
    const views = [
      { width: 1400, colorScheme: 'light' },
      { width: 1400, colorScheme: 'dark' },
      // A phone: tables scroll sideways there, and their hidden columns must be reachable.
      { width: 375, colorScheme: 'dark' },
    ] as const;
    for (const { width, colorScheme } of views) {
      const p = await browser.newPage({ width, colorScheme });
      // Signed in already when the tests before ran; alone, this one signs in.
      await p.goto(`${server.url}/admin`);
      const form = p.getByTestId('login-email');
      const dashboard = p.getByTestId('dash-reconciliation-status');
      await eventually(async () => (await form.isVisible()) || (await dashboard.isVisible())).toBe(true);
      if (await form.isVisible()) await signIn(p, admin);
      for (const [path, ready] of pages) {
        await p.goto(`${server.url}${path}`);
        await eventually(() => p.locator(ready).first().isVisible()).toBe(true);
        await p.waitForLoadState('networkidle');
        for (const v of await axeViolations(p))
          found.push(`${width} ${colorScheme} ${path}: ${v.id} (${v.help}) at ${v.nodes.join(', ')}`);
      }
      await p.close();
    }
    expect(found).toEqual([]);
  });

  test('a viewer sees writes disabled with the reason, and the API refuses one forced', async () => {
    await page.getByTestId('admin-signout').click();
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await page.goto(`${server.url}/admin/login?redirect=${encodeURIComponent('/admin/products/flexible')}`);
    await signIn(page, viewer);
    await page.waitForURL((u) => u.pathname === '/admin/products/flexible');
    expect(await page.getByTestId('admin-role').textContent()).toBe('Viewer');
    expect(await page.getByRole('link', { name: 'Operators' }).count()).toBe(0);
    expect(await page.getByTestId('admin-readonly').textContent()).toBe(
      'You are signed in as a viewer: you can look at everything here, and change nothing.',
    );

    const edit = page.getByTestId('flexible-USDT-edit');
    await eventually(() => edit.isVisible()).toBe(true);
    expect(await edit.isDisabled()).toBe(true);
    const reason = 'Your role (Viewer) can only look here; this needs Operator.';
    expect(await edit.getAttribute('data-reason')).toBe(reason);
    await page.getByTestId('flexible-USDT-edit-wrap').hover();
    await eventually(() => page.getByRole('tooltip').textContent()).toBe(reason);
    await screenshot(page, 'admin-viewer-1400');

    // Forced past the page, the server refuses the write and changes nothing.
    const forced = await page.evaluate(async () => {
      const csrf = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
      const res = await fetch('/admin/api/simple-earn/flexible-products/USDT', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify({ next_time_rate_year: '0.5' }),
      });
      return { status: res.status, body: await res.json() };
    });
    expect(forced.status).toBe(403);
    expect(forced.body.data.key).toBe('operator.forbidden');
    const list = await api<{ list: { asset: string; next_time_rate_year: string }[] }>(
      'GET',
      '/simple-earn/flexible-products',
    );
    expect(list.list.find((p) => p.asset === 'USDT')?.next_time_rate_year).toBe('0.0612');
  });

  test('five wrong codes lock the sign-in, and a right code is refused while locked', async () => {
    const locked = await api<Created>('POST', '/operators', { email: 'locked@example.com', role: 'viewer' });
    const fresh = await browser.newPage({ width: 1400 });
    await fresh.context().clearCookies();
    await fresh.goto(`${server.url}/admin/login`);
    const right = await codeOf(locked);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    // The lock follows the wall clock (as sign-in does), which moves: bracket the first wrong try.
    const before = Math.floor(Date.now() / 1000);
    let after = before;
    for (let i = 1; i <= 5; i++) {
      await signIn(fresh, locked, wrong);
      await eventually(() => fresh.getByTestId('login-error').textContent()).toBe(
        'Wrong email, password or code.',
      );
      if (i === 1) after = Math.ceil(Date.now() / 1000);
      await eventually(() => fresh.getByTestId('login-submit').isEnabled()).toBe(true);
    }
    await signIn(fresh, locked, right);
    const message = fresh.getByTestId('login-locked');
    // Locked for 15 minutes from the first of the five wrong tries.
    const allowed = Array.from(
      { length: after - before + 1 },
      (_, i) => `Too many wrong tries. Sign-in for this email is locked until ${utc(before + i + 15 * 60)}.`,
    );
    await eventually(async () => allowed.includes((await message.textContent()) ?? '')).toBe(true);
    expect(new URL(fresh.url()).pathname).toBe('/admin/login');
    await screenshot(fresh, 'admin-login-locked-1400');
    await fresh.close();
  });
});
