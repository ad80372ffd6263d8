import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { SecurityMailer } from '../src/accounts/fundpass-reset';
import type { Config } from '../src/config';
import { type Database, type Db, openPglite, openPostgres } from '../src/infra/db/client';
import { errorEnvelope } from '../src/infra/http/envelope';
import type { EarnModule } from '../src/kernel/module';
import { createServer, type Server } from '../src/server';

export const ADMIN_TOKEN = 'test-admin-token';

/** Where server tests run: real PostgreSQL when TEST_DATABASE_URL is set (CI), else in-memory PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    adminToken: ADMIN_TOKEN,
    clock: 'test',
    webDist: '/nonexistent',
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    jobIntervalMs: 1000,
    // TEST_JOB_SHARD_ROWS=3 runs a PostgreSQL project's periods in shards of 3 positions (PGlite books
    // each period whole whatever it says).
    jobShardRows: Number(process.env.TEST_JOB_SHARD_ROWS ?? 0),
    seedDemo: false,
    secureCookies: false,
    // Every inject comes from 127.0.0.1: tests that register many users must not trip the login limit.
    authRateLimitPerMinute: 10_000,
    anonWriteRateLimitPerMinute: 100_000,
    publicRateLimitPerMinute: 100_000,
    moneyRateLimitPerMinute: 100_000,
    checkResponses: true,
    // The product lines' tests move money as users without a funding password; the rule that asks
    // for one first has its own tests (test/security/), which turn it on.
    fundpassFirstMove: false,
    ...overrides,
  };
}

/** The run's migrated PostgreSQL template (test/db-template.ts), where the project made one. */
function pgTemplate(): string | undefined {
  try {
    return inject('pgTemplate') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fresh database: a new PostgreSQL database per call, or a new in-memory PGlite. Empty, or with
 * `migrated` already at the head of the migrations when that is cheaper (a copy of the run's
 * migrated template on PostgreSQL; PGlite migrates in a third of a second and is left to the server).
 */
export async function freshDatabase(
  opts: { migrated?: boolean } = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openPglite();
    return { database, drop: async () => undefined };
  }
  const name = `earn_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = opts.migrated ? pgTemplate() : undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  // Behind a PgBouncer in transaction mode (the server-pgbouncer project), statements stay unnamed.
  const database = await openPostgres(url.toString(), 20, {
    preparedStatements: process.env.TEST_PREPARED_STATEMENTS !== '0',
    // LISTEN needs PostgreSQL itself: behind the test PgBouncer, streams poll as they would in production.
    listenUrl: process.env.TEST_PGBOUNCER ? undefined : url.toString(),
  });
  return {
    database,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer extends Server {
  /** Closes the server and drops its database. */
  dispose(): Promise<void>;
  url?: string;
}

/**
 * TEST_CLOCK_HOUR=H starts every test clock that names no start at today's hour H (UTC) instead of
 * the current hour: a test that passes at one hour of the day and fails at another is found by running
 * the suite at the hours that matter (00 and 23, around the daily jobs), not by the hour CI runs.
 */
function pinnedHour(): Date | undefined {
  const hour = process.env.TEST_CLOCK_HOUR;
  if (hour === undefined || hour === '') return undefined;
  const h = Number(hour);
  if (!Number.isInteger(h) || h < 0 || h > 23) throw new Error(`TEST_CLOCK_HOUR=${hour}: an hour 0-23`);
  return new Date((Math.floor(Date.now() / 86_400_000) * 24 + h) * 3_600_000);
}

export async function startTestServer(
  opts: {
    config?: Partial<Config>;
    modules?: EarnModule[];
    seedDemo?: boolean;
    mailer?: SecurityMailer;
    /** Where the test clock starts (default: the current hour). */
    clockStart?: Date;
  } = {},
): Promise<TestServer> {
  const fresh = await freshDatabase({ migrated: true });
  const server = await createServer(testConfig({ seedDemo: opts.seedDemo ?? false, ...opts.config }), {
    database: fresh.database,
    modules: opts.modules,
    mailer: opts.mailer,
    testClockStart: opts.clockStart ?? pinnedHour(),
  });
  await server.app.ready();
  return {
    ...server,
    url: fresh.url,
    async dispose() {
      await server.close();
      await fresh.drop();
    },
  };
}

/** A refused call's data, read by the error envelope's own schema: its message key and params. */
export function refusalOf(data: unknown) {
  return errorEnvelope.shape.data.parse(data);
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: { code: number; message: string; data: T };
  headers: Record<string, string | string[] | number | undefined>;
}

type Body = Record<string, unknown> | undefined;

/**
 * A browser-like client over app.inject: keeps cookies, echoes the CSRF token on every non-GET call
 * and can send bodies as JSON or form-encoded.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly server: Server) {}

  get csrf(): string | undefined {
    return this.cookies.get('csrftoken');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(setCookie: string | string[] | number | undefined): void {
    const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
    for (const c of list) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: {
      body?: Body;
      query?: Record<string, string | number>;
      form?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ApiResponse<T>> {
    if (!this.csrf && method !== 'GET') await this.request('GET', '/api/health');
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && this.csrf && headers['x-csrf-token'] === undefined)
      headers['x-csrf-token'] = this.csrf;
    let payload: string | undefined;
    if (opts.body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(
          Object.entries(opts.body).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.body);
      }
    }
    const query = opts.query
      ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    const res = await this.server.app.inject({ method, url: `${url}${query}`, headers, payload });
    this.keep(res.headers['set-cookie']);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  get<T = unknown>(url: string, query?: Record<string, string | number>) {
    return this.request<T>('GET', url, { query });
  }

  /** A GET whose answer is not JSON (a CSV export): its status, headers and text. */
  async getText(url: string, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await this.server.app.inject({
      method: 'GET',
      url: `${url}?${search}`,
      headers: this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {},
    });
    return { status: res.statusCode, text: res.body, headers: res.headers };
  }

  post<T = unknown>(
    url: string,
    body?: Body,
    opts: { form?: boolean; headers?: Record<string, string> } = {},
  ) {
    return this.request<T>('POST', url, { body, ...opts });
  }

  put<T = unknown>(url: string, body?: Body) {
    return this.request<T>('PUT', url, { body });
  }

  async register(
    email = `u${randomUUID().slice(0, 8)}@example.com`,
    password = 'correct-horse-1',
  ): Promise<number> {
    const res = await this.post<{ id: number }>('/api/web/v1/auth/register', { email, password });
    if (res.body.code !== 0) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  }
}

/**
 * A CSRF token valid beside these cookies (e.g. `earn_sid=…`), as the server hands it out: for a
 * request a test builds by hand. Tokens are signed and bound to the session cookie.
 */
export async function csrfTokenFor(server: Server, cookie = ''): Promise<string> {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: cookie ? { cookie } : {},
  });
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const token = list.map((c) => /^csrftoken=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!token) throw new Error('no csrftoken handed out');
  return token;
}

/** The operator API with its bearer token. */
export class Operator {
  constructor(private readonly server: Server) {}

  async call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await this.server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: T } };
  }

  async deposit(user: number | string, asset: string, amount: string) {
    const res = await this.call('POST', '/admin/api/deposits', { user, asset, amount });
    if (res.body.code !== 0) throw new Error(`deposit failed: ${JSON.stringify(res.body)}`);
  }

  async setPrice(asset: string, usdt: string) {
    const res = await this.call('PUT', `/admin/api/prices/${asset}`, { usdt });
    if (res.body.code !== 0) throw new Error(`price failed: ${JSON.stringify(res.body)}`);
  }

  async advance(seconds: number): Promise<number> {
    const res = await this.call<{ now: number }>('POST', '/admin/api/clock/advance', { seconds });
    if (res.body.code !== 0) throw new Error(`advance failed: ${JSON.stringify(res.body)}`);
    return res.body.data.now;
  }

  async now(): Promise<number> {
    return (await this.call<{ now: number }>('GET', '/admin/api/clock')).body.data.now;
  }

  async reconciliation() {
    return (await this.call<{ ok: boolean; differences: unknown[] }>('GET', '/admin/api/reconciliation')).body
      .data;
  }
}

/** Standard coins with prices for a test that needs them. */
export async function listCoins(op: Operator): Promise<void> {
  for (const [asset, price] of [
    ['USDT', '1'],
    ['BTC', '100000'],
    ['ETH', '4000'],
    ['GT', '20'],
    ['USDC', '1'],
  ] as const) {
    await op.setPrice(asset, price);
  }
}

/** A fresh migrated database for a file's tests (read it once they run), closed and dropped after them. */
export function useMigratedDatabase(): () => Db {
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    fresh = await freshDatabase({ migrated: true });
    await fresh.database.migrate();
  });
  afterAll(async () => {
    await fresh?.database.close();
    await fresh?.drop();
  });
  return () => {
    if (!fresh) throw new Error('the database opens before the tests');
    return fresh.database.db;
  };
}
