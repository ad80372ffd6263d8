import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { nextRetentionDue, removeExpired } from '../../src/ops/retention/retention';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { CapturedMail } from '../security/helpers';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Retention deletes what is past its window and nothing else: stale idempotency keys, sessions a month
 * past expiry, analytics events after 90 days, old funding-password failures, and job runs after 30 days
 * except each job's newest (the scheduler finds its place from it).
 */
describe('retention', () => {
  let server: TestServer;
  let op: Operator;
  let user: number;
  let t0: number;
  const at = (secondsFromT0: number) => new Date((t0 + secondsFromT0) * 1000);

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    user = await new TestClient(server).register();
    t0 = await op.now();
  });
  afterAll(() => server.dispose());

  const ids = async (query: ReturnType<typeof sql>) =>
    (await rows<{ id: string }>(server.deps.db, query)).map((r) => r.id).sort();

  it('deletes exactly the rows past their windows at the next scheduler pass', async () => {
    const db = server.deps.db;
    for (const [key, age] of [
      ['old-key', DAY + HOUR],
      ['fresh-key', HOUR],
    ] as const)
      await db.execute(sql`INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
        VALUES (${user}, ${key}, 'h', 200, '{}'::jsonb, ${at(-age)})`);
    for (const [token, expiredFor] of [
      ['stale-session', 31 * DAY],
      ['recent-session', 29 * DAY],
    ] as const)
      await db.execute(sql`INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
        VALUES (${token}, ${user}, ${at(-expiredFor - DAY)}, ${at(-expiredFor)})`);
    for (const [name, age] of [
      ['old', 91 * DAY],
      ['recent', 89 * DAY],
    ] as const)
      await db.execute(sql`INSERT INTO analytics_events (kind, name, payload, at)
        VALUES ('view', ${name}, '{}'::jsonb, ${at(-age)})`);
    for (const age of [2 * DAY, HOUR])
      await db.execute(sql`INSERT INTO fundpass_failures (user_id, at) VALUES (${user}, ${at(-age)})`);
    // probe.many ran three days long ago and once lately; probe.once ran once, 100 days ago.
    for (const [job, startAgo] of [
      ['probe.many', 60 * DAY],
      ['probe.many', 59 * DAY],
      ['probe.many', 29 * DAY],
      ['probe.many', 2 * DAY],
      ['probe.once', 100 * DAY],
    ] as const)
      await db.execute(sql`INSERT INTO job_runs (job, period_start, period_end, started_at, instance)
        VALUES (${job}, ${at(-startAgo)}, ${at(-startAgo + DAY)}, ${at(-startAgo + DAY)}, 'test')`);

    await server.deps.scheduler.runDue();

    expect(await ids(sql`SELECT key AS id FROM idempotency_keys`)).toEqual(['fresh-key']);
    expect(await ids(sql`SELECT token_hash AS id FROM sessions WHERE token_hash LIKE '%-session'`)).toEqual([
      'recent-session',
    ]);
    // The session the sign-up opened is live and stays.
    expect(
      await ids(sql`SELECT user_id::text AS id FROM sessions WHERE token_hash NOT LIKE '%-session'`),
    ).toEqual([String(user)]);
    expect(await ids(sql`SELECT name AS id FROM analytics_events`)).toEqual(['recent']);
    expect(await ids(sql`SELECT extract(epoch FROM at)::bigint::text AS id FROM fundpass_failures`)).toEqual([
      String(t0 - HOUR),
    ]);
    expect(
      await ids(sql`SELECT job || '@' || (${t0} - extract(epoch FROM period_start)::bigint) / ${DAY} AS id
        FROM job_runs WHERE job LIKE 'probe.%'`),
    ).toEqual(['probe.many@2', 'probe.many@29', 'probe.once@100']);
  });

  it('names the next instant a row falls due, on the hour, and the test clock deletes it there', async () => {
    // The fresh key (an hour old) is the next to go: a day after its creation, rounded up to the hour.
    const due = await nextRetentionDue(server.deps.db);
    expect(due?.getTime()).toBe(Math.ceil((t0 - HOUR + DAY) / HOUR) * HOUR * 1000);
    await op.advance(DAY);
    expect(await ids(sql`SELECT key AS id FROM idempotency_keys`)).toEqual([]);
    expect(await ids(sql`SELECT extract(epoch FROM at)::bigint::text AS id FROM fundpass_failures`)).toEqual(
      [],
    );
  });

  it('works in batches: each pass deletes at most the batch per table', async () => {
    const db = server.deps.db;
    const now = await op.now();
    for (let i = 0; i < 5; i++)
      await db.execute(sql`INSERT INTO analytics_events (kind, name, payload, at)
        VALUES ('view', ${`batch-${i}`}, '{}'::jsonb, ${new Date((now - 100 * DAY - i) * 1000)})`);
    const passes: number[] = [];
    for (let pass = 0; pass < 4; pass++) {
      const deleted = await db.transaction((tx) => removeExpired(tx as never, new Date(now * 1000), 2));
      passes.push(deleted.analytics_events ?? -1);
    }
    expect(passes).toEqual([2, 2, 1, 0]);
    expect(await ids(sql`SELECT name AS id FROM analytics_events WHERE name LIKE 'batch-%'`)).toEqual([]);
  });
});

