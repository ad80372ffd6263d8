import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredRole } from '../../src/accounts/operators/guard';
import { ledgerSnapshot, spotBalance } from '../core/util';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { type Account, ConsoleClient, createAccount, type Me } from './helpers';

interface AuditRow {
  actor: string;
  role: string;
  action: string;
  target: string;
}

const FLEX = '/admin/api/simple-earn/flexible-products/USDT';

describe('operator roles', () => {
  let server: TestServer;
  let op: Operator;
  let userId: number;
  const accounts: Record<string, Account> = {};
  const consoles: Record<string, ConsoleClient> = {};
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    userId = await new TestClient(server).register('saver@example.com');
    const flex = await op.call('POST', '/admin/api/simple-earn/flexible-products', {
      asset: 'USDT',
      next_time_rate_year: '0.05',
      min_lend_amount: '1',
      borrow_demand: '1000',
    });
    expect(flex.body.code, JSON.stringify(flex.body)).toBe(0);
    for (const role of ['viewer', 'operator', 'admin']) {
      accounts[role] = await createAccount(op, `${role}@example.com`, role);
      consoles[role] = new ConsoleClient(server);
      await consoles[role].signIn(op, accounts[role]);
    }
  });
  afterAll(() => server.dispose());

  const as = (role: string) => consoles[role] as ConsoleClient;

  it('a viewer reads everything but writes nothing: 403 operator.forbidden on a product edit and a deposit', async () => {
    const viewer = as('viewer');
    for (const url of [
      '/admin/api/reconciliation',
      `/admin/api/users/${userId}`,
      '/admin/api/simple-earn/flexible-products',
      '/admin/api/audit',
      '/admin/api/clock',
      '/admin/api/jobs',
    ]) {
      const res = await viewer.get(url);
      expect(res.status, url).toBe(200);
    }
    const before = await ledgerSnapshot(server.deps.db);
    const edit = await viewer.put(FLEX, { next_time_rate_year: '0.5' });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({
      code: 40300,
      data: { key: 'operator.forbidden', params: { required: 'operator', role: 'viewer' } },
    });
    const deposit = await viewer.post('/admin/api/deposits', { user: userId, asset: 'USDT', amount: '5' });
    expect(deposit.status).toBe(403);
    expect(deposit.body.data).toMatchObject({ key: 'operator.forbidden', params: { required: 'admin' } });
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
    const flex = await op.call<{ list: { asset: string; next_time_rate_year: string }[] }>(
      'GET',
      '/admin/api/simple-earn/flexible-products',
    );
    expect(flex.body.data.list[0]?.next_time_rate_year).toBe('0.05');
    // Operators' management is the admin's, reads included.
    expect((await viewer.get('/admin/api/operators')).status).toBe(403);
  });

  it('an operator edits products and prices but cannot deposit, move the clock or manage operators', async () => {
    const operator = as('operator');
    const edit = await operator.put(FLEX, { next_time_rate_year: '0.06' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({ next_time_rate_year: '0.06' });
    expect((await operator.put('/admin/api/prices/BTC', { usdt: '99000' })).status).toBe(200);

    const clock = await op.now();
    const refused: [method: 'POST' | 'PUT' | 'GET', url: string, body?: Record<string, unknown>][] = [
      ['POST', '/admin/api/deposits', { user: userId, asset: 'USDT', amount: '5' }],
      ['POST', '/admin/api/withdrawals', { user: userId, asset: 'USDT', amount: '5' }],
      ['PUT', `/admin/api/users/${userId}`, { locked: true }],
      ['POST', '/admin/api/clock/advance', { seconds: 60 }],
      ['POST', '/admin/api/jobs/run-due'],
      ['GET', '/admin/api/operators'],
      ['POST', '/admin/api/operators', { email: 'sneaky@example.com', role: 'admin' }],
      ['PUT', `/admin/api/operators/${accounts.operator?.id}`, { role: 'admin' }],
    ];
    for (const [method, url, body] of refused) {
      const res = await operator.request(method, url, { body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.data, `${method} ${url}`).toMatchObject({
        key: 'operator.forbidden',
        params: { required: 'admin' },
      });
    }
    expect(await op.now()).toBe(clock);
    expect(await spotBalance(server.deps.db, userId, 'USDT')).toBe('0');
    expect((await operator.get<Me>('/admin/api/auth/me')).body.data.role).toBe('operator');

    const [price] = (await op.call<{ list: AuditRow[] }>('GET', '/admin/api/audit?target=asset:BTC')).body
      .data.list;
    expect(price).toMatchObject({
      actor: 'operator@example.com',
      role: 'operator',
      action: 'market.price.update',
    });
  });

  it('an admin does all of it', async () => {
    const admin = as('admin');
    expect(
      (await admin.post('/admin/api/deposits', { user: userId, asset: 'USDT', amount: '5' })).status,
    ).toBe(200);
    expect(await spotBalance(server.deps.db, userId, 'USDT')).toBe('5');
    expect((await admin.put(`/admin/api/users/${userId}`, { vip_tier: 2 })).status).toBe(200);
    expect((await admin.put(FLEX, { next_time_rate_year: '0.07' })).status).toBe(200);
    const clock = await op.now();
    expect((await admin.post('/admin/api/clock/advance', { seconds: 60 })).status).toBe(200);
    expect(await op.now()).toBe(clock + 60);
    const created = await admin.post<{ id: number }>('/admin/api/operators', {
      email: 'newcomer@example.com',
      role: 'viewer',
    });
    expect(created.status).toBe(200);
    const list = await admin.get<{ list: { email: string; role: string }[] }>('/admin/api/operators');
    expect(list.body.data.list.map((o) => `${o.email}:${o.role}`)).toEqual([
      'viewer@example.com:viewer',
      'operator@example.com:operator',
      'admin@example.com:admin',
      'newcomer@example.com:viewer',
    ]);
    const [create] = (
      await op.call<{ list: AuditRow[] }>('GET', `/admin/api/audit?target=operator:${created.body.data.id}`)
    ).body.data.list;
    expect(create).toMatchObject({ actor: 'admin@example.com', role: 'admin', action: 'operator.create' });
  });

  it('the token still does everything, and answers me with nulls', async () => {
    const me = await op.call<Me>('GET', '/admin/api/auth/me');
    expect(me.body.data).toEqual({ id: null, email: null, role: 'admin', expires_at: null });
    expect(
      (await op.call('POST', '/admin/api/deposits', { user: userId, asset: 'USDT', amount: '1' })).status,
    ).toBe(200);
    expect((await op.call('PUT', FLEX, { next_time_rate_year: '0.08' })).status).toBe(200);
    expect((await op.call('GET', '/admin/api/operators')).status).toBe(200);
    expect((await op.call('POST', '/admin/api/auth/logout')).status).toBe(200);
    expect((await op.call('GET', '/admin/api/auth/me')).status).toBe(200);
  });

  it('without a session or token: 401 operator.unauthorized, reads too', async () => {
    const stranger = new ConsoleClient(server);
    for (const [method, url] of [
      ['GET', '/admin/api/auth/me'],
      ['GET', '/admin/api/reconciliation'],
      ['POST', '/admin/api/deposits'],
      ['POST', '/admin/api/auth/logout'],
    ] as const) {
      const res = await stranger.request(method, url, {
        body: method === 'POST' ? { user: userId, asset: 'USDT', amount: '1' } : undefined,
      });
      expect(res.status, url).toBe(401);
      expect(res.body).toMatchObject({ code: 40100, data: { key: 'operator.unauthorized' } });
    }
  });

  it('every operator write route needs operator or admin by the one rule; money, users, clock, jobs and operators need admin', () => {
    const writes = server.app.routeTable.filter(
      (r) => r.url.startsWith('/admin/api') && r.method !== 'GET' && !r.url.startsWith('/admin/api/auth/'),
    );
    expect(writes.length).toBeGreaterThan(20);
    const role = (method: string, url: string) => requiredRole(method, url);
    for (const r of writes)
      expect(['operator', 'admin'], `${r.method} ${r.url}`).toContain(role(r.method, r.url));
    for (const url of [
      '/admin/api/deposits',
      '/admin/api/withdrawals',
      '/admin/api/loans',
      '/admin/api/loans/repay',
      '/admin/api/clock/advance',
      '/admin/api/jobs/run-due',
      '/admin/api/operators',
      '/admin/api/some-new-write-nobody-classified',
    ]) {
      expect(role('POST', url), url).toBe('admin');
    }
    expect(role('PUT', '/admin/api/users/:user')).toBe('admin');
    for (const url of [
      '/admin/api/prices/:asset',
      '/admin/api/simple-earn/vouchers',
      '/admin/api/launch-pool/projects/:pid/pools',
      '/admin/api/staking/products/:id',
      '/admin/api/wealth/products/:pid/nav',
      '/admin/api/soft-staking/coins/:coin',
      '/admin/api/dual/orders/:id',
    ]) {
      expect(role('PUT', url), url).toBe('operator');
    }
    expect(role('GET', '/admin/api/anything')).toBe('viewer');
    expect(requiredRole('POST', '/admin/api/auth/logout', 'viewer')).toBe('viewer');
    expect(requiredRole('GET', '/admin/api/operators', 'admin')).toBe('admin');
  });
});
