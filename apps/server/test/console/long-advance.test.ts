import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { HOLDINGS_PER_USER, populate } from './population';

const DAY = 86_400;
const DAYS = 20;
const USERS = 8;

/**
 * A long advance in one call over users holding every kind of position (the issue's year of 240
 * holdings answered 500 when the proof of liabilities' insert failed): it answers 200 with the new
 * time, every daily job ran once per day of the span, each day has its proof, the books reconcile;
 * and the server answers liveness and a user's call while it runs (on PGlite, whose queries hold the
 * event loop, it answered nothing for minutes).
 */
describe('a multi-day advance with holdings', { timeout: 900_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let from: number;
  let user: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
    op = new Operator(server);
    expect(await populate(server, 'test-admin-token', USERS)).toBe(USERS * HOLDINGS_PER_USER);
    user = new TestClient(server);
    await user.register();
    // Every job caught up to the next midnight: the span then holds whole days.
    const now = await op.now();
    from = await op.advance(DAY - (now % DAY));
  });
  afterAll(() => server.dispose());

  it(`answers 200 with the new time after ${DAYS} days, every daily job run once a day, and keeps answering on the way`, async () => {
    const answered: { live: number[]; me: number[] } = { live: [], me: [] };
    let running = true;
    const timed = async (list: number[], call: () => Promise<number>) => {
      const started = performance.now();
      expect(await call()).toBe(200);
      list.push(performance.now() - started);
    };
    const poll = (async () => {
      while (running) {
        await timed(
          answered.live,
          async () => (await server.app.inject({ url: '/api/health/live' })).statusCode,
        );
        await timed(answered.me, async () => (await user.get('/api/web/v1/auth/me')).status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const res = await op.call<{ now: number }>('POST', '/admin/api/clock/advance', { seconds: DAYS * DAY });
    running = false;
    await poll;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.now).toBe(from + DAYS * DAY);

    // Answered all along: several calls during the advance, none waiting for more than a few periods.
    expect(answered.live.length).toBeGreaterThan(5);
    expect(Math.max(...answered.live)).toBeLessThan(2000);
    expect(Math.max(...answered.me)).toBeLessThan(5000);

    const daily = server.deps.scheduler.list().filter((j) => j.periodSeconds === DAY);
    expect(daily.map((j) => j.name)).toEqual(
      expect.arrayContaining([
        'liabilities.daily',
        'earn.rollup.daily',
        'staking.rewards',
        'soft-staking.daily',
      ]),
    );
    for (const job of daily) {
      const runs = await rows<{ start: number; n: number }>(
        server.deps.db,
        sql`SELECT EXTRACT(EPOCH FROM period_start)::float8 AS start, COUNT(*)::int AS n FROM job_runs
            WHERE job = ${job.name} AND period_end > to_timestamp(${from}) AND period_end <= to_timestamp(${from + DAYS * DAY})
            GROUP BY period_start ORDER BY period_start`,
      );
      expect(runs.length, job.name).toBe(DAYS);
      expect(runs.every((r) => r.n === 1)).toBe(true);
      for (let i = 1; i < runs.length; i++)
        expect((runs[i]?.start ?? 0) - (runs[i - 1]?.start ?? 0)).toBe(DAY);
    }

    // A proof of every day, each with a leaf per user holding earn balances.
    const proofs = await rows<{ day: string; leaf_count: number }>(
      server.deps.db,
      sql`SELECT day::text AS day, leaf_count FROM liability_snapshots
          WHERE day > to_timestamp(${from})::date AND day <= to_timestamp(${from + DAYS * DAY})::date ORDER BY day`,
    );
    expect(proofs).toHaveLength(DAYS);
    expect(proofs.every((p) => p.leaf_count === USERS + 1)).toBe(true);

    const reconciliation = await op.reconciliation();
    expect(reconciliation.differences).toEqual([]);
    expect(reconciliation.ok).toBe(true);
  });
});
