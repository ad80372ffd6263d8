import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/infra/db/client';
import { rows, sql } from '../../src/infra/db/client';
import { runDailyEarnings, runLaunchpoolAnnouncements } from '../../src/notify/inbox/jobs';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { DAY, fixedProduct, flexProduct, HOUR, setFlex } from '../simple-earn/helpers';
import { inbox, kinds } from './helpers';

const PASSWORD = 'correct-horse-1';

describe('inbox: items created once per cause, read in the user’s language', () => {
  let server: TestServer;
  let op: Operator;
  let a: TestClient;
  let b: TestClient;
  let aId: number;
  let bEmail: string;
  /** When the fixed order matures (unix seconds). */
  let maturityAt: number;

  const runInTx = (work: (tx: Db) => Promise<void>) => server.deps.db.transaction((tx) => work(tx));
  const count = async (kind?: string) => {
    const [row] = await rows<{ n: number }>(
      server.deps.db,
      kind
        ? sql`SELECT COUNT(*)::int AS n FROM notifications WHERE kind = ${kind}`
        : sql`SELECT COUNT(*)::int AS n FROM notifications`,
    );
    return Number(row?.n);
  };

  beforeAll(async () => {
    // Every simulated hour runs every job: the clock starts at 23:00 UTC, so the fixed order below
    // (subscribed on day D) matures at D+2 00:30, 25.5 hours on, whatever the hour the test runs at.
    const today = Math.floor(Date.now() / (DAY * 1000)) * DAY;
    server = await startTestServer({ clockStart: new Date((today + 23 * HOUR) * 1000) });
    op = new Operator(server);
    await listCoins(op);
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05' });
    a = new TestClient(server);
    b = new TestClient(server);
    aId = await a.register(`inbox-a-${Date.now()}@example.com`);
    bEmail = `inbox-b-${Date.now()}@example.com`;
    await b.register(bEmail);
    await op.deposit(aId, 'USDT', '10000');
  });
  afterAll(() => server.dispose());

  it('a new user has an empty inbox; preferences default to English and no mail', async () => {
    expect(await inbox(a)).toEqual({ list: [], unread: 0, next_cursor: null });
    const prefs = await a.get<{ language: string; kinds: { kind: string; mail: boolean }[] }>(
      '/api/web/v1/notifications/preferences',
    );
    expect(prefs.body.data.language).toBe('en');
    expect(prefs.body.data.kinds.every((k) => !k.mail)).toBe(true);
    expect(prefs.body.data.kinds.map((k) => k.kind)).toContain('fixed_matured');
  });

  it('refuses bad preferences and bad reads with 400 and changes nothing', async () => {
    const bad = await a.post('/api/web/v1/notifications/preferences', { mail_kinds: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).not.toBe(0);
    const empty = await a.post('/api/web/v1/notifications/preferences', {});
    expect(empty.status).toBe(400);
    expect((await a.post('/api/web/v1/notifications/read', { ids: [] })).status).toBe(400);
    expect((await a.post('/api/web/v1/notifications/read', { all: false })).status).toBe(400);
    expect((await a.get('/api/web/v1/notifications', { kind: 'nope' })).status).toBe(400);
    expect((await a.get('/api/web/v1/notifications', { limit: 0 })).status).toBe(400);
    const prefs = await a.get<{ language: string }>('/api/web/v1/notifications/preferences');
    expect(prefs.body.data.language).toBe('en');
  });

  it('fixed order matured: once, saying where the money went, in Chinese and by mail as chosen', async () => {
    const saved = await a.post<{ language: string; kinds: { kind: string; mail: boolean }[] }>(
      '/api/web/v1/notifications/preferences',
      { language: 'zh-CN', mail_kinds: ['fixed_matured'] },
    );
    expect(saved.body.data.language).toBe('zh-CN');
    expect(saved.body.data.kinds.filter((k) => k.mail).map((k) => k.kind)).toEqual(['fixed_matured']);

    const productId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 1, year_rate: '0.0365' });
    const lend = await a.post<{ order_id: number }>(
      '/apiw/v2/fixed_earn/api/user/lend',
      { product_id: productId, amount: '1000', year_rate: '0.0365', redeem_account_type: 2 },
      { form: true },
    );
    expect(lend.body.code, JSON.stringify(lend.body)).toBe(0);
    const orderId = lend.body.data.order_id;
    // Flexible savings too, so the day before the maturity has earnings of its own (the daily test).
    const flex = await a.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '2000' });
    expect(flex.body.code, JSON.stringify(flex.body)).toBe(0);
    // To just past the maturity (the subscription day + term + 1, paid at 00:30 UTC) and no further.
    const now = await op.now();
    maturityAt = (Math.floor(now / DAY) + 2) * DAY + 1800;
    await op.advance(maturityAt + 60 - now);

    const matured = (await inbox(a, { kind: 'fixed_matured' })).list;
    expect(matured).toHaveLength(1);
    // 1000 × 3.65 % / 365 × 1 day = 0.1 USDT interest, paid with the principal into flexible savings.
    expect(matured[0]?.title).toBe('定期 USDT 订单已到期');
    expect(matured[0]?.body).toBe(
      `订单 #${orderId} 已到期：1000.1 USDT（本金 1000 + 利息 0.1 USDT）已转入活期理财。`,
    );
    const en = (await inbox(a, { kind: 'fixed_matured', lang: 'en' })).list[0];
    expect(en?.body).toBe(
      `Order #${orderId} matured: 1000.1 USDT (principal 1000 + interest 0.1 USDT) went to flexible savings.`,
    );
    const mail = await op.call<{ list: { to: string; language: string; subject: string; body: string }[] }>(
      'GET',
      '/admin/api/outbox',
    );
    const mine = mail.body.data.list.filter((m) => m.subject === '定期 USDT 订单已到期');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.language).toBe('zh-CN');
    expect(mine[0]?.body).toContain('已转入活期理财');
  });

  it('daily earnings: one summary per day with the exact amounts; a rerun of the day creates none', async () => {
    // Flexible: 2000 USDT from the first hour, 1000.1 more from the maturity, at 5 % a year, paid hour
    // by hour. Days close at 01:00: the day before the maturity's (flexible only) has closed already;
    // the maturity's own (fixed interest and flexible hours) closes the next day.
    const maturityDayStart = maturityAt - 1800;
    await op.advance(maturityDayStart + DAY + HOUR + 60 - (await op.now()));
    const days = (await inbox(a, { kind: 'daily_earnings', lang: 'en' })).list;
    const dayOf = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
    // The title writes the day as the app writes dates (MM/DD/YYYY in English).
    const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    expect(days.map((d) => d.title)).toEqual(
      [maturityDayStart, maturityDayStart - DAY].map((d) => `Earnings of ${usDay(dayOf(d))}`),
    );
    // The maturity job of the day since found nothing more to tell.
    expect(await count('fixed_matured')).toBe(1);
    const interest = await rows<{ day: string; amount: string }>(
      server.deps.db,
      sql`SELECT to_char(period_start, 'YYYY-MM-DD') AS day, SUM(interest)::text AS amount FROM se_flex_interest
          WHERE user_id = ${aId} GROUP BY 1`,
    );
    const fixedDay = await rows<{ day: string }>(
      server.deps.db,
      sql`SELECT to_char(at, 'YYYY-MM-DD') AS day FROM se_history WHERE user_id = ${aId} AND line = 'fixed' AND type = 3`,
    );
    const byDay = new Map(interest.map((r) => [r.day, r.amount]));
    const maturityDay = fixedDay[0]?.day;
    for (const item of days) {
      const [mm, dd, yyyy] = item.title.replace('Earnings of ', '').split('/');
      const day = `${yyyy}-${mm}-${dd}`;
      const flex = byDay.get(day);
      const parts: string[] = [];
      // Fixed interest (0.1) is added to the day it was paid.
      const total = Number(flex ?? 0) + (day === maturityDay ? 0.1 : 0);
      parts.push(`${Number(total.toFixed(8))} USDT`);
      expect(item.body).toBe(`Yesterday you earned ${parts.join(', ')}.`);
    }
    const before = await count('daily_earnings');
    const now = new Date((await op.now()) * 1000);
    // The last day the scheduler has closed: days close at 01:00 UTC, so between 00:00 and 01:00 the
    // latest closed one ended yesterday.
    let periodEnd = new Date(Math.floor(now.getTime() / (DAY * 1000)) * DAY * 1000 + HOUR * 1000);
    if (periodEnd > now) periodEnd = new Date(periodEnd.getTime() - DAY * 1000);
    await runInTx((tx) =>
      runDailyEarnings(tx, server.deps.reads, {
        start: new Date(periodEnd.getTime() - DAY * 1000),
        end: periodEnd,
      }),
    );
    await runInTx((tx) =>
      runDailyEarnings(tx, server.deps.reads, {
        start: new Date(periodEnd.getTime() - DAY * 1000),
        end: periodEnd,
      }),
    );
    expect(await count('daily_earnings')).toBe(before);
    // b earned nothing and is told nothing.
    expect(kinds(await inbox(b))).not.toContain('daily_earnings');
  });

  it('APR changed: the holder is told once, in the hour the new rate applies; others are not', async () => {
    await setFlex(op, 'USDT', { next_time_rate_year: '0.08' });
    await op.advance(3 * HOUR);
    const changed = (await inbox(a, { kind: 'apr_changed', lang: 'en' })).list;
    expect(changed).toHaveLength(1);
    expect(changed[0]?.title).toBe('USDT Flexible savings APR changed');
    expect(changed[0]?.body).toBe(
      'The APR of USDT Flexible savings, which you hold, changed from 5 % to 8 %.',
    );
    expect(kinds(await inbox(b))).not.toContain('apr_changed');
  });

  it('launch pool start and end: only users who switched announcements on, once per project', async () => {
    const on = await b.post('/apiw/v2/herald/switches', { sets: { startup_mining_switch: 1 } });
    expect(on.body.code).toBe(0);
    const now = await op.now();
    await server.deps.db.execute(sql`INSERT INTO launchpool_projects (reward_coin, name, start_at, end_at, created_at)
      VALUES ('GT', 'Inbox Test', to_timestamp(${now + 600}), to_timestamp(${now + 600 + 2 * HOUR}), to_timestamp(${now}))`);
    await op.advance(4 * HOUR);
    const got = (await inbox(b, { lang: 'en' })).list.filter((i) => i.kind.startsWith('launchpool'));
    expect(got.map((i) => [i.kind, i.title])).toEqual([
      ['launchpool_end', 'Inbox Test Launchpool has ended'],
      ['launchpool_start', 'Inbox Test Launchpool has started'],
    ]);
    expect(kinds(await inbox(a))).not.toContain('launchpool_start');
    // The hour again: nothing new.
    const start = new Date((now - (now % HOUR)) * 1000);
    await runInTx((tx) =>
      runLaunchpoolAnnouncements(tx, server.deps.reads, {
        start,
        end: new Date(start.getTime() + HOUR * 1000),
      }),
    );
    expect(await count('launchpool_start')).toBe(1);
  });

  it('funding password set and a sign-in from a new device, each once', async () => {
    const set = await b.post('/api/web/v1/auth/fund-password', {
      fundpass: '246810',
      login_password: PASSWORD,
    });
    expect(set.body.code, JSON.stringify(set.body)).toBe(0);
    const other = new TestClient(server);
    const login = (ua: string) =>
      other.request('POST', '/api/web/v1/auth/login', {
        body: { email: bEmail, password: PASSWORD },
        headers: { 'user-agent': ua },
      });
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
    expect((await login(iphone)).body.code).toBe(0);
    expect((await login(iphone)).body.code).toBe(0);
    const box = (await inbox(b, { lang: 'en' })).list;
    const security = box.filter((i) => i.kind === 'security_changed');
    expect(security.map((i) => i.body)).toEqual([
      'Your funding password was set. If this was not you, change your login password now.',
    ]);
    const device = box.filter((i) => i.kind === 'new_device');
    expect(device).toHaveLength(1);
    expect(device[0]?.body).toMatch(
      /^Your account was signed in from Safari on iOS \(.+\)\. If this was not you/,
    );
    // In Chinese the device is written in Chinese too (it read 'Safari on iOS' inside the sentence).
    const zh = (await inbox(b, { kind: 'new_device', lang: 'zh-CN' })).list;
    expect(zh[0]?.body).toMatch(/^您的账户通过 iOS 上的 Safari（.+）登录。如非本人操作/);
  });

  it('reads: by id (others’ ids ignored), all, unread filter, kind filter and cursor pages', async () => {
    const all = await inbox(b, { limit: 100 });
    expect(all.unread).toBe(all.list.length);
    const [first, second] = all.list;
    if (!first || !second) throw new Error('b needs two items');
    const foreign = (await inbox(a)).list[0]?.id ?? 0;
    const read = await b.post<{ unread: number }>('/api/web/v1/notifications/read', {
      ids: [first.id, foreign],
    });
    expect(read.body.data.unread).toBe(all.unread - 1);
    expect((await inbox(a)).list.find((i) => i.id === foreign)?.read).toBe(false);
    const unreadOnly = await inbox(b, { unread: 1, limit: 100 });
    expect(unreadOnly.list.map((i) => i.id)).not.toContain(first.id);

    const page1 = await inbox(b, { limit: 2 });
    expect(page1.list).toHaveLength(2);
    const page2 = await inbox(b, { limit: 2, cursor: page1.next_cursor ?? 0 });
    expect(page2.list[0]?.id).toBeLessThan(page1.list[1]?.id ?? 0);
    expect(page1.list.concat(page2.list).map((i) => i.id)).toEqual(all.list.slice(0, 4).map((i) => i.id));

    expect((await inbox(b, { kind: 'new_device' })).list.map((i) => i.kind)).toEqual(['new_device']);
    const none = await b.post<{ unread: number }>('/api/web/v1/notifications/read', { all: true });
    expect(none.body.data.unread).toBe(0);
    expect((await inbox(b)).list.every((i) => i.read)).toBe(true);
  });

  it('needs a session', async () => {
    const anon = new TestClient(server);
    expect((await anon.get('/api/web/v1/notifications')).status).toBe(401);
    expect((await anon.post('/api/web/v1/notifications/read', { all: true })).status).toBe(401);
  });
});
