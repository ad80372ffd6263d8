import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/accounts/users';
import type { RouteInfo } from '../../src/app';
import {
  ADMIN_TOKEN,
  csrfTokenFor,
  listCoins,
  Operator,
  startTestServer,
  TestClient,
  type TestServer,
} from '../harness';
import { type LedgerSnapshot, ledgerSnapshot } from './util';

/**
 * Generated bad input at every registered route, product lines included (routeTable lists each route
 * as it is added): malformed bodies, negative, zero, over-precise and exponent amounts, unknown
 * assets, other users' ids, missing or wrong CSRF, expired and revoked sessions. Every answer must be
 * a 4xx or a success in the envelope, never a 5xx, and no balance may move.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const PASSWORD = 'fuzz-password-1';

// Top-level await: the route list is known only once the server is built.
const server: TestServer = await startTestServer({ seedDemo: true });
// Readiness answers 503 by design here: the test server runs no scheduler (its own tests cover it).
// The notification stream stays open by design, so an accepted call never ends; its bad input (no
// session, a bad language or Last-Event-ID) is covered by test/notify/stream.test.ts.
const routes: RouteInfo[] = server.app.routeTable.filter(
  (r) =>
    !r.url.includes('*') &&
    r.url !== '/api/docs/static/index.html' &&
    r.url !== '/api/health/ready' &&
    r.url !== '/api/web/v1/notifications/stream',
);

interface FieldNames {
  body: string[];
  query: string[];
}

/** Field names per route from the OpenAPI document, so generated input reaches each field's rule. */
async function fieldNames(): Promise<Map<string, FieldNames>> {
  const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        }
      >
    >;
  };
  const out = new Map<string, FieldNames>();
  for (const r of routes) {
    const op = doc.paths[r.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()];
    const content = op?.requestBody?.content ?? {};
    const schema = Object.values(content)[0]?.schema;
    out.set(`${r.method} ${r.url}`, {
      body: Object.keys(schema?.properties ?? {}),
      query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    });
  }
  return out;
}

// Anything a money field could be given that is not a valid positive amount.
const badAmount = fc.constantFrom<unknown>(
  '0',
  '0.0',
  '-1',
  '-0.5',
  '1e3',
  '1E3',
  '1e-3',
  ' 1',
  '1 ',
  '+1',
  '01',
  '.5',
  '1.',
  '1,5',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  '0.0000000000000000001',
  '1000000000000000000000000000000000000000000',
  '１',
  '١',
  '',
  ' ',
  0,
  -1,
  -0.01,
  1e21,
  null,
  true,
  [],
  {},
  ['1'],
  { value: '1' },
);
const oddString = fc.oneof(
  fc.string({ maxLength: 24 }).filter((s) => !/^[\d.\s+-]*$/.test(s)),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'x'.repeat(300),
    '🙂',
    'null',
    'undefined',
    '[]',
    '{}',
    'USDT',
    'usdt',
    'BTC',
    'NOPE',
    'BTC_USDT',
    'demo@example.com',
  ),
);
// Small ids reach rows of the demo user: another user's order, position or product.
const idValue = fc.oneof(
  fc.constantFrom<unknown>(
    1,
    2,
    3,
    4,
    5,
    '1',
    '2',
    '3',
    -1,
    0,
    '0',
    '-1',
    2 ** 31,
    2 ** 53,
    '99999999999999999999',
    1.5,
    '1.5',
    'abc',
  ),
  fc.integer({ min: -5, max: 40 }),
);
const anyValue = fc.oneof(
  idValue,
  oddString,
  fc.boolean(),
  fc.constant(null),
  badAmount,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Fields that carry an amount, a rate, a price or a time step: only ever given bad values. */
const MONEY_FIELD =
  /amount|usdt|price|rate|quota|limit|volume|seconds|reward|interest|value|principal|units/i;
const valueFor = (name: string) => (MONEY_FIELD.test(name) ? badAmount : anyValue);

function fieldsArb(names: string[]) {
  return fc
    .tuple(
      fc
        .subarray(names)
        .chain((picked) => fc.tuple(...picked.map((n) => valueFor(n).map((v): [string, unknown] => [n, v])))),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), anyValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...Object.fromEntries(known) }));
}

