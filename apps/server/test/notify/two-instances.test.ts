import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows, sql } from '../../src/infra/db/client';
import { ADMIN_TOKEN, freshDatabase, onPostgres } from '../harness';
import { type Instance, startInstance, stopInstances } from '../instances';
import { FetchClient } from './http-client';
import { startSmtp } from './smtp';
import { streamWhileSettingFundpass } from './sse';

const HOUR = 3600;

/** Each instance's mail sender on its own timer, to one SMTP server; many sign-ups from one address. */
const notifyEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  FUNDPASS_FIRST_MOVE: '0',
  // Open streams would look for new items once a minute by themselves: what arrives sooner was pushed.
  INBOX_STREAM_POLL_MS: '60000',
});

async function operator<T = unknown>(i: Instance, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${i.port}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.data;
}

const advance = (i: Instance, seconds: number) =>
  operator(i, 'POST', '/admin/api/clock/advance', { seconds });

describe.runIf(onPostgres)('inbox and mail with two server processes on one PostgreSQL database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const instances: Instance[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    smtp = await startSmtp();
    instances.push(
      ...(await Promise.all([
        startInstance(fresh.url as string, 0, notifyEnv(smtp.url)),
        startInstance(fresh.url as string, 0, notifyEnv(smtp.url)),
      ])),
    );
  }, 240_000);

  afterAll(async () => {
    await stopInstances();
    await smtp?.close();
    await database?.close();
    await drop?.();
  });

  it('each cause makes one item and one mail while both instances run the jobs', async () => {
    const [a, b] = instances as [Instance, Instance];
    await operator(a, 'PUT', '/admin/api/prices/USDT', { usdt: '1' });
    await operator(a, 'PUT', '/admin/api/prices/GT', { usdt: '20' });
    await operator(a, 'PUT', '/admin/api/prices/ETH', { usdt: '3000' });
    await operator(a, 'POST', '/admin/api/simple-earn/flexible-products', {
      asset: 'USDT',
      min_lend_amount: '1',
      borrow_demand: '1000000000',
      next_time_rate_year: '0.05',
    });
    const staking = await operator<{ id: number }>(a, 'POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
    });
    const users = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const c = new FetchClient(`http://127.0.0.1:${(n % 2 ? b : a).port}`);
        const id = await c.register(`two-${n}-${Date.now()}@example.com`);
        await operator(a, 'POST', '/admin/api/deposits', { user: id, asset: 'USDT', amount: '5000' });
        const kinds = ['daily_earnings', 'apr_changed', 'launchpool_start', 'launchpool_end', 'apr_alert'];
        expect(
          (await c.call('POST', '/api/web/v1/notifications/preferences', { mail_kinds: kinds })).code,
        ).toBe(0);
        expect(
          (await c.call('POST', '/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1000' })).code,
        ).toBe(0);
        expect(
          (await c.call('POST', '/apiw/v2/herald/switches', { sets: { startup_mining_switch: 1 } })).code,
        ).toBe(0);
        expect(
          (
            await c.call('POST', '/api/web/v1/earn/apr-alerts', {
              line: 'flexible',
              asset: 'USDT',
              direction: 'above',
              apr: '7',
            })
          ).code,
        ).toBe(0);
        await operator(a, 'POST', '/admin/api/deposits', { user: id, asset: 'ETH', amount: '1' });
        expect((await c.call('POST', '/apiw/v2/earn/staking/agreement', { coin: 'ETH' })).code).toBe(0);
        const staked = await c.call('POST', '/apiw/v2/earn/staking/coin-swap-verify', {
          side: 0,
          coin: 'ETH',
          amount: '1',
        });
        expect(staked.code, JSON.stringify(staked)).toBe(0);
        expect(
          (
            await c.call('POST', '/api/web/v1/earn/apr-alerts', {
              line: 'staking',
              asset: 'ETH',
              direction: 'above',
              apr: '8',
            })
          ).code,
        ).toBe(0);
        return id;
      }),
    );
    const [clock] = await rows<{ now: string }>(
      database.db,
      sql`SELECT (now_ms / 1000)::bigint::text AS now FROM test_clock`,
    );
    const now = Number(clock?.now);
    await database.db.execute(sql`INSERT INTO launchpool_projects (reward_coin, name, start_at, end_at, created_at)
      VALUES ('GT', 'Twin', to_timestamp(${now + 2 * HOUR}), to_timestamp(${now + 20 * HOUR}), to_timestamp(${now}))`);

    for (let round = 0; round < 3; round++) {
      await Promise.all([advance(a, 12 * HOUR), advance(b, 12 * HOUR)]);
      // Between rounds the rate moves above the alerts' 7 %, then back below, then above again.
      await operator(b, 'PUT', '/admin/api/simple-earn/flexible-products/USDT', {
        next_time_rate_year: ['0.08', '0.06', '0.09'][round],
      });
    }
    await Promise.all([advance(a, 2 * HOUR), advance(b, 2 * HOUR)]);
    // Staking rates change by the operator's edits, judged in the edit's transaction: two edits at
    // once on the two instances, each pair on the same side of the alerts' 8 %, whatever their order.
    for (const [x, y] of [
      ['9', '10'],
      ['5', '6'],
      ['11', '12'],
    ]) {
      await Promise.all([
        operator(a, 'PUT', `/admin/api/staking/products/${staking.id}`, { rate: x, confirm_rate: true }),
        operator(b, 'PUT', `/admin/api/staking/products/${staking.id}`, { rate: y, confirm_rate: true }),
      ]);
    }

    const counts = await rows<{ user_id: string; kind: string; n: number }>(
      database.db,
      sql`SELECT user_id::text, kind, COUNT(*)::int AS n FROM notifications GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const days = await rows<{ n: number }>(
      database.db,
      sql`SELECT COUNT(DISTINCT r.period_start)::int AS n FROM job_runs r WHERE r.job = 'inbox.daily_earnings'
        AND EXISTS (SELECT 1 FROM se_flex_interest i WHERE i.period_start >= r.period_start - interval '1 hour'
          AND i.period_start < r.period_start + interval '23 hours' AND i.interest > 0)`,
    );
    expect(days[0]?.n).toBeGreaterThanOrEqual(1);
    for (const id of users) {
      const mine = Object.fromEntries(
        counts.filter((c) => Number(c.user_id) === id).map((c) => [c.kind, c.n]),
      );
      expect(mine).toEqual({
        // Flexible 5 % → 8 % → 6 % → 9 %: three changes, each told once; staking six.
        apr_changed: 3 + 6,
        // Flexible crossing 7 % upwards twice (8 %, then 9 % after 6 %); staking crossing 8 % twice.
        apr_alert: 2 + 2,
        daily_earnings: days[0]?.n,
        launchpool_start: 1,
        launchpool_end: 1,
      });
    }

    // Both instances send mail: every outbox row arrives exactly once.
    const deadline = Date.now() + 30_000;
    let pending = 1;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      const [p] = await rows<{ n: number }>(
        database.db,
        sql`SELECT COUNT(*)::int AS n FROM outbox WHERE sent_at IS NULL`,
      );
      pending = p?.n ?? 0;
    }
    expect(pending).toBe(0);
    const outbox = await rows<{ to: string; subject: string; body: string }>(
      database.db,
      sql`SELECT "to", subject, body FROM outbox ORDER BY id`,
    );
    const mailed = users.length * (9 + 4 + (days[0]?.n ?? 0) + 2);
    expect(outbox).toHaveLength(mailed);
    const key = (m: { to: string; subject: string; body: string }) => `${m.to}|${m.subject}|${m.body.trim()}`;
    expect(
      smtp.received.map((m) => key({ to: m.to[0] ?? '', subject: m.subject, body: m.text })).sort(),
    ).toEqual(outbox.map(key).sort());
  });
  it('an item caused on one instance reaches a stream open on the other at once (NOTIFY)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const onA = new FetchClient(`http://127.0.0.1:${a.port}`);
    await onA.register(`push-${Date.now()}@example.com`);
    // The session works on any instance: the tab's stream is open on the other one.
    const { events } = await streamWhileSettingFundpass(
      onA,
      `http://127.0.0.1:${b.port}/api/web/v1/notifications/stream`,
      10_000,
    );
    const pushed = events.filter((e) => e.event === 'notification');
    expect(pushed.map((e) => (e.data as { kind: string }).kind)).toEqual(['security_changed']);
  });
});
