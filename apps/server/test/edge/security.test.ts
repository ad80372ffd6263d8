import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@earn/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { countRows } from '../core/util';
import { csrfTokenFor, listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';" +
  "form-action 'self';frame-ancestors 'none'";

const HOME_PRELOAD = '<link rel="preload" href="/api/web/v1/earn/home" as="fetch" crossorigin="anonymous" />';

/** A stand-in for the built web app: an index page and one asset. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'earn-edge-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Earn</title>\n    ${HOME_PRELOAD}\n<div id="root"></div>`,
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  // The build's compressed copy beside it (apps/web/vite.config.ts), told apart here by its bytes.
  writeFileSync(join(dir, 'assets', 'app.js.br'), 'brotli bytes');
  writeFileSync(join(dir, 'color-scheme.js'), 'console.log(2)');
  return dir;
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['content-security-policy'], what).toBe(CSP);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  // Plain HTTP (SECURE_COOKIES unset): no HSTS, which would pin a local server to HTTPS.
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

describe('security headers and unknown paths', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    server = await startTestServer({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await server.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('puts the security headers on every response: API, static files, the page, 404s and refusals', async () => {
    const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
      server.app.inject({ method, url, headers });
    const cases: [string, LightMyRequestResponse, number][] = [
      ['API', await inject('GET', '/api/health'), 200],
      ['static file', await inject('GET', '/assets/app.js'), 200],
      ['the page', await inject('GET', '/'), 200],
      ['a client route', await inject('GET', '/simple-earn'), 200],
      ['unknown API path', await inject('GET', '/api/nothing'), 404],
      ['CSRF refusal', await inject('POST', '/api/web/v1/auth/login'), 403],
      ['login needed', await inject('GET', '/api/web/v1/auth/me'), 401],
      ['operator refusal', await inject('GET', '/admin/api/clock'), 401],
      ['malformed URL', await inject('GET', '/api/web/v1/x/%E0%A4%A'), 400],
      ['API docs', await inject('GET', '/api/docs/'), 200],
      ['metrics', await inject('GET', '/metrics'), 200],
    ];
    for (const [what, res, status] of cases) {
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  it('answers unknown API, operator, metrics and probe paths with the 404 envelope, never the page', async () => {
    for (const url of [
      '/api',
      '/api/nothing',
      '/apiw/v2/nothing',
      '/admin/api',
      '/admin/api/nothing',
      '/metrics/x',
      '/healthz',
      '/readyz',
      '/api/health/x',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({
        code: Code.NOT_FOUND,
        message: `No route GET ${url}`,
        data: { key: 'common.notFound', params: {} },
      });
    }
  });

  it("preloads the home page's data on / alone: another route's page has no preload it would not use", async () => {
    const home = await server.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(HOME_PRELOAD);
    for (const url of ['/launchpool', '/earn/statements?line=staking', '/no-such-page']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).not.toContain('/api/web/v1/earn/home');
    }
  });

  it("serves the page on client routes, the operator console's included", async () => {
    for (const url of [
      '/',
      '/admin',
      '/admin/',
      '/admin/users/42',
      '/simple-earn?tab=fixed',
      '/administrator',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  describe('the web app files: cached as long as their names allow, compressed as built', () => {
    // The server of the headers' tests above, which serves the same stand-in.
    it('keeps a content-named asset for a year and asks again for the page and unnamed files', async () => {
      const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = await server.app.inject({ method: 'GET', url: '/color-scheme.js' });
      expect(plain.headers['cache-control']).toBe('no-cache');
      for (const url of ['/', '/simple-earn']) {
        const page = await server.app.inject({ method: 'GET', url });
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it("sends the build's brotli copy to a browser that takes it, and the file itself to one that does not", async () => {
      const br = await server.app.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.body).toBe('brotli bytes');
      const identity = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe('console.log(1)');
    });
  });
});

describe('HSTS behind HTTPS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { secureCookies: true } });
  });
  afterAll(() => server.dispose());

  it('sends HSTS and upgrade-insecure-requests only when SECURE_COOKIES=1, and Secure cookies', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBe(`${CSP};upgrade-insecure-requests`);
    expect(String(res.headers['set-cookie'])).toMatch(/csrftoken=[^;]+;.*Secure/);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer({
      modules: [simpleEarnModule],
      config: {
        anonWriteRateLimitPerMinute: 3,
        publicRateLimitPerMinute: 5,
        moneyRateLimitPerMinute: 4,
        trustProxy: '127.0.0.1',
      },
    });
    op = new Operator(server);
    await listCoins(op);
    const res = await op.call('POST', '/admin/api/simple-earn/flexible-products', {
      asset: 'USDT',
      next_time_rate_year: '0.05',
      min_lend_amount: '1',
      borrow_demand: '1000000000',
    });
    expect(res.body.code).toBe(0);
  });
  afterAll(() => server.dispose());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('limits the anonymous analytics intake per address: the 4th write in a minute is refused and not kept', async () => {
    const csrf = await csrfTokenFor(server);
    const send = (address: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/web/v1/analytics/events',
        headers: { ...from(address), cookie: `csrftoken=${csrf}`, 'x-csrf-token': csrf },
        payload: { kind: 'click', name: 'spam' },
      });
    const before = await countRows(server.deps.db, 'analytics_events');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send('203.0.113.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await send('203.0.113.7');
    expect(refused.json()).toEqual({
      code: Code.RATE_LIMITED,
      message: 'Too many requests, please try again later',
      data: { key: 'common.tooManyRequests', params: {} },
    });
    // Another client behind the same proxy has its own allowance (TRUST_PROXY names the proxy).
    expect((await send('203.0.113.8')).statusCode).toBe(200);
    expect(await countRows(server.deps.db, 'analytics_events')).toBe(before + 4);
  });

  it('limits public reads per address, generously in production (PUBLIC_RATE_LIMIT_PER_MINUTE)', async () => {
    const read = (address: string) =>
      server.app.inject({ method: 'GET', url: '/apiw/v2/market/tickers', headers: from(address) });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await read('198.51.100.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await read('198.51.100.2')).statusCode).toBe(200);
    // Health probes are never limited.
    for (let i = 0; i < 10; i++)
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/health', headers: from('198.51.100.1') }))
          .statusCode,
      ).toBe(200);
  });

  it('limits money calls per user, not per address: one user over the limit, another from the same address goes on', async () => {
    const subscribe = (c: TestClient, address: string) =>
      c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1' }, { headers: from(address) });
    const heavy = new TestClient(server);
    const heavyId = await heavy.register();
    await op.deposit(heavyId, 'USDT', '100');
    // A second session of the same user shares the allowance: the key is the user.
    const sameUser = new TestClient(server);
    const login = await sameUser.post('/api/web/v1/auth/login', {
      email: (await heavy.get<{ email: string }>('/api/web/v1/auth/me')).body.data.email,
      password: 'correct-horse-1',
    });
    expect(login.status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await subscribe(heavy, `192.0.2.${i + 1}`)).status);
    for (let i = 0; i < 3; i++) statuses.push((await subscribe(sameUser, `192.0.2.${i + 10}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);

    const other = new TestClient(server);
    const otherId = await other.register();
    await op.deposit(otherId, 'USDT', '100');
    expect((await subscribe(other, '192.0.2.1')).status).toBe(200);
    // Locking-path money calls share the same per-user allowance.
    const cancel = await heavy.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'USDT' });
    expect(cancel.status).toBe(429);
    expect(cancel.body.code).toBe(Code.RATE_LIMITED);
  });
});
