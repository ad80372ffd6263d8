import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, sql } from '../../src/infra/db/client';
import { SESSION_CACHE_TTL_MS } from '../../src/infra/http/session-cache';
import { freshDatabase, onPostgres } from '../harness';
import { type Instance, startInstance, stopInstances } from '../instances';
import { sleep } from './util';

/**
 * A browser of its own against one instance or another: its cookies, its CSRF token echoed. The
 * instances share the CSRF secret and the sessions, so a session opened on one is good on the other.
 */
class Browser {
  private cookies = new Map<string, string>();

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async call(instance: Instance, method: 'GET' | 'POST', path: string, body?: unknown) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['x-csrf-token'] = this.cookies.get('csrftoken') ?? '';
    }
    const res = await fetch(`http://127.0.0.1:${instance.port}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, body: (await res.json()) as { code: number; data: unknown } };
  }

  /** A new browser holding this one's cookies (the same session, another device's tab). */
  copy(): Browser {
    const other = new Browser();
    other.cookies = new Map(this.cookies);
    return other;
  }
}

const ME = '/api/web/v1/auth/me';

/** The status of GET /me on `instance`, polled until it is `want` or `withinMs` have passed. */
async function meBecomes(browser: Browser, instance: Instance, want: number, withinMs: number) {
  const start = performance.now();
  for (;;) {
    const { status } = await browser.call(instance, 'GET', ME);
    const took = performance.now() - start;
    if (status === want || took > withinMs) return { status, took };
    await sleep(10);
  }
}

/**
 * Each instance keeps the sessions it looked up for a few seconds (infra/http/session-cache.ts); a
 * trigger on `sessions` tells every instance of a revocation through LISTEN/NOTIFY. These run two
 * real server processes on one database: a session signed out, ended by a password change, or
 * revoked by an operator's statement on one side stops working on the other well within the cache's
 * lifetime, as the notification arrives, not when the entry would have expired.
 */
describe.runIf(onPostgres)('the session cache across two instances', { timeout: 120_000 }, () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const fresh = await freshDatabase({ migrated: true });
    database = fresh.database;
    url = fresh.url as string;
    drop = fresh.drop;
    [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
  }, 240_000);

  afterAll(async () => {
    await stopInstances();
    await database?.close();
    await drop?.();
  });

  async function signedUp(): Promise<{ browser: Browser; email: string }> {
    const browser = new Browser();
    await browser.call(a, 'GET', '/api/health');
    const email = `cache${Math.random().toString(36).slice(2, 10)}@example.com`;
    const res = await browser.call(a, 'POST', '/api/web/v1/auth/register', {
      email,
      password: 'correct-horse-1',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return { browser, email };
  }

  /**
   * Revokes the session or undoes it without the trigger (as a replica applies changes): no instance
   * hears of it, so an instance that answers as before is answering from its cache.
   */
  async function silently(statement: string, tokenCookie: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("SET session_replication_role = 'replica'");
      await client.query(statement, [tokenCookie]);
    } finally {
      await client.end();
    }
  }
  const HASH = "encode(sha256(convert_to($1, 'UTF8')), 'hex')";

  it('keeps a session for a few seconds, and a sign-out on one instance ends it on the other at once', async () => {
    const { browser } = await signedUp();
    const token = browser.cookie('earn_sid') as string;
    expect((await browser.call(b, 'GET', ME)).status).toBe(200);
    // Revoked behind every instance's back: B still answers from its cache (A never looked it up).
    await silently(`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${HASH}`, token);
    expect((await browser.call(b, 'GET', ME)).status).toBe(200);
    expect((await browser.call(a, 'GET', ME)).status).toBe(401);
    await silently(`UPDATE sessions SET revoked_at = NULL WHERE token_hash = ${HASH}`, token);
    expect((await browser.call(a, 'GET', ME)).status).toBe(200);

    const stale = browser.copy();
    expect((await browser.call(a, 'POST', '/api/web/v1/auth/logout', {})).body.code).toBe(0);
    // On A, which signed out: the very next call.
    expect((await stale.call(a, 'GET', ME)).status).toBe(401);
    // On B, as soon as the notification arrives: far within the cache's lifetime.
    const { status, took } = await meBecomes(stale, b, 401, SESSION_CACHE_TTL_MS / 2);
    expect(status).toBe(401);
    expect(took).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
  });

  it('a password changed on one instance ends the other sessions on the other at once', async () => {
    const { browser, email } = await signedUp();
    const other = new Browser();
    await other.call(b, 'GET', '/api/health');
    const login = await other.call(b, 'POST', '/api/web/v1/auth/login', {
      email,
      password: 'correct-horse-1',
    });
    expect(login.body.code).toBe(0);
    expect((await other.call(b, 'GET', ME)).status).toBe(200);
    const changed = await browser.call(a, 'POST', '/api/web/v1/auth/password', {
      current_password: 'correct-horse-1',
      new_password: 'correct-horse-2',
    });
    expect(changed.body).toMatchObject({ code: 0, data: { revoked_sessions: 1 } });
    const { status, took } = await meBecomes(other, b, 401, SESSION_CACHE_TTL_MS / 2);
    expect(status).toBe(401);
    expect(took).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
    // The session that changed it lives on, on both.
    expect((await browser.call(b, 'GET', ME)).status).toBe(200);
    expect((await browser.call(a, 'GET', ME)).status).toBe(200);
  });

  it('an operator revoking every session of a user in the database ends them on both at once', async () => {
    const { browser, email } = await signedUp();
    expect((await browser.call(a, 'GET', ME)).status).toBe(200);
    expect((await browser.call(b, 'GET', ME)).status).toBe(200);
    await database.db.execute(
      sql`UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
    );
    for (const instance of [a, b]) {
      const { status, took } = await meBecomes(browser, instance, 401, SESSION_CACHE_TTL_MS / 2);
      expect(status).toBe(401);
      expect(took).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
    }
  });
});