/**
 * Security rows: sign-ins leave the history after 180 days, and reset codes go a day after they expire,
 * while a code typed after its row is gone is still refused as expired (never taken for valid).
 */
describe('retention of sign-in events and reset codes', () => {
  const PASSWORD = 'correct-horse-1';
  const HISTORY = '/api/web/v1/auth/sign-ins';
  const mail = new CapturedMail();
  let server: TestServer;
  let op: Operator;

  beforeAll(async () => {
    server = await startTestServer({ mailer: mail });
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  it('drops sign-ins older than 180 days and codes a day past expiry, keeping the rest', async () => {
    const db = server.deps.db;
    const email = `ret${Date.now()}@example.com`;
    const c = new TestClient(server);
    const user = await c.register(email, PASSWORD);
    const t0 = await op.now();
    for (const [outcome, ageDays] of [
      ['wrong_password', 181],
      ['ok', 170],
    ] as const)
      await db.execute(sql`INSERT INTO sign_in_events (user_id, at, outcome, method)
        VALUES (${user}, ${new Date((t0 - ageDays * DAY) * 1000)}, ${outcome}, 'password')`);
    expect((await c.get<{ total: number }>(HISTORY)).body.data.total).toBe(2);

    expect((await c.post('/api/web/v1/auth/fund-password/reset', { email })).body.code).toBe(0);
    const oldCode = mail.last()?.code as string;
    // 15 minutes to expiry, then the day kept: an hour short of the day nothing goes.
    await op.advance(15 * 60 + DAY - HOUR);
    await server.deps.scheduler.runDue();
    expect(
      await ids(server, sql`SELECT id::text AS id FROM fundpass_reset_codes WHERE user_id = ${user}`),
    ).toHaveLength(1);
    expect(await ids(server, sql`SELECT outcome AS id FROM sign_in_events WHERE user_id = ${user}`)).toEqual([
      'ok',
    ]);

    await op.advance(2 * HOUR);
    await server.deps.scheduler.runDue();
    expect(
      await ids(server, sql`SELECT id::text AS id FROM fundpass_reset_codes WHERE user_id = ${user}`),
    ).toEqual([]);
    const history = await c.get<{ list: { outcome: string }[]; total: number }>(HISTORY);
    expect(history.body.data).toMatchObject({ total: 1, list: [{ outcome: 'ok' }] });

    // The right code typed after its row is gone is refused as expired and sets nothing.
    const confirm = (code: string) =>
      c.post('/api/web/v1/auth/fund-password/reset/confirm', { code, fundpass: '135790' });
    const stale = await confirm(oldCode);
    expect([stale.status, (stale.body.data as { key?: string }).key]).toEqual([
      422,
      'fundpass.reset.codeExpired',
    ]);
    // A fresh code stays through a pass and works.
    expect((await c.post('/api/web/v1/auth/fund-password/reset', { email })).body.code).toBe(0);
    await server.deps.scheduler.runDue();
    expect((await confirm(mail.last()?.code as string)).body.code).toBe(0);
  });
});

async function ids(server: TestServer, query: ReturnType<typeof sql>) {
  return (await rows<{ id: string }>(server.deps.db, query)).map((r) => r.id).sort();
}
