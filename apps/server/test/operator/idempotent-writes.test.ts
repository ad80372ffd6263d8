import { Code, MessageKey } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { ok } from '../../src/infra/http/envelope';
import type { EarnModule } from '../../src/kernel/module';
import { countRows, spotBalance } from '../core/util';
import {
  ADMIN_TOKEN,
  listCoins,
  Operator,
  onPostgres,
  startTestServer,
  TestClient,
  type TestServer,
} from '../harness';

/**
 * Issue 27, item 1: one operator action is one record. Every POST of the operator API runs once per
 * Idempotency-Key (operator/writes.ts): sent twice with one key and one body it answers the first
 * response and makes one record (one audit record too); with another body under that key it answers
 * 409 40901 and makes nothing. The walk covers every operator POST the server has, so a new route
 * fails here until it is added (or opted out, with a reason, in the list below).
 */

/** Operator POSTs that do not run once per key, each for its reason (see their routes). */
const NOT_ONCE_PER_KEY = [
  '/admin/api/auth/login',
  '/admin/api/auth/logout',
  '/admin/api/clock/advance',
  '/admin/api/jobs/run-due',
];

interface Call {
  url: string;
  body: Record<string, unknown>;
  /** Another body, sent under the same key. */
  other: Record<string, unknown>;
}

interface Case {
  /** The route as registered. */
  route: string;
  prepare(): Promise<Call>;
  /** What the call changes: a table gaining one row, or a reading and what it shows after the call. */
  effect: { table: string } | { read: () => Promise<string>; after: string };
  /** The answer holds secrets (a new operator's password), which are not kept: a replay is refused. */
  secret?: boolean;
}