const asText = (v: unknown) =>
  typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);

type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'form'; value: Record<string, unknown> }
  | { kind: 'raw'; type: string; text: string };

function bodyArb(names: string[]): fc.Arbitrary<BodyCase> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: 'none' }) },
    { weight: 5, arbitrary: fieldsArb(names).map((value): BodyCase => ({ kind: 'json', value })) },
    { weight: 3, arbitrary: fieldsArb(names).map((value): BodyCase => ({ kind: 'form', value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
          ),
          fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
            fc.constantFrom('{', '{"a":', 'null', '[]', '""'),
          ),
        )
        .map(([type, text]): BodyCase => ({ kind: 'raw', type, text })),
    },
  );
}

interface Case {
  params: string[];
  query: Record<string, string>;
  body: BodyCase;
  session: 'user' | 'none' | 'expired' | 'revoked' | 'forged';
  csrf: 'ok' | 'missing' | 'wrong';
  admin: 'ok' | 'missing' | 'wrong';
  idempotencyKey?: string;
  fundpass?: string;
}

function caseArb(route: RouteInfo, names: FieldNames): fc.Arbitrary<Case> {
  const paramCount = (route.url.match(/:[A-Za-z_]+/g) ?? []).length;
  // Ids of rows that exist (the demo user's, the fuzz user's own) get their own weight: a valid path
  // with a bad body is where a handler's own checks are reached.
  const paramValue = fc.oneof(
    fc.constantFrom('1', '2', '3', 'USDT', 'BTC'),
    idValue.map(asText),
    oddString,
    badAmount.map(asText),
  );
  return fc.record({
    params: fc.array(paramValue, { minLength: paramCount, maxLength: paramCount }),
    query: fc
      .tuple(
        fc
          .subarray(names.query)
          .chain((picked) =>
            fc.tuple(...picked.map((n) => valueFor(n).map((v): [string, string] => [n, asText(v)]))),
          ),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), oddString, { maxKeys: 2 }),
      )
      .map(([known, extra]) => ({ ...extra, ...Object.fromEntries(known) })),
    body: route.method === 'GET' ? fc.constant<BodyCase>({ kind: 'none' }) : bodyArb(names.body),
    session: fc.constantFrom('user', 'user', 'user', 'user', 'none', 'expired', 'revoked', 'forged'),
    csrf: fc.constantFrom('ok', 'ok', 'ok', 'ok', 'missing', 'wrong'),
    admin: fc.constantFrom('ok', 'ok', 'ok', 'missing', 'wrong'),
    idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 140 })), { nil: undefined }),
    fundpass: fc.option(fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string({ maxLength: 10 })), {
      nil: undefined,
    }),
  });
}

