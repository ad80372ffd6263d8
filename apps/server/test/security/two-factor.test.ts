import { Code } from '@earn/domain';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRecoveryCodes } from '../../src/infra/db/schema';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { TotpWall } from './helpers';

const PASSWORD = 'correct-horse-1';
const LOGIN = '/api/web/v1/auth/login';
const STATUS = '/api/web/v1/auth/2fa';
const SETUP = '/api/web/v1/auth/2fa/setup';
const ENABLE = '/api/web/v1/auth/2fa/enable';
const DISABLE = '/api/web/v1/auth/2fa/disable';
const HISTORY = '/api/web/v1/auth/sign-ins';

interface SignIn {
  outcome: string;
  method: string;
  device: string | null;
  address: string | null;
}

describe('two-factor sign-in (TOTP)', () => {
  let server: TestServer;
  let op: Operator;
  let wall: TotpWall;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    wall = new TotpWall(server);
  });
  afterAll(() => server.dispose());

  async function user() {
    const email = `tfa${++n}@example.com`;
    const c = new TestClient(server);
    await c.register(email, PASSWORD);
    const login = (body: Record<string, unknown>) =>
      new TestClient(server).post<{ require_totp?: boolean; key: string; params: { until?: number } }>(
        LOGIN,
        {
          email,
          password: PASSWORD,
          ...body,
        },
      );
    return { c, email, login };
  }

  /** Enrols and turns it on; answers the secret and the recovery codes. */
  async function enrolled() {
    const u = await user();
    const setup = await u.c.post<{ secret: string; otpauth_url: string }>(SETUP, { password: PASSWORD });
    expect(setup.body.code).toBe(0);
    const { secret } = setup.body.data;
    const on = await u.c.post<{ recovery_codes: string[] }>(ENABLE, { code: await wall.code(secret) });
    expect(on.body.code).toBe(0);
    return { ...u, secret, recoveryCodes: on.body.data.recovery_codes };
  }

  it('enrolment: the login password proves it, a QR URL comes back, a code of another secret is refused', async () => {
    const { c, email } = await user();
    const wrong = await c.post(SETUP, { password: 'not-my-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: Code.INVALID_CREDENTIALS, data: { key: 'auth.passwordWrong' } });

    const setup = await c.post<{ secret: string; otpauth_url: string }>(SETUP, { password: PASSWORD });
    expect(setup.status).toBe(200);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.data.otpauth_url).toContain(`otpauth://totp/Earn:${encodeURIComponent(email)}`);
    expect(setup.body.data.otpauth_url).toContain(`secret=${setup.body.data.secret}`);

    const other = await c.post(ENABLE, { code: await wall.code(generateSecret()) });
    expect(other.status).toBe(401);
    expect(other.body).toMatchObject({ code: Code.TOTP_INVALID, data: { key: 'auth.totp.invalid' } });
    const malformed = await c.post(ENABLE, { code: '12ab56' });
    expect(malformed.status).toBe(400);
    // Still off: sign-in asks for no code.
    expect((await c.get(STATUS)).body.data).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect((await new TestClient(server).post(LOGIN, { email, password: PASSWORD })).status).toBe(200);

    const on = await c.post<{ recovery_codes: string[] }>(ENABLE, {
      code: await wall.code(setup.body.data.secret),
    });
    expect(on.status).toBe(200);
    expect(on.body.data.recovery_codes).toHaveLength(10);
    for (const code of on.body.data.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(on.body.data.recovery_codes).size).toBe(10);
    expect((await c.get(STATUS)).body.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Once on, a second enrolment is refused and the secret is not handed out again.
    const again = await c.post(SETUP, { password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: Code.TOTP_STATE, data: { key: 'auth.totp.alreadyOn' } });
  });

  it('recovery codes are stored hashed, never as shown', async () => {
    const { recoveryCodes } = await enrolled();
    const hashes = await server.deps.db
      .select({ codeHash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes);
    expect(hashes.length).toBeGreaterThanOrEqual(10);
    for (const h of hashes) {
      expect(h.codeHash.startsWith('$argon2id$')).toBe(true);
      expect(recoveryCodes).not.toContain(h.codeHash);
    }
  });

  it('sign-in asks for the code, accepts it once, and refuses a reused one or one of another secret', async () => {
    const { login, secret } = await enrolled();
    const noCode = await login({});
    expect(noCode.status).toBe(401);
    expect(noCode.body).toMatchObject({
      code: Code.TOTP_REQUIRED,
      data: { key: 'auth.totp.required', require_totp: true },
    });
    expect(noCode.headers['set-cookie']?.toString() ?? '').not.toContain('earn_sid=');

    // The enrolment used this 30-second step's code: the same code cannot sign in.
    const sameStep = await login({ code: await wall.code(secret) });
    expect(sameStep.status).toBe(401);
    expect(sameStep.body).toMatchObject({ code: Code.TOTP_REUSED, data: { key: 'auth.totp.reused' } });

    wall.step();
    const code = await wall.code(secret);
    const first = await login({ code });
    expect(first.status).toBe(200);
    expect(first.headers['set-cookie']?.toString()).toContain('earn_sid=');
    const replay = await login({ code });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: Code.TOTP_REUSED, data: { key: 'auth.totp.reused' } });

    wall.step();
    const foreign = await login({ code: await wall.code(generateSecret()) });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ code: Code.TOTP_INVALID, data: { key: 'auth.totp.invalid' } });
    const wrongPassword = await login({ password: 'not-my-password', code: await wall.code(secret) });
    expect(wrongPassword.body).toMatchObject({
      code: Code.INVALID_CREDENTIALS,
      data: { key: 'auth.invalidCredentials' },
    });
  });

  it('one code sent twice at once opens one session', async () => {
    const { login, secret } = await enrolled();
    wall.step();
    const code = await wall.code(secret);
    const answers = await Promise.all([login({ code }), login({ code })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.status === 401)?.body.code).toBe(Code.TOTP_REUSED);
  });

  it('codes follow the wall clock: moving the business clock by days does not put them out of step', async () => {
    const { login, secret } = await enrolled();
    await op.advance(3 * 86_400);
    wall.step();
    expect((await login({ code: await wall.code(secret) })).status).toBe(200);
  });

  it('a recovery code signs in once, in any case and with or without the dash', async () => {
    const { c, login, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3] as string;
    const first = await login({ recovery_code: code.toUpperCase().replace('-', '') });
    expect(first.status).toBe(200);
    const again = await login({ recovery_code: code });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: Code.TOTP_INVALID, data: { key: 'auth.totp.invalid' } });
    expect((await c.get(STATUS)).body.data).toMatchObject({ recovery_codes_left: 9 });
  });

  it('five wrong codes in 15 minutes lock sign-in for the user until the first leaves the window', async () => {
    const { login, secret } = await enrolled();
    wall.step();
    const start = await op.now();
    for (let i = 0; i < 5; i++) {
      const res = await login({ code: '000000' === (await wall.code(secret)) ? '111111' : '000000' });
      expect(res.body.code).toBe(Code.TOTP_INVALID);
    }
    const locked = await login({ code: await wall.code(secret) });
    expect(locked.status).toBe(429);
    expect(locked.body.data.key).toBe('auth.totp.locked');
    expect(locked.body.data.params.until).toBe(start + 15 * 60);
    await op.advance(15 * 60 + 1);
    expect((await login({ code: await wall.code(secret) })).status).toBe(200);
  });

  it('turning it off needs the password and a code; afterwards the password alone signs in', async () => {
    const { c, login, secret } = await enrolled();
    wall.step();
    const wrongPassword = await c.post(DISABLE, { password: 'nope-nope-1', code: await wall.code(secret) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.data).toMatchObject({ key: 'auth.passwordWrong' });
    const noCode = await c.post(DISABLE, { password: PASSWORD });
    expect(noCode.status).toBe(400);
    const foreign = await c.post(DISABLE, { password: PASSWORD, code: await wall.code(generateSecret()) });
    expect(foreign.body).toMatchObject({ code: Code.TOTP_INVALID });
    expect((await c.get(STATUS)).body.data).toMatchObject({ enabled: true });

    const off = await c.post(DISABLE, { password: PASSWORD, code: await wall.code(secret) });
    expect(off.body).toEqual({ code: 0, message: 'success', data: { enabled: false } });
    expect((await c.get(STATUS)).body.data).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect((await login({})).status).toBe(200);
    const twice = await c.post(DISABLE, { password: PASSWORD, code: '123456' });
    expect(twice.body).toMatchObject({ code: Code.TOTP_STATE, data: { key: 'auth.totp.notOn' } });
  });

  it('the sign-in history lists every try for the account with outcome, method, device and address', async () => {
    const { c, login, secret } = await enrolled();
    wall.step();
    await login({ password: 'wrong-password-1' });
    await login({});
    await new TestClient(server).request('POST', LOGIN, {
      body: {
        email: (await c.get<{ email: string }>('/api/web/v1/auth/me')).body.data.email,
        password: PASSWORD,
        code: await wall.code(secret),
      },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0' },
    });
    const history = await c.get<{ list: SignIn[]; total: number }>(HISTORY, { limit: 2 });
    expect(history.body.data.total).toBe(3);
    expect(history.body.data.list).toHaveLength(2);
    expect(history.body.data.list[0]).toMatchObject({
      outcome: 'ok',
      method: 'totp',
      device: 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0',
      address: '127.0.0.1',
    });
    expect(history.body.data.list[1]).toMatchObject({ outcome: 'totp_required', method: 'totp' });
    const page2 = await c.get<{ list: SignIn[] }>(HISTORY, { limit: 2, page: 2 });
    expect(page2.body.data.list.map((e) => [e.outcome, e.method])).toEqual([['wrong_password', 'password']]);
    expect((await c.get(HISTORY, { limit: 101 })).status).toBe(400);
    // An unknown email leaves no trace in anyone's history and answers as a wrong password.
    const unknown = await new TestClient(server).post(LOGIN, {
      email: 'nobody@example.com',
      password: PASSWORD,
    });
    expect(unknown.body).toMatchObject({
      code: Code.INVALID_CREDENTIALS,
      data: { key: 'auth.invalidCredentials' },
    });
  });
});
