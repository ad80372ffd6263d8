import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { Operator, startTestServer, type TestServer } from '../harness';
import {
  ConsoleClient,
  codeAt,
  createAccount,
  ManualWall,
  type Me,
  sessionCookie,
  withCookie,
} from './helpers';

interface AuditRow {
  actor: string;
  role: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('operator sign-in', () => {
  let server: TestServer;
  let op: Operator;
  let wall: ManualWall;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    wall = new ManualWall(server);
  });
  afterAll(() => server.dispose());

  const audit = async (target: string) =>
    (await op.call<{ list: AuditRow[] }>('GET', `/admin/api/audit?target=${target}`)).body.data.list;

  it('signs in with password and TOTP code: the httpOnly SameSite=Strict cookie, me, and an audit record', async () => {
    const account = await createAccount(op, 'Alice@Example.com', 'operator');
    expect(account).toMatchObject({ email: 'alice@example.com', role: 'operator' });
    expect(account.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(account.otpauth_url).toBe(
      `otpauth://totp/Earn%20operator%20console:alice%40example.com?secret=${account.totp_secret}&issuer=Earn%20operator%20console`,
    );
    const now = wall.seconds();
    const client = new ConsoleClient(server);
    const res = await client.login(
      'ALICE@example.com',
      account.password,
      await codeAt(account.totp_secret, now),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: account.id,
      email: 'alice@example.com',
      role: 'operator',
      expires_at: now + 8 * 3600,
    });
    const cookie = sessionCookie(res.headers) ?? '';
    expect(cookie).toMatch(/^earn_op_sid=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${8 * 3600}`);
    // The user app's session cookie is another one: an operator session is no user session.
    expect((await client.get('/api/web/v1/auth/me')).status).toBe(401);
    expect((await client.get<Me>('/admin/api/auth/me')).body.data).toEqual(res.body.data);

    // Stored: only the token's hash, and last_login_at.
    const [stored] = await rows<{ token_hash: string }>(
      server.deps.db,
      sql`SELECT token_hash FROM operator_sessions WHERE operator_id = ${account.id}`,
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(stored?.token_hash ?? 'x');
    const list = await op.call<{ list: { id: number; last_login_at: number | null }[] }>(
      'GET',
      '/admin/api/operators',
    );
    expect(list.body.data.list.find((o) => o.id === account.id)?.last_login_at).toBe(now);
    // No route answers the secret or the hash again.
    expect(JSON.stringify(list.body)).not.toContain(account.totp_secret);
    expect(JSON.stringify(list.body)).not.toContain('argon2');

    const [login, create] = await audit(`operator:${account.id}`);
    expect(login).toMatchObject({ actor: 'alice@example.com', role: 'operator', action: 'operator.login' });
    expect(create).toMatchObject({
      actor: 'token',
      role: 'admin',
      action: 'operator.create',
      before: null,
      after: { email: 'alice@example.com', role: 'operator', disabled: false },
    });
    // The password is kept as an argon2id hash only.
    const [hash] = await rows<{ password_hash: string }>(
      server.deps.db,
      sql`SELECT password_hash FROM operators WHERE id = ${account.id}`,
    );
    expect(hash?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers one 401 for a wrong password, a wrong code and an unknown email', async () => {
    const account = await createAccount(op, 'bob@example.com', 'viewer');
    const now = wall.seconds();
    const right = await codeAt(account.totp_secret, now);
    const wrong = right === '000000' ? '111111' : '000000';
    const client = new ConsoleClient(server);
    const answers = [
      await client.login(account.email, 'not-the-password', right),
      await client.login(account.email, account.password, wrong),
      await client.login('nobody@example.com', account.password, right),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(answers[0]?.body);
      expect(res.body).toMatchObject({ code: 40100, data: { key: 'operator.login.invalid' } });
      expect(sessionCookie(res.headers)).toBeUndefined();
    }
    // A malformed code is bad input, refused before anything is counted.
    const malformed = await client.login(account.email, account.password, '12345');
    expect(malformed.status).toBe(400);
    expect((await client.get('/admin/api/auth/me')).body.data).toMatchObject({
      key: 'operator.unauthorized',
    });
    // The code was not spent by the wrong password: it still signs in.
    expect((await client.login(account.email, account.password, right)).status).toBe(200);
  });

  it('accepts ±1 step of drift and each code once', async () => {
    const account = await createAccount(op, 'carol@example.com', 'viewer');
    const now = wall.seconds();
    const client = new ConsoleClient(server);
    expect(
      (await client.login(account.email, account.password, await codeAt(account.totp_secret, now, 2))).status,
    ).toBe(401);
    const code = await codeAt(account.totp_secret, now, -1);
    expect((await client.login(account.email, account.password, code)).status).toBe(200);
    expect((await client.post('/admin/api/auth/logout')).status).toBe(200);
    // The same code again, still within its window: refused.
    const replay = await client.login(account.email, account.password, code);
    expect(replay.status).toBe(401);
    expect(replay.body.data).toMatchObject({ key: 'operator.login.invalid' });
    // So is the code of an earlier step than the one used; the current one is accepted.
    expect(
      (await client.login(account.email, account.password, await codeAt(account.totp_secret, now, -2)))
        .status,
    ).toBe(401);
    expect(
      (await client.login(account.email, account.password, await codeAt(account.totp_secret, now))).status,
    ).toBe(200);
    // One step ahead (the authenticator's clock runs fast) is accepted once too.
    expect(
      (await client.login(account.email, account.password, await codeAt(account.totp_secret, now, 1))).status,
    ).toBe(200);
  });

  it('locks an email after 5 wrong tries in 15 minutes, refusing a right code until the window passes', async () => {
    const account = await createAccount(op, 'dave@example.com', 'admin');
    const client = new ConsoleClient(server);
    const start = wall.seconds();
    const right = await codeAt(account.totp_secret, start);
    const wrong = right === '000000' ? '111111' : '000000';
    await client.login(account.email, account.password, wrong);
    wall.advance(60);
    for (let i = 0; i < 4; i++) {
      const res = await client.login(account.email, account.password, wrong);
      expect(res.status).toBe(401);
    }
    const locked = await client.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, start + 60),
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      code: 42900,
      data: { key: 'operator.login.locked', params: { until: start + 15 * 60 } },
    });
    // Tries during the lock are not counted: the lock ends when the first wrong try leaves the window.
    await client.login(account.email, account.password, wrong);
    // Another operator is not affected.
    const other = await createAccount(op, 'erin@example.com', 'viewer');
    await new ConsoleClient(server).signIn(op, other);

    wall.advance(15 * 60 - 60 - 1);
    const stillLocked = await client.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, wall.seconds()),
    );
    expect(stillLocked.status).toBe(429);
    wall.advance(1);
    // The first wrong try has left the window: four remain, and the right code signs in.
    const res = await client.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, wall.seconds()),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'dave@example.com', role: 'admin' });
  });

  it('counts parallel guesses one at a time: of 12 at once, 5 are judged wrong and the rest find the lock', async () => {
    const account = await createAccount(op, 'parallel@example.com', 'viewer');
    const client = new ConsoleClient(server);
    const right = await codeAt(account.totp_secret, wall.seconds());
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.login(account.email, account.password, wrong)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const [count] = await rows<{ n: number }>(
      server.deps.db,
      sql`SELECT count(*)::int AS n FROM operator_login_failures WHERE email = ${account.email}`,
    );
    expect(count?.n).toBe(5);
  });

  it('locks an unknown email the same way, so the lock does not tell which emails exist', async () => {
    const client = new ConsoleClient(server);
    for (let i = 0; i < 5; i++) {
      expect((await client.login('ghost@example.com', 'whatever-it-is', '123456')).status).toBe(401);
    }
    const res = await client.login('ghost@example.com', 'whatever-it-is', '123456');
    expect(res.status).toBe(429);
    expect(res.body.data).toMatchObject({ key: 'operator.login.locked' });
  });

  it('lives by the wall clock: a day of test-clock advance keeps the operator signed in and codes matching', async () => {
    const account = await createAccount(op, 'traveller@example.com', 'admin');
    const client = new ConsoleClient(server);
    const me = await client.signIn(op, account);
    const wallStart = wall.seconds();
    const businessStart = await op.now();
    const advanced = await client.post<{ now: number }>('/admin/api/clock/advance', { seconds: 86_400 });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    expect(await op.now()).toBe(businessStart + 86_400);
    const still = await client.get<Me>('/admin/api/auth/me');
    expect(still.status).toBe(200);
    expect(still.body.data.expires_at).toBe(me.expires_at);
    expect(me.expires_at).toBe(wallStart + 8 * 3600);
    // The authenticator shows wall-time codes; the server still accepts them (a fresh browser signs in).
    const other = new ConsoleClient(server);
    wall.advance(60);
    const again = await other.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, wall.seconds()),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // A code of the business clock's time (a day on) is refused.
    const third = new ConsoleClient(server);
    wall.advance(60);
    const businessCode = await codeAt(account.totp_secret, await op.now());
    expect((await third.login(account.email, account.password, businessCode)).status).toBe(401);
  });

  it('ends a session 30 minutes after its last call', async () => {
    const account = await createAccount(op, 'idle@example.com', 'viewer');
    const client = new ConsoleClient(server);
    await client.signIn(op, account);
    wall.advance(29 * 60);
    expect((await client.get('/admin/api/auth/me')).status).toBe(200);
    wall.advance(29 * 60);
    expect((await client.get('/admin/api/auth/me')).status).toBe(200);
    wall.advance(30 * 60);
    const res = await client.get('/admin/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.data).toMatchObject({ key: 'operator.unauthorized' });
  });

  it('ends a session 8 hours after sign-in however busy', async () => {
    const account = await createAccount(op, 'busy@example.com', 'viewer');
    const client = new ConsoleClient(server);
    const me = await client.signIn(op, account);
    const start = wall.seconds();
    expect(me.expires_at).toBe(start + 8 * 3600);
    for (let i = 0; i < 19; i++) {
      wall.advance(25 * 60);
      expect((await client.get('/admin/api/clock')).status, `after ${(i + 1) * 25} minutes`).toBe(200);
    }
    wall.advance(8 * 3600 - 19 * 25 * 60 - 1);
    expect((await client.get('/admin/api/clock')).status).toBe(200);
    wall.advance(1);
    expect((await client.get('/admin/api/clock')).status).toBe(401);
  });

  it('logout revokes the session server-side and clears the cookie', async () => {
    const account = await createAccount(op, 'frank@example.com', 'viewer');
    const client = new ConsoleClient(server);
    const res = await client.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, wall.seconds()),
    );
    const cookie = (sessionCookie(res.headers) ?? '').split(';')[0] ?? '';
    expect((await withCookie(server, 'GET', '/admin/api/auth/me', cookie)).status).toBe(200);
    const out = await client.post('/admin/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.data).toBeNull();
    expect(sessionCookie(out.headers)).toMatch(/^earn_op_sid=;/);
    expect((await client.get('/admin/api/auth/me')).status).toBe(401);
    // The old cookie, kept by someone, is dead too.
    const replay = await withCookie(server, 'GET', '/admin/api/auth/me', cookie);
    expect(replay.status).toBe(401);
    const [logout] = await audit(`operator:${account.id}`);
    expect(logout).toMatchObject({ actor: 'frank@example.com', role: 'viewer', action: 'operator.logout' });
  });

  it('refuses session writes without the CSRF header, sign-in included; the token needs none', async () => {
    const account = await createAccount(op, 'grace@example.com', 'admin');
    const client = new ConsoleClient(server);
    const code = await codeAt(account.totp_secret, wall.seconds());
    const noHeader = await client.request('POST', '/admin/api/auth/login', {
      body: { email: account.email, password: account.password, code },
      headers: { 'x-csrf-token': '' },
    });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body).toMatchObject({ code: 40301, data: { key: 'common.csrfInvalid' } });
    await client.login(account.email, account.password, code);
    const before = await op.now();
    for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'forged' }]) {
      const res = await client.request('POST', '/admin/api/clock/advance', {
        body: { seconds: 60 },
        headers,
      });
      expect(res.status).toBe(403);
      expect(res.body.data).toMatchObject({ key: 'common.csrfInvalid' });
    }
    expect(await op.now()).toBe(before);
    expect((await client.post('/admin/api/clock/advance', { seconds: 60 })).status).toBe(200);
    expect(await op.now()).toBe(before + 60);
    // Bearer calls carry no cookie credential and are exempt.
    const token = await op.call('POST', '/admin/api/clock/advance', { seconds: 60 });
    expect(token.status).toBe(200);
  });

  it('a wrong bearer is refused even beside a live session cookie', async () => {
    const account = await createAccount(op, 'heidi@example.com', 'admin');
    const client = new ConsoleClient(server);
    const res = await client.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, wall.seconds()),
    );
    const cookie = (sessionCookie(res.headers) ?? '').split(';')[0] ?? '';
    const call = await server.app.inject({
      method: 'GET',
      url: '/admin/api/auth/me',
      headers: { cookie, authorization: 'Bearer wrong' },
    });
    expect(call.statusCode).toBe(401);
    expect((await withCookie(server, 'GET', '/admin/api/auth/me', cookie)).status).toBe(200);
  });

  it('a disabled operator cannot sign in and their open sessions stop at once; re-enabled, they sign in anew', async () => {
    const account = await createAccount(op, 'ivan@example.com', 'operator');
    const client = new ConsoleClient(server);
    await client.signIn(op, account);
    expect((await client.get('/admin/api/auth/me')).status).toBe(200);
    const off = await op.call('PUT', `/admin/api/operators/${account.id}`, { disabled: true });
    expect(off.body.data).toMatchObject({ id: account.id, disabled: true, role: 'operator' });
    const dead = await client.get('/admin/api/auth/me');
    expect(dead.status).toBe(401);
    expect(dead.body.data).toMatchObject({ key: 'operator.unauthorized' });
    const refused = await client.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, wall.seconds(), 1),
    );
    expect(refused.status).toBe(401);
    expect(refused.body.data).toMatchObject({ key: 'operator.login.invalid' });

    await op.call('PUT', `/admin/api/operators/${account.id}`, { disabled: false });
    // The session ended by the disabling stays ended.
    expect((await client.get('/admin/api/auth/me')).status).toBe(401);
    wall.advance(30);
    await client.signIn(op, account);
    expect((await client.get('/admin/api/auth/me')).status).toBe(200);
    const [enable, disable] = (await audit(`operator:${account.id}`)).filter(
      (r) => r.action === 'operator.update',
    );
    expect(disable).toMatchObject({ actor: 'token', before: { disabled: false }, after: { disabled: true } });
    expect(enable).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
  });

  it('a role change applies to the sessions already open', async () => {
    const account = await createAccount(op, 'judy@example.com', 'viewer');
    const client = new ConsoleClient(server);
    await client.signIn(op, account);
    expect((await client.put('/admin/api/prices/USDT', { usdt: '1' })).status).toBe(403);
    await op.call('PUT', `/admin/api/operators/${account.id}`, { role: 'operator' });
    expect((await client.get<Me>('/admin/api/auth/me')).body.data.role).toBe('operator');
    expect((await client.put('/admin/api/prices/USDT', { usdt: '1' })).status).toBe(200);
  });

  it('refuses a second operator with the same email (any case)', async () => {
    await createAccount(op, 'kim@example.com', 'viewer');
    const res = await op.call('POST', '/admin/api/operators', { email: 'KIM@example.com', role: 'admin' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 40903, data: { key: 'auth.emailTaken' } });
    const bad = await op.call('POST', '/admin/api/operators', { email: 'lee@example.com', role: 'root' });
    expect(bad.status).toBe(400);
    const missing = await op.call('PUT', '/admin/api/operators/999999', { role: 'admin' });
    expect(missing.status).toBe(404);
  });
});

describe('operator sign-in rate limit per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { authRateLimitPerMinute: 3 } });
  });
  afterAll(() => server.dispose());

  it('answers 429 beyond the limit a minute, before the password is even looked at', async () => {
    const client = new ConsoleClient(server);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await client.login(`nobody${i}@example.com`, 'whatever-it-is', '123456')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await client.login('nobody@example.com', 'whatever-it-is', '123456');
    expect(res.body.data).toMatchObject({ key: 'common.tooManyRequests' });
  });
});
