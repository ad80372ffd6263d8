import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';

const PASSWORD = 'correct-horse-1';
const LOGIN = '/api/web/v1/auth/login';
const ME = '/api/web/v1/auth/me';
const SESSIONS = '/api/web/v1/auth/sessions';
const CHANGE = '/api/web/v1/auth/password';

interface Session {
  id: string;
  device: string | null;
  address: string | null;
  created_at: number;
  last_used_at: number;
  current: boolean;
}

describe('sessions and the login password', () => {
  let server: TestServer;
  let op: Operator;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  async function user() {
    const email = `ses${++n}@example.com`;
    const c = new TestClient(server);
    await c.register(email, PASSWORD);
    const signIn = async (userAgent: string, password = PASSWORD) => {
      const other = new TestClient(server);
      const res = await other.request('POST', LOGIN, {
        body: { email, password },
        headers: { 'user-agent': userAgent },
      });
      return { client: other, status: res.status };
    };
    return { c, email, signIn };
  }

  it('lists the live sessions with device, address and last use, this one first', async () => {
    const { c, signIn } = await user();
    const phone = await signIn('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile Safari');
    expect(phone.status).toBe(200);
    const start = await op.now();
    await op.advance(120);
    // A call two minutes later moves the phone's last use.
    expect((await phone.client.get(ME)).status).toBe(200);

    const res = await c.get<{ list: Session[] }>(SESSIONS);
    expect(res.status).toBe(200);
    const [mine, other] = res.body.data.list;
    expect(res.body.data.list).toHaveLength(2);
    expect(mine).toMatchObject({ current: true, address: '127.0.0.1', device: 'lightMyRequest' });
    expect(other).toMatchObject({
      current: false,
      address: '127.0.0.1',
      device: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile Safari',
      created_at: start,
      last_used_at: start + 120,
    });
    expect(other?.id).toMatch(/^[\w-]{12}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('revoking a session signs it out; an unknown or another user’s session id is not found', async () => {
    const { c, signIn } = await user();
    const laptop = await signIn('Laptop browser');
    const list = (await c.get<{ list: Session[] }>(SESSIONS)).body.data.list;
    const target = list.find((s) => !s.current) as Session;

    const stranger = await user();
    const foreign = await stranger.c.request('DELETE', `${SESSIONS}/${target.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: Code.NOT_FOUND, data: { key: 'auth.session.notFound' } });
    expect((await laptop.client.get(ME)).status).toBe(200);
    const unknown = await c.request('DELETE', `${SESSIONS}/nosuchsession`);
    expect(unknown.status).toBe(404);

    const revoked = await c.request('DELETE', `${SESSIONS}/${target.id}`);
    expect(revoked.body).toEqual({ code: 0, message: 'success', data: null });
    const after = await laptop.client.get(ME);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(Code.LOGIN_REQUIRED);
    expect((await c.get<{ list: Session[] }>(SESSIONS)).body.data.list).toHaveLength(1);
    expect((await c.request('DELETE', `${SESSIONS}/${target.id}`)).status).toBe(404);
  });

  it('changing the login password needs the current one and ends every other session', async () => {
    const { c, email, signIn } = await user();
    const a = await signIn('Browser A');
    const b = await signIn('Browser B');

    const wrong = await c.post(CHANGE, {
      current_password: 'not-my-password',
      new_password: 'new-password-22',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: Code.INVALID_CREDENTIALS, data: { key: 'auth.passwordWrong' } });
    const same = await c.post(CHANGE, { current_password: PASSWORD, new_password: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.data).toMatchObject({ key: 'auth.passwordSame' });
    const short = await c.post(CHANGE, { current_password: PASSWORD, new_password: 'short' });
    expect(short.status).toBe(400);
    // None of those changed anything.
    expect((await a.client.get(ME)).status).toBe(200);
    expect((await signIn('Browser C')).status).toBe(200);

    const changed = await c.post(CHANGE, { current_password: PASSWORD, new_password: 'new-password-22' });
    expect(changed.body).toEqual({ code: 0, message: 'success', data: { revoked_sessions: 3 } });
    expect((await c.get(ME)).status).toBe(200);
    expect((await a.client.get(ME)).status).toBe(401);
    expect((await b.client.get(ME)).status).toBe(401);
    const old = await new TestClient(server).post(LOGIN, { email, password: PASSWORD });
    expect(old.body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
    expect((await new TestClient(server).post(LOGIN, { email, password: 'new-password-22' })).status).toBe(
      200,
    );
  });

  it('every call here needs a session', async () => {
    const anon = new TestClient(server);
    for (const [method, url] of [
      ['GET', SESSIONS],
      ['DELETE', `${SESSIONS}/abc`],
      ['POST', CHANGE],
      ['GET', '/api/web/v1/auth/sign-ins'],
      ['GET', '/api/web/v1/auth/2fa'],
      ['POST', '/api/web/v1/auth/fund-password/reset/confirm'],
    ] as const) {
      const res = await anon.request(method, url, method === 'POST' ? { body: {} } : {});
      expect(res.status, url).toBe(401);
    }
  });
});
