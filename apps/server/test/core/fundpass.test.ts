import { Code } from '@earn/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { ledgerSnapshot, PROBE_MOVE, probeModule, spotBalance } from './util';

const PASSWORD = 'correct-horse-1';
const FUNDPASS = '246810';
const FUND_PASSWORD = '/api/web/v1/auth/fund-password';
const FUND_MODE = '/api/web/v1/auth/fund-password/mode';

describe('funding password', () => {
  let server: TestServer;
  let op: Operator;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({ modules: [probeModule] });
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  /** A new user with 100 USDT, signed in; with a funding password when asked (mode every_2h). */
  async function user(opts: { fundpass?: boolean } = {}) {
    const email = `fp${++n}@example.com`;
    const c = new TestClient(server);
    const id = await c.register(email, PASSWORD);
    await op.deposit(id, 'USDT', '100');
    if (opts.fundpass) {
      const set = await c.post<{ mode: string }>(FUND_PASSWORD, {
        fundpass: FUNDPASS,
        login_password: PASSWORD,
      });
      expect(set.body).toEqual({ code: 0, message: 'success', data: { mode: 'every_2h' } });
    }
    /** Another session of the same user, which has not verified the funding password yet. */
    const otherSession = async () => {
      const other = new TestClient(server);
      const res = await other.post('/api/web/v1/auth/login', { email, password: PASSWORD });
      expect(res.status).toBe(200);
      return other;
    };
    return { c, id, email, otherSession };
  }

  const move = (c: TestClient, fundpass?: string, headers: Record<string, string> = {}) =>
    c.post<{
      entry_id: number;
      balance: string;
      key: string;
      params: { left?: number; until?: string };
      require_fundpass?: boolean;
    }>(
      PROBE_MOVE,
      { asset: 'USDT', amount: '1', ...(fundpass === undefined ? {} : { fundpass }) },
      { headers },
    );

  it('is not asked for by default (mode never) and shows in /me', async () => {
    const { c, id } = await user();
    const me = await c.get<{ fundpass_set: boolean; fundpass_mode: string }>('/api/web/v1/auth/me');
    expect(me.body.data).toMatchObject({ fundpass_set: false, fundpass_mode: 'never' });
    const res = await move(c);
    expect(res.status).toBe(200);
    expect(res.body.data.balance).toBe('99');
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('99');
  });

  it('10010107 when a setting needs it and none is set', async () => {
    const { c } = await user();
    const res = await c.post(FUND_MODE, { mode: 'always', fundpass: '123456' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: Code.FUNDPASS_NOT_SET, data: { key: 'fundpass.notSet' } });
    const me = await c.get<{ fundpass_mode: string }>('/api/web/v1/auth/me');
    expect(me.body.data.fundpass_mode).toBe('never');
  });

  it('setting the first one needs the login password and a six-digit password', async () => {
    const { c } = await user();
    const wrongLogin = await c.post(FUND_PASSWORD, { fundpass: FUNDPASS, login_password: 'not-my-password' });
    expect(wrongLogin.status).toBe(401);
    expect(wrongLogin.body.code).toBe(Code.INVALID_CREDENTIALS);
    // The login password's key, not sign-in's 'Wrong email or password' (issue 27).
    expect(wrongLogin.body.data).toMatchObject({ key: 'auth.passwordWrong' });
    const noLogin = await c.post(FUND_PASSWORD, { fundpass: FUNDPASS });
    expect(noLogin.status).toBe(401);
    const short = await c.post(FUND_PASSWORD, { fundpass: '12345', login_password: PASSWORD });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe(Code.INVALID_PARAMS);
    const me = await c.get<{ fundpass_set: boolean }>('/api/web/v1/auth/me');
    expect(me.body.data.fundpass_set).toBe(false);
    const ok = await c.post(FUND_PASSWORD, { fundpass: FUNDPASS, login_password: PASSWORD }, { form: true });
    expect(ok.body).toMatchObject({ code: 0, data: { mode: 'every_2h' } });
    const after = await c.get<{ fundpass_set: boolean; fundpass_mode: string }>('/api/web/v1/auth/me');
    expect(after.body.data).toMatchObject({ fundpass_set: true, fundpass_mode: 'every_2h' });
  });

  it('10010111 with require_fundpass when needed and not sent; moves nothing', async () => {
    const { id, otherSession } = await user({ fundpass: true });
    const other = await otherSession();
    const before = await ledgerSnapshot(server.deps.db);
    const res = await move(other);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: Code.FUNDPASS_REQUIRED,
      message: 'Please enter your funding password',
      data: { key: 'fundpass.required', params: {}, require_fundpass: true },
    });
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('100');
  });

  it('10010106 when wrong, with the tries left; the right one in the body or the header passes', async () => {
    const { id, otherSession } = await user({ fundpass: true });
    const other = await otherSession();
    const before = await ledgerSnapshot(server.deps.db);
    const wrong = await move(other, '000000');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: Code.FUNDPASS_WRONG,
      data: { key: 'fundpass.wrong', params: { left: 4 } },
    });
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);

    const byHeader = await move(other, undefined, { 'x-fund-password': FUNDPASS });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.data.balance).toBe('99');
    const third = await otherSession();
    const byBody = await move(third, FUNDPASS);
    expect(byBody.status).toBe(200);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('98');
  });

  it('every_2h: a verified session is not asked again for 2 hours, other sessions are', async () => {
    const { c, otherSession } = await user({ fundpass: true });
    // Setting the password verified this session.
    expect((await move(c)).status).toBe(200);
    const other = await otherSession();
    expect((await move(other)).body.code).toBe(Code.FUNDPASS_REQUIRED);
    expect((await move(other, FUNDPASS)).status).toBe(200);
    expect((await move(other)).status).toBe(200);

    await op.advance(2 * 3600 - 60);
    expect((await move(c)).status).toBe(200);
    expect((await move(other)).status).toBe(200);
    await op.advance(60);
    const expired = await move(c);
    expect(expired.status).toBe(403);
    expect(expired.body.code).toBe(Code.FUNDPASS_REQUIRED);
    expect((await move(other)).body.code).toBe(Code.FUNDPASS_REQUIRED);
    // Verifying again starts a new window.
    expect((await move(c, FUNDPASS)).status).toBe(200);
    expect((await move(c)).status).toBe(200);
  });

  it('always: asked on every call, even right after a verification', async () => {
    const { c } = await user({ fundpass: true });
    const set = await c.post(FUND_MODE, { mode: 'always', fundpass: FUNDPASS });
    expect(set.body).toEqual({ code: 0, message: 'success', data: { mode: 'always' } });
    expect((await move(c)).body.code).toBe(Code.FUNDPASS_REQUIRED);
    expect((await move(c, FUNDPASS)).status).toBe(200);
    expect((await move(c)).body.code).toBe(Code.FUNDPASS_REQUIRED);
    expect((await move(c, '111111')).body.code).toBe(Code.FUNDPASS_WRONG);
  });

  it('never: not asked; switching modes always needs the password itself', async () => {
    const { c, otherSession } = await user({ fundpass: true });
    const noPass = await c.post(FUND_MODE, { mode: 'never' });
    expect(noPass.body.code).toBe(Code.FUNDPASS_REQUIRED);
    const wrong = await c.post(FUND_MODE, { mode: 'never', fundpass: '999999' });
    expect(wrong.body.code).toBe(Code.FUNDPASS_WRONG);
    const bad = await c.post(FUND_MODE, { mode: 'sometimes', fundpass: FUNDPASS });
    expect(bad.status).toBe(400);
    const me = await c.get<{ fundpass_mode: string }>('/api/web/v1/auth/me');
    expect(me.body.data.fundpass_mode).toBe('every_2h');

    expect(
      (await c.post(FUND_MODE, { mode: 'never' }, { headers: { 'x-fund-password': FUNDPASS } })).status,
    ).toBe(200);
    const other = await otherSession();
    expect((await move(other)).status).toBe(200);
  });

  it('changing it needs the old one; afterwards only the new one works', async () => {
    const { c, otherSession } = await user({ fundpass: true });
    const noOld = await c.post(FUND_PASSWORD, { fundpass: '135790' });
    expect(noOld.body.code).toBe(Code.FUNDPASS_REQUIRED);
    const wrongOld = await c.post(FUND_PASSWORD, { fundpass: '135790', old_fundpass: '000000' });
    expect(wrongOld.body.code).toBe(Code.FUNDPASS_WRONG);
    // The login password does not replace the old funding password.
    const byLogin = await c.post(FUND_PASSWORD, { fundpass: '135790', login_password: PASSWORD });
    expect(byLogin.body.code).toBe(Code.FUNDPASS_REQUIRED);
    const changed = await c.post(FUND_PASSWORD, { fundpass: '135790', old_fundpass: FUNDPASS });
    expect(changed.body).toMatchObject({ code: 0, data: { mode: 'every_2h' } });

    const other = await otherSession();
    expect((await move(other, FUNDPASS)).body.code).toBe(Code.FUNDPASS_WRONG);
    expect((await move(other, '135790')).status).toBe(200);
  });

  describe('lockout', () => {
    let u: Awaited<ReturnType<typeof user>>;
    let other: TestClient;
    beforeEach(async () => {
      u = await user({ fundpass: true });
      other = await u.otherSession();
    });

    it('10010112 after 5 wrong tries in 15 minutes, even with the right password, for 15 minutes', async () => {
      const lefts: unknown[] = [];
      const untils: unknown[] = [];
      const lockEnds = new Date(server.deps.clock.now().getTime() + 15 * 60_000).toISOString();
      for (let i = 0; i < 5; i++) {
        const res = await move(other, `00000${i}`);
        expect(res.body.code).toBe(Code.FUNDPASS_WRONG);
        lefts.push(res.body.data.params.left);
        untils.push(res.body.data.params.until);
      }
      expect(lefts).toEqual([4, 3, 2, 1, 0]);
      // The last wrong try already says when the lock ends; the earlier ones have nothing to say.
      expect(untils).toEqual([undefined, undefined, undefined, undefined, lockEnds]);
      const locked = await move(other, FUNDPASS);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({
        code: Code.VERIFY_FREQUENCY,
        data: { key: 'fundpass.verifyFrequency', params: { until: lockEnds } },
      });
      // The lock is the user's, not the session's, and covers settings too.
      const third = await u.otherSession();
      expect((await move(third, FUNDPASS)).body.code).toBe(Code.VERIFY_FREQUENCY);
      expect((await u.c.post(FUND_MODE, { mode: 'never', fundpass: FUNDPASS })).body.code).toBe(
        Code.VERIFY_FREQUENCY,
      );
      expect((await u.c.post(FUND_PASSWORD, { fundpass: '112233', old_fundpass: FUNDPASS })).body.code).toBe(
        Code.VERIFY_FREQUENCY,
      );
      expect(await spotBalance(server.deps.db, u.id, 'USDT')).toBe('100');

      await op.advance(14 * 60);
      expect((await move(other, FUNDPASS)).body).toMatchObject({
        code: Code.VERIFY_FREQUENCY,
        data: { params: { until: lockEnds } },
      });
      // 15 minutes after the first wrong try it falls out of the window.
      await op.advance(60);
      const unlocked = await move(other, FUNDPASS);
      expect(unlocked.status).toBe(200);
      expect(unlocked.body.data.balance).toBe('99');
    });

    it('counts only tries within the last 15 minutes', async () => {
      for (let i = 0; i < 4; i++) expect((await move(other, '000000')).body.code).toBe(Code.FUNDPASS_WRONG);
      await op.advance(15 * 60);
      // The four old tries have expired: this wrong one leaves four again.
      const res = await move(other, '000000');
      expect(res.body).toMatchObject({ code: Code.FUNDPASS_WRONG, data: { params: { left: 4 } } });
      expect((await move(other, FUNDPASS)).status).toBe(200);
    });
  });

  describe.runIf(onPostgres)('lockout under parallel guesses (PostgreSQL)', () => {
    it('lets exactly 5 wrong tries through however many arrive at once', async () => {
      const { otherSession } = await user({ fundpass: true });
      const other = await otherSession();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => move(other, String(100000 + i))),
      );
      const codes = answers.map((a) => a.body.code);
      expect(codes.filter((c) => c === Code.FUNDPASS_WRONG)).toHaveLength(5);
      expect(codes.filter((c) => c === Code.VERIFY_FREQUENCY)).toHaveLength(15);
      const lefts = answers
        .filter((a) => a.body.code === Code.FUNDPASS_WRONG)
        .map((a) => a.body.data.params.left);
      expect(lefts.sort()).toEqual([0, 1, 2, 3, 4]);
    });
  });
});
