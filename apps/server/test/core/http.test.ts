import { Writable } from 'node:stream';
import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../../src/server';
import {
  csrfTokenFor,
  freshDatabase,
  listCoins,
  Operator,
  startTestServer,
  TestClient,
  type TestServer,
  testConfig,
} from '../harness';
import { countRows, PROBE_BOOM, probeModule } from './util';

const PASSWORD = 'correct-horse-1';

describe('CSRF double submit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  async function csrfCookie(): Promise<string> {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    const raw = res.headers['set-cookie'];
    const cookie = (Array.isArray(raw) ? raw : [String(raw)]).find((c) => c.startsWith('csrftoken='));
    expect(cookie).toBeDefined();
    // Readable by the page script (no HttpOnly), so it can echo it in the header.
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    return /^csrftoken=([^;]+)/.exec(cookie as string)?.[1] as string;
  }

  const register = (headers: Record<string, string>, payload: string, type = 'application/json') =>
    server.app.inject({
      method: 'POST',
      url: '/api/web/v1/auth/register',
      headers: { 'content-type': type, ...headers },
      payload,
    });

  it.each([
    ['no header', (token: string) => ({ cookie: `csrftoken=${token}` })],
    ['a wrong header', (token: string) => ({ cookie: `csrftoken=${token}`, 'x-csrf-token': `${token}x` })],
    [
      'a header of another length',
      (token: string) => ({ cookie: `csrftoken=${token}`, 'x-csrf-token': 'short' }),
    ],
    ['a header but no cookie', (token: string) => ({ 'x-csrf-token': token })],
    ['neither', () => ({})],
  ])('refuses a POST with %s: 403 code 40301, nothing written', async (_name, headersOf) => {
    const token = await csrfCookie();
    const users = await countRows(server.deps.db, 'users');
    for (const [payload, type] of [
      [JSON.stringify({ email: 'csrf@example.com', password: PASSWORD }), 'application/json'],
      [`email=csrf%40example.com&password=${PASSWORD}`, 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await register(headersOf(token), payload, type);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: Code.CSRF_INVALID,
        message: 'Missing or wrong CSRF token',
        data: { key: 'common.csrfInvalid', params: {} },
      });
    }
    expect(await countRows(server.deps.db, 'users')).toBe(users);
  });

  it('accepts the echoed token with a JSON body and with a form body', async () => {
    const token = await csrfCookie();
    const headers = { cookie: `csrftoken=${token}`, 'x-csrf-token': token };
    const json = await register(headers, JSON.stringify({ email: 'json@example.com', password: PASSWORD }));
    expect(json.statusCode).toBe(200);
    expect(json.json().data.email).toBe('json@example.com');
    const form = await register(
      headers,
      `email=form%40example.com&password=${PASSWORD}`,
      'application/x-www-form-urlencoded',
    );
    expect(form.statusCode).toBe(200);
    expect(form.json().data.email).toBe('form@example.com');
  });

  it('guards PUT and DELETE too, and lets GET through without the header', async () => {
    const token = await csrfCookie();
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await server.app.inject({
        method,
        url: '/api/web/v1/auth/me',
        headers: { cookie: `csrftoken=${token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(Code.CSRF_INVALID);
    }
    const get = await server.app.inject({ method: 'GET', url: '/apiw/v2/market/tickers' });
    expect(get.statusCode).toBe(200);
  });

  it('refuses a signed-in user without the header: a session cookie alone is not enough', async () => {
    const c = new TestClient(server);
    await c.register();
    const res = await c.request('POST', '/api/web/v1/auth/logout', { headers: { 'x-csrf-token': 'nope' } });
    expect(res.status).toBe(403);
    expect((await c.get('/api/web/v1/auth/me')).status).toBe(200);
  });

  it('exempts the operator API, which authenticates by bearer token and carries no cookies', async () => {
    const op = new Operator(server);
    await op.setPrice('USDT', '1');
    expect((await op.call('GET', '/admin/api/reconciliation')).status).toBe(200);
  });
});

describe('envelope, status classes, OpenAPI and request ids', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ modules: [probeModule] });
    await listCoins(new Operator(server));
  });
  afterAll(() => server.dispose());

  it('wraps success as {code 0, message, data}', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
    expect(body.code).toBe(0);
    expect(body.data).toEqual({ now: Math.floor(server.deps.clock.now().getTime() / 1000), clock: 'test' });
  });

  it('answers an unknown API path 404 in the envelope', async () => {
    for (const url of ['/api/nothing-here', '/apiw/v2/nothing', '/admin/api/nothing']) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer test-admin-token' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: Code.NOT_FOUND, data: { key: 'common.notFound' } });
    }
  });

  it('maps malformed bodies to 400 envelopes', async () => {
    // A visitor's token: these requests carry no session cookie.
    const csrf = await csrfTokenFor(server);
    const cases: [string, string][] = [
      ['application/json', '{"email": '],
      ['application/json', 'null'],
      ['application/json', '[1,2]'],
      ['application/json', '"text"'],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', '%%%'],
    ];
    for (const [type, payload] of cases) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/web/v1/auth/login',
        headers: { 'content-type': type, cookie: `csrftoken=${csrf}`, 'x-csrf-token': csrf },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${payload}`).toBeLessThan(500);
      const body = res.json();
      expect(body.code).toBe(Code.INVALID_PARAMS);
      expect(typeof body.message).toBe('string');
      expect(body.data.key).toBe('common.invalidParams');
    }
    const huge = await server.app.inject({
      method: 'POST',
      url: '/api/web/v1/auth/login',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrf-token': csrf },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe(Code.INVALID_PARAMS);
  });

  it('hides the detail of a 5xx from the answer and keeps the envelope', async () => {
    const c = new TestClient(server);
    const res = await c.post(PROBE_BOOM);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: Code.INTERNAL,
      message: 'Internal error',
      data: { key: 'common.internalError', params: {} },
    });
  });

  it('maps domain errors to their status class', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/test/probe/not-a-domain-error' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: Code.NOT_FOUND,
      message: 'probe thing not found',
      data: { key: 'common.notFound', params: {} },
    });
  });

  it('sends a request id on every answer, keeping a well-formed one the caller sent', async () => {
    const a = await server.app.inject({ method: 'GET', url: '/api/health' });
    const b = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const given = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
    // An id that could forge log lines is replaced.
    const forged = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nfake log' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const error = await server.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(error.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await new TestClient(server).post(PROBE_BOOM);
    expect(failed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves OpenAPI at /api/docs listing every API route from its schema', async () => {
    const ui = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const apiRoutes = server.app.routeTable.filter(
      (r) => /^\/(api|apiw|admin)\//.test(r.url) && !r.url.startsWith('/api/docs'),
    );
    expect(apiRoutes.length).toBeGreaterThan(20);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    // Schemas come through: the register body and the tickers query are described.
    const register = doc.paths['/api/web/v1/auth/register']?.post?.requestBody as {
      content: Record<string, { schema: { properties: object } }>;
    };
    expect(Object.keys(register.content['application/json']?.schema.properties ?? {})).toEqual([
      'email',
      'password',
    ]);
    expect(doc.paths['/apiw/v2/market/tickers']?.get?.parameters?.map((p) => p.name)).toContain(
      'currency_pairs',
    );
  });
});