describe('every operator POST runs once per Idempotency-Key', () => {
  let server: TestServer;
  let op: Operator;
  let userId = 0;
  let now = 0;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    userId = await new TestClient(server).register();
    now = await op.now();
  });
  afterAll(() => server.dispose());

  async function send(url: string, body: unknown, key: string) {
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      payload: JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      body: res.json() as { code: number; message: string; data: Record<string, unknown> },
      replayed: res.headers['idempotent-replayed'],
    };
  }

  async function made<T extends Record<string, unknown>>(url: string, body: unknown): Promise<T> {
    const res = await op.call<T>('POST', url, body);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  }

  const lockPool = {
    coin: 'USDT',
    personal_min_amount: '1',
    personal_max_amount: '5000',
    decimal_place: 2,
    buy_total_amount: '1000000',
    reward_per_hour: '10',
    rate_year: '12.5',
    rate_year_type: 1,
    reward_pool_type: 0,
  };
  const project = (name: string, pools: Record<string, unknown>[]) => {
    const start = Math.ceil(now / 3600) * 3600 + 3600;
    return { reward_coin: 'GT', name, start_timest: start, end_timest: start + 48 * 3600, pools };
  };
  const stakingProduct = (coin: string, rate: string) => ({ coin, type: 1, reward_coin: coin, rate });
  const wealthProduct = (name: string) => ({
    project_type: 5,
    name,
    coin: 'USDT',
    min_purchase: '100',
    nav: '1',
  });
  const funded = async (amount: string) => {
    const id = await new TestClient(server).register();
    await op.deposit(id, 'USDT', amount);
    return id;
  };
  const spot = (id: () => number) => () => spotBalance(server.deps.db, id(), 'USDT');

  let depositee = 0;
  let withdrawer = 0;
  let borrower = 0;
  let repayer = 0;

  const cases: Case[] = [
    {
      route: '/admin/api/simple-earn/flexible-products',
      effect: { table: 'se_flex_products' },
      prepare: async () => {
        const body = {
          asset: 'USDT',
          min_lend_amount: '1',
          next_time_rate_year: '0.05',
          borrow_demand: '1000',
        };
        return {
          url: '/admin/api/simple-earn/flexible-products',
          body,
          other: { ...body, borrow_demand: '2000' },
        };
      },
    },
    {
      route: '/admin/api/simple-earn/fixed-products',
      effect: { table: 'se_fixed_products' },
      prepare: async () => {
        const body = {
          asset: 'BTC',
          lock_up_period: 30,
          year_rate: '0.04',
          total_quota: '100000',
          min_lend_amount: '0.01',
          start_time: now,
          title: 'BTC 30 days',
        };
        return { url: '/admin/api/simple-earn/fixed-products', body, other: { ...body, year_rate: '0.05' } };
      },
    },
    {
      route: '/admin/api/simple-earn/vouchers',
      effect: { table: 'se_vouchers' },
      prepare: async () => {
        const body = {
          user: userId,
          title: 'Rate up',
          rate_day: 7,
          rate_ratio: '10',
          buy_limit_low: '0',
          buy_limit_high: '1000',
          using_currency: 'USDT',
          expired_timest: now + 30 * 86_400,
        };
        return { url: '/admin/api/simple-earn/vouchers', body, other: { ...body, rate_ratio: '20' } };
      },
    },
    {
      route: '/admin/api/launch-pool/projects',
      effect: { table: 'launchpool_projects' },
      prepare: async () => {
        const body = project('Once', [lockPool]);
        return { url: '/admin/api/launch-pool/projects', body, other: { ...body, name: 'Twice' } };
      },
    },
    {
      route: '/admin/api/launch-pool/projects/:pid/pools',
      effect: { table: 'launchpool_pools' },
      prepare: async () => {
        const { pid } = await made<{ pid: number }>(
          '/admin/api/launch-pool/projects',
          project('Pools', [lockPool]),
        );
        const url = `/admin/api/launch-pool/projects/${pid}/pools`;
        return { url, body: lockPool, other: { ...lockPool, reward_per_hour: '20' } };
      },
    },
    {
      route: '/admin/api/launch-pool/pools/:rid/reward-coins',
      effect: { table: 'launchpool_pool_coins' },
      prepare: async () => {
        const multi = {
          ...lockPool,
          reward_pool_type: 1,
          reward_coins: [{ coin: 'ETH', reward_per_hour: '1', rate_year: '4' }],
        };
        const created = await made<{ reward_pools: { rid: number }[] }>(
          '/admin/api/launch-pool/projects',
          project('Coins', [multi]),
        );
        const body = { coin: 'BTC', reward_per_hour: '0.001', rate_year: '2' };
        return {
          url: `/admin/api/launch-pool/pools/${created.reward_pools[0]?.rid}/reward-coins`,
          body,
          other: { ...body, coin: 'USDC' },
        };
      },
    },
    {
      route: '/admin/api/launch-pool/earn-more',
      effect: { table: 'launchpool_earn_more' },
      prepare: async () => {
        const body = {
          coin: 'GT',
          type: 'launchpool',
          popup_msg: 'More GT',
          popup_high_light: ['GT'],
          url: '/x',
        };
        return {
          url: '/admin/api/launch-pool/earn-more',
          body,
          other: { ...body, popup_msg: 'Even more GT' },
        };
      },
    },
    {
      route: '/admin/api/staking/products',
      effect: { table: 'staking_products' },
      prepare: async () => ({
        url: '/admin/api/staking/products',
        body: stakingProduct('ETH', '3'),
        other: stakingProduct('ETH', '4'),
      }),
    },
    {
      route: '/admin/api/staking/products/:id/protocols',
      effect: { table: 'staking_protocols' },
      prepare: async () => {
        const { id } = await made<{ id: number }>('/admin/api/staking/products', stakingProduct('GT', '2'));
        const body = { protocol_name: 'Lido', reward_coin: 'GT', rate: '3.8' };
        return { url: `/admin/api/staking/products/${id}/protocols`, body, other: { ...body, rate: '3.9' } };
      },
    },
    {
      route: '/admin/api/staking/products/:id/campaigns',
      effect: { table: 'staking_campaigns' },
      prepare: async () => {
        const { id } = await made<{ id: number }>('/admin/api/staking/products', stakingProduct('BTC', '1'));
        const body = {
          pid: 0,
          reward_coin: 'BTC',
          start_time: now,
          end_time: now + 30 * 86_400,
          interest: [{ money_min: '0', money_max: '-1', money_rate: '0.05' }],
        };
        return {
          url: `/admin/api/staking/products/${id}/campaigns`,
          body,
          other: { ...body, reward_coin: 'GT' },
        };
      },
    },
    {
      route: '/admin/api/wealth/products',
      effect: { table: 'wealth_products' },
      prepare: async () => ({
        url: '/admin/api/wealth/products',
        body: wealthProduct('Quant once'),
        other: wealthProduct('Quant twice'),
      }),
    },
    {
      route: '/admin/api/wealth/products/:pid/nav',
      effect: { table: 'wealth_navs' },
      prepare: async () => {
        const { pid } = await made<{ pid: number }>('/admin/api/wealth/products', wealthProduct('Navs'));
        // A NAV of its own instant: the product's first one is published at creation.
        await op.advance(60);
        return {
          url: `/admin/api/wealth/products/${pid}/nav`,
          body: { nav: '1.05' },
          other: { nav: '1.06' },
        };
      },
    },
    {
      route: '/admin/api/dual/orders',
      effect: { table: 'dual_orders' },
      prepare: async () => {
        const body = {
          user: userId,
          invest_coin: 'USDT',
          exercise_coin: 'BTC',
          amount: '100',
          target_price: '90000',
          apr: '12.5',
          expire_time: now + 7 * 86_400,
        };
        return { url: '/admin/api/dual/orders', body, other: { ...body, amount: '200' } };
      },
    },
    {
      route: '/admin/api/dual/products',
      effect: { table: 'dual_products' },
      prepare: async () => {
        const body = {
          invest_coin: 'BTC',
          exercise_coin: 'USDT',
          direction: 'sell_high',
          target_price: '110000',
          settle_time: Math.ceil(now / 3600) * 3600 + 48 * 3600,
          min_amount: '0.001',
          total_quota: '10',
          apr: '20',
        };
        return { url: '/admin/api/dual/products', body, other: { ...body, target_price: '120000' } };
      },
    },
    {
      route: '/admin/api/dual/products/:id/cancel',
      // Each withdrawal writes its run.
      effect: { table: 'dual_settlements' },
      prepare: async () => {
        const created = await op.call<{ id: number }>('POST', '/admin/api/dual/products', {
          invest_coin: 'USDT',
          exercise_coin: 'BTC',
          direction: 'buy_low',
          target_price: '90000',
          settle_time: Math.ceil(now / 3600) * 3600 + 72 * 3600,
          min_amount: '10',
          total_quota: '1000',
          apr: '20',
        });
        const id = created.body.data.id;
        return { url: `/admin/api/dual/products/${id}/cancel`, body: {}, other: { note: 'again' } };
      },
    },
    {
      route: '/admin/api/operators',
      effect: { table: 'operators' },
      secret: true,
      prepare: async () => ({
        url: '/admin/api/operators',
        body: { email: 'once@example.com', role: 'operator' },
        other: { email: 'twice@example.com', role: 'operator' },
      }),
    },
    {
      route: '/admin/api/deposits',
      effect: { read: spot(() => depositee), after: '8' },
      prepare: async () => {
        depositee = await funded('1');
        const body = { user: depositee, asset: 'USDT', amount: '7' };
        return { url: '/admin/api/deposits', body, other: { ...body, amount: '8' } };
      },
    },
    {
      route: '/admin/api/withdrawals',
      effect: { read: spot(() => withdrawer), after: '90' },
      prepare: async () => {
        withdrawer = await funded('100');
        const body = { user: withdrawer, asset: 'USDT', amount: '10' };
        return { url: '/admin/api/withdrawals', body, other: { ...body, amount: '20' } };
      },
    },
    {
      route: '/admin/api/loans',
      effect: { read: spot(() => borrower), after: '130' },
      prepare: async () => {
        borrower = await funded('100');
        expect(
          (await op.call('PUT', `/admin/api/users/${borrower}`, { account_mode: 'multi_currency' })).status,
        ).toBe(200);
        const body = { user: borrower, asset: 'USDT', amount: '30' };
        return { url: '/admin/api/loans', body, other: { ...body, amount: '40' } };
      },
    },
    {
      route: '/admin/api/loans/repay',
      effect: { read: spot(() => repayer), after: '120' },
      prepare: async () => {
        repayer = await funded('100');
        await op.call('PUT', `/admin/api/users/${repayer}`, { account_mode: 'multi_currency' });
        await made('/admin/api/loans', { user: repayer, asset: 'USDT', amount: '30' });
        const body = { user: repayer, asset: 'USDT', amount: '10' };
        return { url: '/admin/api/loans/repay', body, other: { ...body, amount: '20' } };
      },
    },
    {
      // Last: it moves the test clock the others read.
      route: '/admin/api/clock/advances',
      effect: { table: 'clock_advances' },
      prepare: async () => ({
        url: '/admin/api/clock/advances',
        body: { seconds: 60 },
        other: { seconds: 120 },
      }),
    },
  ];

  it('walks every POST of the operator API: each is below, or named as not once per key', () => {
    const posts = server.app.routeTable
      .filter((r) => r.method === 'POST' && r.url.startsWith('/admin/api/'))
      .map((r) => r.url);
    expect([...posts].sort()).toEqual([...cases.map((c) => c.route), ...NOT_ONCE_PER_KEY].sort());
  });

  it('declares the Idempotency-Key header on each of them in the API document, and only there', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const declares = (route: string) =>
      (doc.paths[route.replace(/:(\w+)/g, '{$1}')]?.post?.parameters ?? []).some(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      );
    expect(cases.map((c) => c.route).filter((r) => !declares(r))).toEqual([]);
    expect(NOT_ONCE_PER_KEY.filter(declares)).toEqual([]);
  });

  it.each(cases.map((c) => [c.route, c] as const))(
    '%s: a replay makes nothing, another body is 409',
    async (_, c) => {
      const call = await c.prepare();
      const key = `once${c.route.replace(/[^A-Za-z0-9]+/g, '.')}`;
      const state = async () => ({
        made: 'table' in c.effect ? await countRows(server.deps.db, c.effect.table) : await c.effect.read(),
        audit: await countRows(server.deps.db, 'operator_audit'),
      });
      const before = await state();

      const first = await send(call.url, call.body, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.code).toBe(0);
      expect(first.replayed).toBeUndefined();
      const after = await state();
      expect(after).toEqual({
        made: 'table' in c.effect ? Number(before.made) + 1 : c.effect.after,
        audit: before.audit + 1,
      });

      const replay = await send(call.url, call.body, key);
      if (c.secret) {
        expect(replay.status).toBe(409);
        expect(replay.body).toEqual({
          code: Code.IDEMPOTENCY_ANSWER_NOT_KEPT,
          message: 'This Idempotency-Key was answered once; that answer held secrets, which are not kept',
          data: { key: MessageKey.idempotencyAnswerNotKept, params: {} },
        });
      } else {
        expect(replay.status).toBe(200);
        expect(replay.body).toEqual(first.body);
        expect(replay.replayed).toBe('true');
      }
      expect(await state()).toEqual(after);

      const other = await send(call.url, call.other, key);
      expect(other.status).toBe(409);
      expect(other.body).toEqual({
        code: Code.IDEMPOTENCY_CONFLICT,
        message: 'This Idempotency-Key was used for a different request',
        data: { key: MessageKey.idempotencyConflict, params: {} },
      });
      expect(await state()).toEqual(after);
    },
  );

  it.runIf(onPostgres)('parallel sends of one key grant one voucher (PostgreSQL)', async () => {
    const body = {
      user: userId,
      title: 'Parallel',
      rate_day: 7,
      rate_ratio: '10',
      buy_limit_low: '0',
      buy_limit_high: '0',
      using_currency: '',
      expired_timest: now + 30 * 86_400,
    };
    const before = await countRows(server.deps.db, 'se_vouchers');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send('/admin/api/simple-earn/vouchers', body, 'parallel-voucher')),
    );
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(7);
    expect(await countRows(server.deps.db, 'se_vouchers')).toBe(before + 1);
  });

  it('keeps no secret of a new operator with its key', async () => {
    const first = await send(
      '/admin/api/operators',
      { email: 'secret@example.com', role: 'viewer' },
      'secret-1',
    );
    expect(first.status).toBe(200);
    const kept = JSON.stringify(
      await rows(
        server.deps.db,
        sql`SELECT status_code, response FROM idempotency_keys WHERE key = 'secret-1'`,
      ),
    );
    expect(kept).toBe('[{"status_code":409,"response":{}}]');
    expect(kept).not.toContain(String(first.body.data.password));
    expect(kept).not.toContain(String(first.body.data.totp_secret));
  });
});

describe('an operator POST that makes its change outside inTransaction', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A route that forgets the mechanism: it writes on its own and answers.
    const forgetful: EarnModule = {
      name: 'forgetful',
      routes(app, deps) {
        app.post('/admin/api/test/forgetful', {}, async () => {
          await deps.db.execute(sql`SELECT 1`);
          return ok(null);
        });
      },
    };
    server = await startTestServer({ modules: [forgetful] });
  });
  afterAll(() => server.dispose());

  it('fails (500) rather than take a key it does not honour', async () => {
    const res = await new Operator(server).call(
      'POST',
      '/admin/api/test/forgetful',
      {},
      { 'idempotency-key': 'k1' },
    );
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(Code.INTERNAL);
  });
});
