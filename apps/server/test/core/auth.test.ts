import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { csrfTokenFor, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { countRows } from './util';

interface Me {
  id: number;
  email: string;
  vip_tier: number;
  account_mode: string;
  fundpass_set: boolean;
  fundpass_mode: string;
  created_at: number;
}

const PASSWORD = 'correct-horse-1';

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
}

function sessionToken(res: { headers: Record<string, unknown> }): string | undefined {
  for (const c of setCookies(res)) {
    const m = /^earn_sid=([^;]*)/.exec(c);
    if (m?.[1]) return m[1];
  }
  return undefined;
}

describe('accounts: register, login, logout, me', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  it('registers with a normalised email, signs in at once and stores an argon2id hash', async () => {
    const c = new TestClient(server);
    const now = await op.now();
    const res = await c.post<Me>('/api/web/v1/auth/register', {
      email: '  Alice@Example.COM ',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 0,
      message: 'success',
      data: {
        email: 'alice@example.com',
        vip_tier: 0,
        account_mode: 'classic',
        fundpass_set: false,
        fundpass_mode: 'never',
        created_at: now,
      },
    });
    const cookie = setCookies(res).find((s) => s.startsWith('earn_sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    const me = await c.get<Me>('/api/web/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(res.body.data.id);

    const [row] = await rows<{ password_hash: string }>(
      server.deps.db,
      sql`SELECT password_hash FROM users WHERE email = 'alice@example.com'`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    // Only the token's hash is kept: a leaked sessions table yields no usable cookie.
    const token = sessionToken(res) as string;
    const stored = await rows<{ token_hash: string }>(server.deps.db, sql`SELECT token_hash FROM sessions`);
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    expect(stored.some((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('refuses an email registered before, whatever its case, and writes nothing', async () => {
    const c = new TestClient(server);
    await c.register('bob@example.com', PASSWORD);
    const users = await countRows(server.deps.db, 'users');
    const again = await new TestClient(server).post('/api/web/v1/auth/register', {
      email: 'BOB@example.com',
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: Code.EMAIL_TAKEN, data: { key: 'auth.emailTaken' } });
    expect(await countRows(server.deps.db, 'users')).toBe(users);
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, 'body/email'],
    [{ email: 'short@example.com', password: '1234567' }, 'body/password'],
    [{ email: 'nopass@example.com' }, 'body/password'],
    [{ email: 42, password: PASSWORD }, 'body/email'],
  ])('refuses bad registration %j with 400 naming the field', async (body, path) => {
    const users = await countRows(server.deps.db, 'users');
    const res = await new TestClient(server).post<{ key: string; issues: { path: string }[] }>(
      '/api/web/v1/auth/register',
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(Code.INVALID_PARAMS);
    expect(res.body.data.key).toBe('common.invalidParams');
    expect(res.body.data.issues.map((i) => i.path)).toContain(path);
    expect(await countRows(server.deps.db, 'users')).toBe(users);
  });

  it('logs in by JSON or by form, each login its own session', async () => {
    await new TestClient(server).register('carol@example.com', PASSWORD);
    const json = new TestClient(server);
    const a = await json.post<Me>('/api/web/v1/auth/login', {
      email: 'carol@example.com',
      password: PASSWORD,
    });
    expect(a.status).toBe(200);
    expect(a.body.data.email).toBe('carol@example.com');
    const form = new TestClient(server);
    const b = await form.post<Me>(
      '/api/web/v1/auth/login',
      { email: 'Carol@example.com', password: PASSWORD },
      { form: true },
    );
    expect(b.status).toBe(200);
    expect(sessionToken(a)).not.toBe(sessionToken(b));
    expect((await json.get('/api/web/v1/auth/me')).status).toBe(200);
    expect((await form.get('/api/web/v1/auth/me')).status).toBe(200);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await new TestClient(server).register('dave@example.com', PASSWORD);
    const wrong = await new TestClient(server).post('/api/web/v1/auth/login', {
      email: 'dave@example.com',
      password: 'wrong-password',
    });
    const unknown = await new TestClient(server).post('/api/web/v1/auth/login', {
      email: 'nobody@example.com',
      password: PASSWORD,
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: Code.INVALID_CREDENTIALS,
        message: 'Wrong email or password',
        data: { key: 'auth.invalidCredentials' },
      });
      expect(sessionToken(res)).toBeUndefined();
    }
  });

  it('answers 401 with code 401 to a call without a session, or with a forged one', async () => {
    const anonymous = await new TestClient(server).get('/api/web/v1/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 401, data: { key: 'auth.loginRequired' } });
    const forged = await server.app.inject({
      method: 'GET',
      url: '/api/web/v1/auth/me',
      headers: { cookie: 'earn_sid=forged-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(401);
  });

  it('logout revokes the session on the server: the old cookie no longer works, other sessions do', async () => {
    await new TestClient(server).register('erin@example.com', PASSWORD);
    const one = new TestClient(server);
    const login = await one.post('/api/web/v1/auth/login', { email: 'erin@example.com', password: PASSWORD });
    const token = sessionToken(login) as string;
    const two = new TestClient(server);
    await two.post('/api/web/v1/auth/login', { email: 'erin@example.com', password: PASSWORD });

    const out = await one.post('/api/web/v1/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 0, message: 'success', data: null });
    expect(setCookies(out).some((c) => /^earn_sid=;/.test(c))).toBe(true);

    // Replaying the cookie the browser was told to forget still fails: the server revoked it.
    const replay = await server.app.inject({
      method: 'GET',
      url: '/api/web/v1/auth/me',
      headers: { cookie: `earn_sid=${token}` },
    });
    expect(replay.statusCode).toBe(401);
    expect((await one.get('/api/web/v1/auth/me')).status).toBe(401);
    expect((await two.get('/api/web/v1/auth/me')).status).toBe(200);
    const [revoked] = await rows<{ n: string }>(
      server.deps.db,
      sql`SELECT COUNT(*)::text AS n FROM sessions WHERE revoked_at IS NOT NULL`,
    );
    expect(Number(revoked?.n)).toBe(1);
    // A second logout with the dead session is a login-needed answer, not an error.
    const csrf = await csrfTokenFor(server, `earn_sid=${token}`);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/web/v1/auth/logout',
      headers: { cookie: `earn_sid=${token}; csrftoken=${csrf}`, 'x-csrf-token': csrf },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('accounts: session expiry on the test clock', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  it('keeps a session for 30 days and answers 401 after', async () => {
    const c = new TestClient(server);
    await c.register('frank@example.com', PASSWORD);
    const day = 24 * 3600;
    await server.deps.testClock?.set(new Date(server.deps.clock.now().getTime() + (30 * day - 60) * 1000));
    expect((await c.get('/api/web/v1/auth/me')).status).toBe(200);
    // The last hour goes through the operator API, as a script would move it.
    await op.advance(3600);
    const expired = await c.get('/api/web/v1/auth/me');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(401);
    // A new login works again.
    const fresh = new TestClient(server);
    expect(
      (await fresh.post('/api/web/v1/auth/login', { email: 'frank@example.com', password: PASSWORD })).status,
    ).toBe(200);
    expect((await fresh.get('/api/web/v1/auth/me')).status).toBe(200);
  });

  it('the session call answers 200 with user null for a visitor, the user once signed in, null again after logout', async () => {
    const c = new TestClient(server);
    const visitor = await c.get<{ user: Me | null }>('/api/web/v1/auth/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ code: 0, data: { user: null } });
    await c.register('grace@example.com', PASSWORD);
    const signedIn = await c.get<{ user: Me | null }>('/api/web/v1/auth/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ email: 'grace@example.com', vip_tier: 0 });
    expect((await c.post('/api/web/v1/auth/logout')).status).toBe(200);
    const after = await c.get<{ user: Me | null }>('/api/web/v1/auth/session');
    expect(after.status).toBe(200);
    expect(after.body.data.user).toBeNull();
  });
});