describe('login rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The production default: 10 tries a minute per client address.
    server = await startTestServer({ config: { authRateLimitPerMinute: 10 } });
  });
  afterAll(() => server.dispose());

  it('answers 429 with code 42900 after 10 logins in a minute, even with the right password', async () => {
    await new TestClient(server).register('limited@example.com', PASSWORD);
    const c = new TestClient(server);
    // Ten different addresses, so that the per-account pause after five wrong passwords in a row
    // (auth.signIn.throttled) never starts: what stops the 11th is the per-address limit alone.
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/api/web/v1/auth/login', {
        email: `limited-${i}@example.com`,
        password: `wrong-${i}-pass`,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await c.post('/api/web/v1/auth/login', {
      email: 'limited@example.com',
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: Code.RATE_LIMITED, data: { key: 'common.tooManyRequests' } });
    expect(blocked.headers['retry-after']).toBeDefined();
    // Other calls from the same address are not limited.
    expect((await c.get('/apiw/v2/market/tickers')).status).toBe(200);
  });
});

describe('logging', () => {
  let server: Server;
  const lines: Record<string, unknown>[] = [];
  let dropDb: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    dropDb = fresh.drop;
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    server = await createServer(testConfig(), {
      database: fresh.database,
      modules: [probeModule],
      logger: { level: 'info', stream },
    });
    await server.app.ready();
  });
  afterAll(async () => {
    await server.close();
    await dropDb();
  });

  it('writes one line per request and puts the request id in every line, errors included', async () => {
    lines.length = 0;
    const c = new TestClient(server);
    const answers = [
      await c.get('/api/health'),
      await c.get('/api/nowhere'),
      await c.post('/api/web/v1/auth/login', { email: 'x' }),
    ];
    const boom = await c.post(PROBE_BOOM);
    answers.push(boom);
    // One line per request (not Fastify's two), beside the error's own.
    const requestLines = lines.filter((l) => l.msg === 'request') as {
      reqId: string;
      method: string;
      url: string;
      status: number;
    }[];
    expect(requestLines.map((l) => [l.reqId, l.method, l.url, l.status])).toEqual([
      [answers[0]?.headers['x-request-id'], 'GET', '/api/health', 200],
      [answers[1]?.headers['x-request-id'], 'GET', '/api/nowhere', 404],
      [answers[2]?.headers['x-request-id'], 'POST', '/api/web/v1/auth/login', 400],
      [boom.headers['x-request-id'], 'POST', PROBE_BOOM, 500],
    ]);
    expect(lines.length).toBe(5);
    for (const line of lines) expect(line.reqId, JSON.stringify(line)).toMatch(/^[0-9a-f-]{36}$/);
    const errorLine = lines.find((l) => l.msg === 'unhandled error') as {
      reqId: string;
      err: { message: string };
    };
    expect(errorLine.reqId).toBe(boom.headers['x-request-id']);
    expect(errorLine.err.message).toBe('secret internal detail');
  });
});