describe('fuzzing every route with bad input', () => {
  let op: Operator;
  let names: Map<string, FieldNames>;
  let baseline: LedgerSnapshot;
  const cookies = { user: '', expired: '', revoked: '' };
  let fuzzEmail: string;
  let fuzzClient: TestClient;
  // CSRF tokens are bound to the session cookie: one per session the cases send.
  const csrfTokens = new Map<string, string>();
  async function tokenFor(sid: string): Promise<string> {
    const known = csrfTokens.get(sid);
    if (known) return known;
    const token = await csrfTokenFor(server, sid ? `earn_sid=${sid}` : '');
    csrfTokens.set(sid, token);
    return token;
  }

  async function signIn(): Promise<void> {
    fuzzClient = new TestClient(server);
    const res = await fuzzClient.post('/api/web/v1/auth/login', { email: fuzzEmail, password: PASSWORD });
    expect(res.status).toBe(200);
    const raw = res.headers['set-cookie'];
    const sid = (Array.isArray(raw) ? raw : [String(raw)])
      .map((c) => /^earn_sid=([^;]+)/.exec(c)?.[1])
      .find(Boolean);
    cookies.user = sid as string;
  }

  beforeAll(async () => {
    op = new Operator(server);
    await listCoins(op);
    fuzzEmail = `fuzz-${randomUUID().slice(0, 8)}@example.com`;
    const id = await new TestClient(server).register(fuzzEmail, PASSWORD);
    for (const [asset, amount] of [
      ['USDT', '5000'],
      ['BTC', '1'],
      ['ETH', '10'],
      ['GT', '500'],
    ] as const) {
      await op.deposit(id, asset, amount);
    }
    await signIn();
    const now = server.deps.clock.now();
    cookies.expired = await createSession(
      server.deps.db,
      id,
      new Date(now.getTime() - 31 * 24 * 3600 * 1000),
    );
    cookies.revoked = await createSession(server.deps.db, id, now);
    const revokedCsrf = await tokenFor(cookies.revoked);
    await server.app.inject({
      method: 'POST',
      url: '/api/web/v1/auth/logout',
      headers: {
        cookie: `earn_sid=${cookies.revoked}; csrftoken=${revokedCsrf}`,
        'x-csrf-token': revokedCsrf,
      },
    });
    // Run whatever fell due at start, so only a request could move money from here on.
    await op.advance(0);
    names = await fieldNames();
    baseline = await ledgerSnapshot(server.deps.db);
  });

  afterAll(() => server.dispose());

  it('covers every registered route, product lines included', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.url === '/admin/api/withdrawals')).toBe(true);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const key = `${route.method} ${route.url}`;
      const fields = names.get(key) ?? { body: [], query: [] };
      const isAdmin = route.url.startsWith('/admin/');
      await fc.assert(
        fc.asyncProperty(caseArb(route, fields), async (c) => {
          let i = 0;
          const url = route.url.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(c.params[i++] ?? ''));
          const qs = new URLSearchParams(c.query).toString();
          const headers: Record<string, string> = {};
          const jar: string[] = [];
          const sid = {
            user: cookies.user,
            expired: cookies.expired,
            revoked: cookies.revoked,
            forged: 'forged-session-token',
            none: '',
          }[c.session];
          if (sid) jar.push(`earn_sid=${sid}`);
          const csrf = await tokenFor(sid);
          if (c.csrf !== 'missing') jar.push(`csrftoken=${csrf}`);
          if (jar.length > 0) headers.cookie = jar.join('; ');
          if (c.csrf === 'ok') headers['x-csrf-token'] = csrf;
          if (c.csrf === 'wrong') headers['x-csrf-token'] = 'not-the-token';
          if (isAdmin && c.admin !== 'missing')
            headers.authorization = c.admin === 'ok' ? `Bearer ${ADMIN_TOKEN}` : 'Bearer wrong';
          if (c.idempotencyKey !== undefined)
            headers['idempotency-key'] = c.idempotencyKey.replace(/[^\t\x20-\x7e]/g, '');
          if (c.fundpass !== undefined)
            headers['x-fund-password'] = c.fundpass.replace(/[^\t\x20-\x7e]/g, '');
          let payload: string | undefined;
          if (c.body.kind === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(c.body.value);
          } else if (c.body.kind === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = new URLSearchParams(
              Object.entries(c.body.value).map(([k, v]): [string, string] => [k, asText(v)]),
            ).toString();
          } else if (c.body.kind === 'raw') {
            headers['content-type'] = c.body.type;
            payload = c.body.text;
          }
          const res = await server.app.inject({
            method: route.method as 'GET',
            url: qs ? `${url}?${qs}` : url,
            headers,
            payload,
          });
          const detail = `${route.method} ${url}?${qs} ${payload ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, detail).toBeLessThan(500);
          // An accepted CSV export answers its file; every refusal is still the JSON envelope.
          const csv = res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/csv');
          if (/^\/(api|apiw|admin)\//.test(route.url) && !route.url.startsWith('/api/docs') && !csv) {
            const body = res.json() as { code: unknown; message: unknown };
            expect(typeof body.code, detail).toBe('number');
            expect(typeof body.message, detail).toBe('string');
            expect(body.code === 0, detail).toBe(res.statusCode === 200);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(await ledgerSnapshot(server.deps.db), `balances moved by ${key}`).toEqual(baseline);
      // A fuzzed logout may have ended the session the next route needs.
      if ((await fuzzClient.get('/api/web/v1/auth/me')).status !== 200) await signIn();
    }, 120_000);
  }
});
