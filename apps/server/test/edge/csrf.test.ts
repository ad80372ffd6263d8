import { Code } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarnModule } from '../../src/kernel/module';
import { createServer } from '../../src/server';
import { countRows } from '../core/util';
import { csrfTokenFor, startTestServer, TestClient, type TestServer, testConfig } from '../harness';

const PASSWORD = 'correct-horse-1';
const ECHO = '/admin/api/test/echo';

/** An operator route without the operator guard: what CSRF alone lets through under /admin/api. */
const echoModule: EarnModule = {
  name: 'echo',
  routes(app: FastifyInstance) {
    // It changes nothing, so it opts out of the once-per-key rule every operator POST keeps
    // (operator/writes.ts), which would refuse a POST that answers without its transaction.
    app.post(ECHO, { config: { idempotent: false } }, async () => ({
      code: 0,
      message: 'success',
      data: null,
    }));
  },
};

function cookieOf(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list.map((c: string) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1]).find((v) => v !== undefined);
}

describe('CSRF token signed and bound to the session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ modules: [echoModule] });
  });
  afterAll(() => server.dispose());

  const post = (url: string, cookie: string, token: string | undefined, body: unknown = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie,
        'content-type': 'application/json',
        ...(token === undefined ? {} : { 'x-csrf-token': token }),
      },
      payload: JSON.stringify(body),
    });

  const expectRefused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: Code.CSRF_INVALID,
      message: 'Missing or wrong CSRF token',
      data: { key: 'common.csrfInvalid', params: {} },
    });
  };

  it('hands out <nonce>.<HMAC> tokens; a token of the right shape that the server did not sign is refused', async () => {
    const token = await csrfTokenFor(server);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const [nonce] = token.split('.');
    const forged = `${nonce}.${'A'.repeat(43)}`;
    const users = await countRows(server.deps.db, 'users');
    expectRefused(
      await post('/api/web/v1/auth/register', `csrftoken=${forged}`, forged, {
        email: 'forged@example.com',
        password: PASSWORD,
      }),
    );
    // The old free-floating double submit (any value, echoed) no longer passes.
    expectRefused(
      await post('/api/web/v1/auth/register', 'csrftoken=anything', 'anything', {
        email: 'free@example.com',
        password: PASSWORD,
      }),
    );
    expect(await countRows(server.deps.db, 'users')).toBe(users);
  });

  it('replaces the token on login and logout: the visitor token no longer works beside the session', async () => {
    const visitor = await csrfTokenFor(server);
    const registered = await post('/api/web/v1/auth/register', `csrftoken=${visitor}`, visitor, {
      email: 'rotate@example.com',
      password: PASSWORD,
    });
    expect(registered.statusCode).toBe(200);
    const sid = cookieOf(registered, 'earn_sid') as string;
    const signedIn = cookieOf(registered, 'csrftoken') as string;
    expect(sid).toBeTruthy();
    expect(signedIn).toBeTruthy();
    expect(signedIn).not.toBe(visitor);

    // The visitor's token, planted beside the session (say by a sibling subdomain), is refused.
    expectRefused(await post('/api/web/v1/auth/logout', `earn_sid=${sid}; csrftoken=${visitor}`, visitor));
    // A GET hands the client a token for its session when the one it holds does not fit.
    expect(await csrfTokenFor(server, `earn_sid=${sid}; csrftoken=${visitor}`)).not.toBe(visitor);

    // Login hands out a token for the new session; the token of the first session does not fit it.
    const login = await post('/api/web/v1/auth/login', `csrftoken=${visitor}`, visitor, {
      email: 'rotate@example.com',
      password: PASSWORD,
    });
    const sid2 = cookieOf(login, 'earn_sid') as string;
    const token2 = cookieOf(login, 'csrftoken') as string;
    expect(token2).not.toBe(signedIn);
    expectRefused(await post('/api/web/v1/auth/logout', `earn_sid=${sid2}; csrftoken=${signedIn}`, signedIn));

    const out = await post('/api/web/v1/auth/logout', `earn_sid=${sid}; csrftoken=${signedIn}`, signedIn);
    expect(out.statusCode).toBe(200);
    const after = cookieOf(out, 'csrftoken') as string;
    expect(after).toBeTruthy();
    expect(after).not.toBe(signedIn);
    // The new token is a visitor's again: good for a login without any session cookie.
    const again = await post('/api/web/v1/auth/login', `csrftoken=${after}`, after, {
      email: 'rotate@example.com',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(200);
  });

  it('a browser-like client keeps working across register, logout and login with the cookies it is given', async () => {
    const c = new TestClient(server);
    await c.register('flow@example.com', PASSWORD);
    expect((await c.get('/api/web/v1/auth/me')).status).toBe(200);
    expect((await c.post('/api/web/v1/auth/logout')).status).toBe(200);
    expect(
      (await c.post('/api/web/v1/auth/login', { email: 'flow@example.com', password: PASSWORD })).status,
    ).toBe(200);
    expect((await c.post('/api/web/v1/analytics/events', { kind: 'click', name: 'flow' })).status).toBe(200);
  });

  it('exempts an operator call only when it carries a bearer token; a cookie-signed one needs the token', async () => {
    expectRefused(await post(ECHO, '', undefined));
    expectRefused(await post(ECHO, 'earn_op_sid=operator-session', undefined));
    const bound = await csrfTokenFor(server, 'earn_op_sid=operator-session');
    expect((await post(ECHO, `earn_op_sid=operator-session; csrftoken=${bound}`, bound)).statusCode).toBe(
      200,
    );
    // A token bound to no operator session does not fit one.
    const visitor = await csrfTokenFor(server);
    expectRefused(await post(ECHO, `earn_op_sid=operator-session; csrftoken=${visitor}`, visitor));
    const bearer = await server.app.inject({
      method: 'POST',
      url: ECHO,
      headers: { authorization: 'Bearer anything', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(bearer.statusCode).toBe(200);
    // The guarded operator API still answers 401 first to a caller with neither.
    const op = await server.app.inject({ method: 'POST', url: '/admin/api/deposits', payload: {} });
    expect(op.statusCode).toBe(401);
  });

  it('shares the secret through the database: a token one instance handed out is good at another', async () => {
    const other = await createServer(testConfig(), { database: server.database });
    try {
      const token = await csrfTokenFor(server);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/web/v1/auth/register',
        headers: { cookie: `csrftoken=${token}`, 'x-csrf-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'other-instance@example.com', password: PASSWORD }),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});
