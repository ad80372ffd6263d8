import { Code } from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/infra/db/schema';
import { probeModule } from '../core/util';
import { csrfTokenFor, Operator, startTestServer, TestClient, type TestServer } from '../harness';

const PASSWORD = 'correct-horse-1';
const LOGIN = '/api/web/v1/auth/login';
const HISTORY = '/api/web/v1/auth/sign-ins';

interface Refusal {
  key: string;
  params: { until?: number; seconds?: number };
  retry_after?: number;
}

/**
 * Guessing one account's password from many addresses: the per-address limit (10 a minute, as in
 * production) never trips, the per-account wait does, and only the test clock lifts it.
 */
describe('sign-in: a per-account wait after a run of wrong passwords', () => {
  let server: TestServer;
  let op: Operator;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({ modules: [probeModule], config: { authRateLimitPerMinute: 10 } });
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  /** A sign-in try from its own address, as a botnet makes them. */
  async function tryFrom(address: string, email: string, password: string) {
    const token = await csrfTokenFor(server);
    const res = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: address,
      headers: { cookie: `csrftoken=${token}`, 'x-csrf-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
    return {
      status: res.statusCode,
      body: res.json() as { code: number; data: Refusal },
      retryAfter: res.headers['retry-after'],
    };
  }

  async function user() {
    const email = `guess${++n}@example.com`;
    const c = new TestClient(server);
    const id = await c.register(email, PASSWORD);
    return { c, email, id };
  }

  const guessingMails = (userId: number) =>
    server.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'password_guessing')));

  it('30 wrong passwords from 30 addresses, then the right one: refused until the wait is over, one mail', async () => {
    const { email, id } = await user();
    const start = await op.now();
    const answers = [];
    for (let i = 1; i <= 30; i++) answers.push(await tryFrom(`10.0.${i}.1`, email, `wrong-guess-${i}`));
    // Five are judged (wrong password); the 5th starts a 32-second wait that the other 25 fall into.
    expect(answers.slice(0, 5).map((a) => [a.status, a.body.code])).toEqual(
      Array(5).fill([401, Code.INVALID_CREDENTIALS]),
    );
    for (const a of answers.slice(5)) {
      expect(a.status).toBe(429);
      expect(a.body.code).toBe(Code.RATE_LIMITED);
      expect(a.body.data.key).toBe('auth.signIn.throttled');
      expect(a.body.data.params).toEqual({ until: start + 32, seconds: 32 });
      expect(a.body.data.retry_after).toBe(32);
      expect(a.retryAfter).toBe('32');
    }

    const right = await tryFrom('10.0.99.1', email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.data.key).toBe('auth.signIn.throttled');
    expect(right.body.data.params.until).toBe(start + 32);

    await op.advance(31);
    const early = await tryFrom('10.0.99.2', email, PASSWORD);
    expect(early.status).toBe(429);
    expect(early.body.data.params.seconds).toBe(1);

    await op.advance(1);
    const after = await tryFrom('10.0.99.3', email, PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.code).toBe(0);

    const mails = await guessingMails(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(email);
    expect(mails[0]?.subject).toBe('Someone is trying to sign in to your account');
    expect(mails[0]?.body).toContain('at most 15 minutes');
  });

  it('the wait doubles with each wrong password it lets through, never beyond 15 minutes; a sign-in ends the run', async () => {
    const { c, email, id } = await user();
    for (let i = 0; i < 5; i++) await tryFrom(`10.1.${i}.1`, email, 'wrong-guess');
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await tryFrom('10.1.50.1', email, 'wrong-guess');
      expect(refused.status).toBe(429);
      const seconds = refused.body.data.params.seconds ?? 0;
      waits.push(seconds);
      await op.advance(seconds);
      // The wait is over: this wrong try is judged, and counted.
      expect((await tryFrom('10.1.51.1', email, 'wrong-guess')).status).toBe(401);
    }
    // After the 5th wrong password 32 s, the 6th 64 s … the 10th and on 900 s (15 minutes).
    expect(waits).toEqual([32, 64, 128, 256, 512, 900, 900]);
    expect((await tryFrom('10.1.52.1', email, PASSWORD)).body.data.params.seconds).toBe(900);
    await op.advance(900);
    expect((await tryFrom('10.1.52.1', email, PASSWORD)).status).toBe(200);
    // One mail for the whole run, however long.
    expect(await guessingMails(id)).toHaveLength(1);

    // The run is over: five more wrong passwords cost nothing but the answer, and a new run mails again.
    for (let i = 0; i < 4; i++) expect((await tryFrom(`10.2.${i}.1`, email, 'wrong-guess')).status).toBe(401);
    expect((await tryFrom('10.2.9.1', email, PASSWORD)).status).toBe(200);
    expect(await guessingMails(id)).toHaveLength(1);

    const history = await c.get<{ list: { outcome: string }[] }>(HISTORY, { page: 1, limit: 5 });
    expect(history.body.data.list.map((e) => e.outcome)).toEqual([
      'ok',
      'wrong_password',
      'wrong_password',
      'wrong_password',
      'wrong_password',
    ]);
  });

  it('guesses sent at once are counted one after another: five are judged, the rest wait', async () => {
    const { email } = await user();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tryFrom(`10.5.${i}.1`, email, `wrong-guess-${i}`)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });

  it('a refused try is kept in the history as throttled', async () => {
    const { c, email } = await user();
    for (let i = 0; i < 5; i++) await tryFrom(`10.3.${i}.1`, email, 'wrong-guess');
    expect((await tryFrom('10.3.9.1', email, PASSWORD)).status).toBe(429);
    const history = await c.get<{ list: { outcome: string; address: string | null }[] }>(HISTORY, {
      page: 1,
      limit: 2,
    });
    expect(history.body.data.list).toMatchObject([
      { outcome: 'throttled', address: '10.3.9.1' },
      { outcome: 'wrong_password', address: '10.3.4.1' },
    ]);
  });

  it('a day without a wrong password forgets the run', async () => {
    const { email, id } = await user();
    for (let i = 0; i < 4; i++) await tryFrom(`10.4.${i}.1`, email, 'wrong-guess');
    await op.advance(24 * 60 * 60);
    // Four more after a day are a new run of four: no wait, no mail.
    for (let i = 0; i < 4; i++)
      expect((await tryFrom(`10.4.${i + 10}.1`, email, 'wrong-guess')).status).toBe(401);
    expect((await tryFrom('10.4.99.1', email, PASSWORD)).status).toBe(200);
    expect(await guessingMails(id)).toHaveLength(0);
  });
});
