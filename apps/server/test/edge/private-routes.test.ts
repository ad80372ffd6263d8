import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/accounts/users';
import type { RouteInfo } from '../../src/app';
import { csrfTokenFor, listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

/**
 * A private route checks the session before its input: a caller without a live session gets 401
 * (code 401, auth.loginRequired) whatever the body, never the schema's complaint. Every route of the
 * real product lines, as registered (routeTable).
 */
describe('private routes: the session before the input', () => {
  let server: TestServer;
  let privateRoutes: RouteInfo[];
  let publicRoutes: RouteInfo[];
  let anonCsrf: string;
  const dead = { expired: '', revoked: '' };

  beforeAll(async () => {
    server = await startTestServer();
    await listCoins(new Operator(server));
    const api = server.app.routeTable.filter((r) => /^\/(api|apiw)\//.test(r.url));
    privateRoutes = api.filter((r) => r.private);
    publicRoutes = api.filter((r) => !r.private && !r.url.startsWith('/api/docs'));
    anonCsrf = await csrfTokenFor(server);
    const c = new TestClient(server);
    const id = await c.register();
    const now = server.deps.clock.now();
    dead.expired = await createSession(server.deps.db, id, new Date(now.getTime() - 31 * 86_400_000));
    dead.revoked = await createSession(server.deps.db, id, now);
    const csrf = await csrfTokenFor(server, `earn_sid=${dead.revoked}`);
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/web/v1/auth/logout',
      headers: { cookie: `earn_sid=${dead.revoked}; csrftoken=${csrf}`, 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(200);
  });
  afterAll(() => server.dispose());

  const urlOf = (route: RouteInfo, query: string) =>
    `${route.url.replace(/:[A-Za-z_]+/g, 'not-an-id')}${route.method === 'GET' ? query : ''}`;

  async function call(route: RouteInfo, opts: { sid?: string; payload?: string; query?: string }) {
    const cookie = [`csrftoken=${opts.sid ? await csrfTokenFor(server, `earn_sid=${opts.sid}`) : anonCsrf}`];
    if (opts.sid) cookie.unshift(`earn_sid=${opts.sid}`);
    const token = (cookie.at(-1) as string).slice('csrftoken='.length);
    return server.app.inject({
      method: route.method as 'GET',
      url: urlOf(route, opts.query ?? '?page=-1&limit=abc&asset=%00&order_id=x'),
      headers: {
        cookie: cookie.join('; '),
        'x-csrf-token': token,
        ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      payload: route.method === 'GET' ? undefined : (opts.payload ?? '{"amount":[],"asset":{},"pid":"x"}'),
    });
  }

  it('knows the private routes: every product line has some, the issue counted 63 answering 400', () => {
    expect(privateRoutes.length).toBeGreaterThanOrEqual(63);
    for (const prefix of [
      '/apiw/v2/uni-loan/earn/',
      '/apiw/v2/fixed_earn/api/user/',
      '/apiw/v2/earn/staking/',
      '/apiw/v2/earn/private-wealth/',
      '/api/web/v1/task-square/',
    ])
      expect(
        privateRoutes.some((r) => r.url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    // The fast path's two routes check the session in their own statement, and are private too.
    expect(privateRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /apiw/v2/uni-loan/earn/subscribe',
        'POST /apiw/v2/uni-loan/earn/redeem',
        'POST /apiw/v2/fixed_earn/api/user/lend',
      ]),
    );
  });

  it('answers 401 with code 401 to a bad body or query without a session, on every private route', async () => {
    const wrong: string[] = [];
    for (const route of privateRoutes) {
      const res = await call(route, {});
      const body = res.json() as { code: number; data: { key: string } };
      if (res.statusCode !== 401 || body.code !== 401 || body.data.key !== 'auth.loginRequired')
        wrong.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to an expired or revoked session cookie with a bad body, and to an unparsable body', async () => {
    const wrong: string[] = [];
    for (const route of privateRoutes) {
      for (const [name, opts] of [
        ['expired', { sid: dead.expired }],
        ['revoked', { sid: dead.revoked }],
        ['malformed JSON, no cookie', { payload: '{"amount": ' }],
      ] as const) {
        const res = await call(route, opts);
        if (res.statusCode !== 401 || res.json().code !== 401)
          wrong.push(`${name}: ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still answers the schema complaint to a signed-in caller: the input is checked after the session', async () => {
    const c = new TestClient(server);
    await c.register();
    const res = await c.post('/apiw/v2/fixed_earn/api/user/lend', { amount: [] } as Record<string, unknown>);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40000, data: { key: 'common.invalidParams' } });
    const fast = await c.post('/apiw/v2/uni-loan/earn/subscribe', { amount: [] } as Record<string, unknown>);
    expect(fast.status).toBe(400);
    expect(fast.body.code).toBe(40000);
  });

  it('the fast path answers 401, not 400, to a dead session with a bad body', async () => {
    const route = { method: 'POST', url: '/apiw/v2/uni-loan/earn/subscribe', private: true };
    const res = await call(route, { sid: dead.revoked });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: { key: 'auth.loginRequired' } });
  });

  it('no route left unmarked asks for a login: visitors get an answer or a 400, never a 401', async () => {
    const wrong: string[] = [];
    for (const route of publicRoutes) {
      const res = await call(route, { payload: '{}', query: '' });
      if (res.statusCode === 401) wrong.push(`${route.method} ${route.url}`);
    }
    expect(wrong).toEqual([]);
  });
});
