import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundpassResetCodes } from '../../src/infra/db/schema';
import { PROBE_MOVE, probeModule } from '../core/util';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { CapturedMail } from './helpers';

const PASSWORD = 'correct-horse-1';
const FUNDPASS = '246810';
const RESET = '/api/web/v1/auth/fund-password/reset';
const CONFIRM = '/api/web/v1/auth/fund-password/reset/confirm';

describe('funding-password reset by a mailed code', () => {
  let server: TestServer;
  let op: Operator;
  const mail = new CapturedMail();
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({ modules: [probeModule], mailer: mail });
    op = new Operator(server);
    await op.setPrice('USDT', '1');
  });
  afterAll(() => server.dispose());

  async function user() {
    const email = `rst${++n}@example.com`;
    const c = new TestClient(server);
    const id = await c.register(email, PASSWORD);
    await op.deposit(id, 'USDT', '10');
    const set = await c.post('/api/web/v1/auth/fund-password', {
      fundpass: FUNDPASS,
      login_password: PASSWORD,
    });
    expect(set.body.code).toBe(0);
    await c.post('/api/web/v1/auth/fund-password/mode', { mode: 'always', fundpass: FUNDPASS });
    return { c, email, id };
  }
  const move = (c: TestClient, fundpass: string) =>
    c.post(PROBE_MOVE, { asset: 'USDT', amount: '1', fundpass });

  it('an unknown email gets the same answer as a known one and no mail', async () => {
    const { email } = await user();
    const before = mail.sent.length;
    const unknown = await new TestClient(server).post(RESET, { email: 'nobody@example.com' });
    const known = await new TestClient(server).post(RESET, { email });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ code: 0, message: 'success', data: { sent: true } });
    expect(mail.sent.length).toBe(before + 1);
    expect(mail.last()).toMatchObject({ to: email, language: 'en' });
    expect(mail.last()?.code).toMatch(/^\d{6}$/);
    const bad = await new TestClient(server).post(RESET, { email: 'not-an-email' });
    expect(bad.status).toBe(400);
  });

  it('the code is kept hashed, mailed in the asked language, once a minute at most', async () => {
    const { email, id } = await user();
    await new TestClient(server).request('POST', RESET, {
      body: { email },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const mailed = mail.last();
    expect(mailed).toMatchObject({ to: email, language: 'zh-CN' });
    const rows = await server.deps.db.select().from(fundpassResetCodes);
    const row = rows.find((r) => r.userId === id);
    expect(row?.codeHash.startsWith('$argon2id$')).toBe(true);
    expect(row?.codeHash).not.toContain(mailed?.code);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(15 * 60 * 1000);
    const count = mail.sent.length;
    await new TestClient(server).post(RESET, { email, lang: 'en' });
    expect(mail.sent.length).toBe(count);
  });

  it('a wrong code counts down and changes nothing; the right one sets the password and lifts the lock', async () => {
    const { c, email } = await user();
    // Lock the funding password with five wrong tries.
    for (let i = 0; i < 5; i++) await move(c, '000000');
    expect((await move(c, FUNDPASS)).body.code).toBe(Code.VERIFY_FREQUENCY);

    await c.post(RESET, { email });
    const code = mail.last()?.code as string;
    const wrongCode = code === '999999' ? '000000' : '999999';
    const wrong = await c.post(CONFIRM, { code: wrongCode, fundpass: '135790' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      code: Code.RESET_CODE_INVALID,
      data: { key: 'fundpass.reset.codeInvalid', params: { left: 4 } },
    });
    const badPass = await c.post(CONFIRM, { code, fundpass: '12345' });
    expect(badPass.status).toBe(400);
    expect((await move(c, FUNDPASS)).body.code).toBe(Code.VERIFY_FREQUENCY);

    const done = await c.post(CONFIRM, { code, fundpass: '135790' });
    expect(done.body).toEqual({ code: 0, message: 'success', data: { mode: 'always' } });
    expect((await move(c, FUNDPASS)).body).toMatchObject({ code: Code.FUNDPASS_WRONG });
    const moved = await move(c, '135790');
    expect(moved.body).toMatchObject({ code: 0, data: { balance: '9' } });
    const reused = await c.post(CONFIRM, { code, fundpass: '111111' });
    expect(reused.body).toMatchObject({
      code: Code.RESET_CODE_INVALID,
      data: { key: 'fundpass.reset.codeExpired' },
    });
  });

  it('a code expires after 15 minutes, dies after 5 wrong tries, and only the newest works', async () => {
    const { c, email } = await user();
    await c.post(RESET, { email });
    const first = mail.last()?.code as string;
    await op.advance(15 * 60);
    const expired = await c.post(CONFIRM, { code: first, fundpass: '135790' });
    expect(expired.body).toMatchObject({
      code: Code.RESET_CODE_INVALID,
      data: { key: 'fundpass.reset.codeExpired' },
    });

    await c.post(RESET, { email });
    const second = mail.last()?.code as string;
    await op.advance(61);
    await c.post(RESET, { email });
    const third = mail.last()?.code as string;
    // The older code is retired: trying it is a wrong try of the newest (one in a million, the same digits).
    expect(second).not.toBe(third);
    const older = await c.post(CONFIRM, { code: second, fundpass: '135790' });
    expect(older.body).toMatchObject({ data: { key: 'fundpass.reset.codeInvalid', params: { left: 4 } } });
    const wrong = third === '999999' ? '000000' : '999999';
    for (let left = 3; left >= 0; left--) {
      const res = await c.post(CONFIRM, { code: wrong, fundpass: '135790' });
      expect(res.body).toMatchObject({ data: { key: 'fundpass.reset.codeInvalid', params: { left } } });
    }
    const dead = await c.post(CONFIRM, { code: third, fundpass: '135790' });
    expect(dead.body).toMatchObject({ data: { key: 'fundpass.reset.codeExpired' } });
    expect((await move(c, FUNDPASS)).body.code).toBe(0);
  });

  it('a code of one user does not reset another’s password', async () => {
    const alice = await user();
    const bob = await user();
    await alice.c.post(RESET, { email: alice.email });
    const code = mail.last()?.code as string;
    const res = await bob.c.post(CONFIRM, { code, fundpass: '135790' });
    expect(res.body).toMatchObject({
      code: Code.RESET_CODE_INVALID,
      data: { key: 'fundpass.reset.codeExpired' },
    });
    expect((await move(bob.c, FUNDPASS)).body.code).toBe(0);
  });
});
