import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { ADMIN_TOKEN, listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { countRows, ledgerSnapshot, spotBalance } from './util';

/** The operator paths DESIGN.md fixes, with a body each accepts. */
const FIXED: [method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>][] = [
  ['POST', '/admin/api/deposits', { user: 1, asset: 'USDT', amount: '1' }],
  ['POST', '/admin/api/withdrawals', { user: 1, asset: 'USDT', amount: '1' }],
  ['PUT', '/admin/api/users/1', { vip_tier: 1 }],
  ['PUT', '/admin/api/prices/BTC', { usdt: '1' }],
  ['POST', '/admin/api/clock/advance', { seconds: 60 }],
  ['GET', '/admin/api/reconciliation'],
];

describe('operator API', () => {
  let server: TestServer;
  let op: Operator;
  let userId: number;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    client = new TestClient(server);
    userId = await client.register('opuser@example.com');
  });
  afterAll(() => server.dispose());

  it.each(FIXED)(
    '%s %s needs the bearer token: 401 without it or with a wrong one, nothing changes',
    async (method, url, body) => {
      const before = await ledgerSnapshot(server.deps.db);
      const clock = await op.now();
      for (const authorization of [
        undefined,
        'Bearer wrong',
        `Bearer ${ADMIN_TOKEN}x`,
        ADMIN_TOKEN,
        `bearer ${ADMIN_TOKEN}`,
      ]) {
        const res = await server.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          payload: body ? JSON.stringify(body) : undefined,
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json()).toMatchObject({ code: 40100, data: { key: 'operator.unauthorized' } });
      }
      expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
      expect(await op.now()).toBe(clock);
    },
  );

  it('deposits credit spot, by user id or email, as one balanced entry', async () => {
    const res = await op.call<{ entry_id: number; user: number; asset: string; amount: string }>(
      'POST',
      '/admin/api/deposits',
      {
        user: userId,
        asset: 'usdt',
        amount: '150.25',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user: userId, asset: 'USDT', amount: '150.25' });
    const byEmail = await op.call('POST', '/admin/api/deposits', {
      user: 'OPUSER@example.com',
      asset: 'USDT',
      amount: '0.75',
    });
    expect(byEmail.body.code).toBe(0);
    expect(await spotBalance(server.deps.db, userId, 'USDT')).toBe('151');
    const postings = await rows<{ amount: string; purpose: string; user_id: string }>(
      server.deps.db,
      sql`SELECT p.amount::text AS amount, a.purpose, a.user_id::text AS user_id FROM postings p
          JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = ${res.body.data.entry_id} ORDER BY p.amount`,
    );
    expect(postings.map((p) => [Number(p.amount), p.purpose, p.user_id])).toEqual([
      [-150.25, 'external', '0'],
      [150.25, 'spot', String(userId)],
    ]);
  });

  it('refuses bad deposits with 4xx and writes nothing', async () => {
    const before = await ledgerSnapshot(server.deps.db);
    const bad: [Record<string, unknown>, number, string][] = [
      [{ user: userId, asset: 'USDT', amount: '0' }, 400, 'common.invalidParams'],
      [{ user: userId, asset: 'USDT', amount: '-5' }, 400, 'common.invalidParams'],
      [{ user: userId, asset: 'USDT', amount: '1e3' }, 400, 'common.invalidParams'],
      [{ user: userId, asset: 'USDT', amount: ' 1' }, 400, 'common.invalidParams'],
      [{ user: userId, asset: 'USDT', amount: 5 }, 400, 'common.invalidParams'],
      [{ user: userId, asset: 'USDT', amount: '0.0000000000000000001' }, 400, 'common.invalidParams'],
      // 18 decimals pass the schema but not the asset's 8-decimal precision.
      [{ user: userId, asset: 'USDT', amount: '0.000000001' }, 400, 'common.amountPrecision'],
      [{ user: userId, asset: 'NOPE', amount: '1' }, 400, 'common.unknownAsset'],
      [{ user: 'nobody@example.com', asset: 'USDT', amount: '1' }, 404, 'common.notFound'],
      [{ user: 999999, asset: 'USDT', amount: '1' }, 404, 'common.notFound'],
      [{ asset: 'USDT', amount: '1' }, 400, 'common.invalidParams'],
    ];
    for (const [body, status, key] of bad) {
      const res = await op.call('POST', '/admin/api/deposits', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((res.body.data as { key: string }).key, JSON.stringify(body)).toBe(key);
    }
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
  });

  it('withdrawals debit spot and are refused beyond the balance', async () => {
    const id = await new TestClient(server).register();
    await op.deposit(id, 'ETH', '2');
    const before = await ledgerSnapshot(server.deps.db);
    const over = await op.call('POST', '/admin/api/withdrawals', {
      user: id,
      asset: 'ETH',
      amount: '2.00000001',
    });
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      code: Code.INSUFFICIENT_BALANCE,
      message: 'Insufficient ETH balance',
      data: { key: 'finances.inadequateBalance', params: { coin: 'ETH' } },
    });
    const never = await op.call('POST', '/admin/api/withdrawals', { user: id, asset: 'BTC', amount: '1' });
    expect(never.status).toBe(422);
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
    expect(
      (await op.call('POST', '/admin/api/withdrawals', { user: id, asset: 'ETH', amount: '0.5' })).body.code,
    ).toBe(0);
    expect(
      (await op.call('POST', '/admin/api/withdrawals', { user: id, asset: 'ETH', amount: '1.5' })).body.code,
    ).toBe(0);
    expect(await spotBalance(server.deps.db, id, 'ETH')).toBe('0');
    expect(
      (await op.call('POST', '/admin/api/withdrawals', { user: id, asset: 'ETH', amount: '0.00000001' }))
        .status,
    ).toBe(422);
  });

  it('PUT users/{user} sets VIP tier, 60-day volume, account mode, compliance menu and lock flags', async () => {
    const id = await new TestClient(server).register('settings@example.com');
    const res = await op.call('PUT', '/admin/api/users/settings@example.com', {
      vip_tier: 5,
      trading_volume_60d: '98765.4321',
      account_mode: 'single_currency',
      compliance_menu: ['spot_trade'],
      compliance_business: ['futures'],
      locked: true,
      use_funding: true,
      first_open: false,
    });
    expect(res.body).toEqual({ code: 0, message: 'success', data: { user: id } });
    const shown = await op.call('GET', `/admin/api/users/${id}`);
    expect(shown.body.data).toMatchObject({
      id,
      email: 'settings@example.com',
      vip_tier: 5,
      trading_volume_60d: '98765.4321',
      account_mode: 'single_currency',
      compliance_menu: ['spot_trade'],
      compliance_business: ['futures'],
      locked: true,
      use_funding: true,
    });
    // A partial update leaves the other settings alone; an empty one changes nothing.
    await op.call('PUT', `/admin/api/users/${id}`, { locked: false });
    const kept = { locked: false, vip_tier: 5, use_funding: true };
    expect((await op.call('GET', `/admin/api/users/${id}`)).body.data).toMatchObject(kept);
    const empty = await op.call('PUT', `/admin/api/users/${id}`, {});
    expect(empty.body).toEqual({ code: 0, message: 'success', data: { user: id } });
    expect((await op.call('GET', `/admin/api/users/${id}`)).body.data).toMatchObject(kept);
  });

  it.each([
    [{ vip_tier: -1 }, 400],
    [{ vip_tier: 1.5 }, 400],
    [{ vip_tier: '3' }, 400],
    [{ account_mode: 'margin' }, 400],
    [{ compliance_menu: ['casino'] }, 400],
    [{ trading_volume_60d: '-1' }, 400],
    [{ trading_volume_60d: '1e5' }, 400],
    [{ locked: 'yes' }, 400],
    [{ unknown_field: 1 }, 400],
  ])('PUT users refuses %j', async (body, status) => {
    const before = await rows(server.deps.db, sql`SELECT * FROM users ORDER BY id`);
    const res = await op.call('PUT', `/admin/api/users/${userId}`, body);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(Code.INVALID_PARAMS);
    expect(await rows(server.deps.db, sql`SELECT * FROM users ORDER BY id`)).toEqual(before);
  });

  it('PUT users of an unknown user is 404, however it is named', async () => {
    for (const ref of ['ghost@example.com', '999999', '99999999999999999999']) {
      const res = await op.call('PUT', `/admin/api/users/${ref}`, { vip_tier: 1 });
      expect(res.status, ref).toBe(404);
      expect(res.body.code).toBe(Code.NOT_FOUND);
    }
    const deposit = await op.call('POST', '/admin/api/deposits', {
      user: '99999999999999999999',
      asset: 'USDT',
      amount: '1',
    });
    expect(deposit.status).toBe(404);
  });

  it('a user ref the database cannot store (a NUL byte) is a 400, not a 500', async () => {
    const res = await op.call('GET', '/admin/api/users/a%00b');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: Code.INVALID_PARAMS, data: { key: 'common.invalidParams' } });
  });

  it('a path parameter longer than the router takes is a 400 in the envelope', async () => {
    const res = await op.call('PUT', `/admin/api/prices/${'X'.repeat(150)}`, { usdt: '1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: Code.INVALID_PARAMS,
      data: { key: 'common.invalidParams', params: {} },
    });
  });

  it('PUT prices/{asset} lists a new asset and reprices a listed one', async () => {
    const listed = await op.call('PUT', '/admin/api/prices/pepe', {
      usdt: '0.00001234',
      name: 'Pepe',
      precision: 2,
    });
    expect(listed.body).toEqual({ code: 0, message: 'success', data: { asset: 'PEPE', usdt: '0.00001234' } });
    const repriced = await op.call('PUT', '/admin/api/prices/PEPE', { usdt: '0.00002' });
    expect(repriced.body.data).toEqual({ asset: 'PEPE', usdt: '0.00002' });
    const assets = await new TestClient(server).get<
      { asset: string; name: string; price_usdt: string; precision: number }[]
    >('/api/web/v1/market/assets');
    expect(assets.body.data.find((a) => a.asset === 'PEPE')).toMatchObject({
      name: 'Pepe',
      price_usdt: '0.00002',
      precision: 2,
    });
    for (const body of [{ usdt: '0' }, { usdt: '-1' }, { usdt: 2 }, {}, { usdt: '1', precision: 19 }]) {
      const res = await op.call('PUT', '/admin/api/prices/PEPE', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await op.call('PUT', '/admin/api/prices/PE-PE', { usdt: '1' })).status).toBe(400);
  });

  it('clock/advance moves the test clock and answers the new time', async () => {
    const start = await op.now();
    const res = await op.call<{ now: number }>('POST', '/admin/api/clock/advance', { seconds: 7200 });
    expect(res.body).toEqual({ code: 0, message: 'success', data: { now: start + 7200 } });
    expect(await op.now()).toBe(start + 7200);
    for (const body of [{ seconds: -1 }, { seconds: 1.5 }, { seconds: '60' }, {}]) {
      expect((await op.call('POST', '/admin/api/clock/advance', body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(await op.now()).toBe(start + 7200);
  });

  it('reconciliation answers ok with no differences, and keeps a report', async () => {
    const reports = await countRows(server.deps.db, 'reconciliation_reports');
    const res = await op.call('GET', '/admin/api/reconciliation');
    expect(res.body).toEqual({ code: 0, message: 'success', data: { ok: true, differences: [] } });
    expect(await countRows(server.deps.db, 'reconciliation_reports')).toBe(reports + 1);
    const kept = await op.call<{ list: Record<string, unknown>[]; total: number }>(
      'GET',
      '/admin/api/reconciliation/reports',
      undefined,
    );
    const now = await op.now();
    expect(kept.body.data.list[0]).toEqual({
      id: expect.any(Number),
      at: now,
      trigger: 'operator',
      ok: true,
      differences: [],
      period_start: null,
    });
    const hourly = kept.body.data.list.find((r) => r.trigger === 'job');
    expect(hourly).toMatchObject({ ok: true, at: expect.any(Number), period_start: expect.any(Number) });
    // Hours due at once (the clock advance above) are checked once, at the last one's end, by one
    // report whose period_start is the first hour it covers (jobs/core-jobs.ts): whole hours, at least one.
    const span = (hourly?.at as number) - (hourly?.period_start as number);
    expect(span % 3600).toBe(0);
    expect(span).toBeGreaterThanOrEqual(3600);
  });
});

describe('operator API off and on the system clock', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { adminToken: undefined } });
  });
  afterAll(() => server.dispose());

  it('answers 401 to any bearer without ADMIN_TOKEN: the token is off, nothing else opens', async () => {
    for (const [method, url, body] of FIXED) {
      const res = await server.app.inject({
        method,
        url,
        headers: { authorization: 'Bearer ', 'content-type': 'application/json' },
        payload: body ? JSON.stringify(body) : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().data.key, url).toBe('operator.unauthorized');
    }
  });
});

describe('clock/advance on the system clock', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { clock: 'system' } });
  });
  afterAll(() => server.dispose());

  it('is refused with 409', async () => {
    const op = new Operator(server);
    const res = await op.call('POST', '/admin/api/clock/advance', { seconds: 60 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(Code.CONFLICT);
    const clock = await op.call<{ kind: string; now: number }>('GET', '/admin/api/clock');
    expect(clock.body.data.kind).toBe('system');
    expect(Math.abs(clock.body.data.now - Date.now() / 1000)).toBeLessThan(60);
  });
});
