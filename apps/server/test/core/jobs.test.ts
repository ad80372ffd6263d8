import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, sql } from '../../src/infra/db/client';
import type { Job, Period } from '../../src/infra/jobs/scheduler';
import type { EarnModule } from '../../src/kernel/module';
import { createServer } from '../../src/server';
import { freshDatabase, Operator, startTestServer, type TestServer, testConfig } from '../harness';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Jobs that write down each period they run, and when the clock said it was. */
let failOnPeriodStart: number | undefined;
const record = (name: string) => async (tx: Db, period: Period) => {
  await tx.execute(
    sql`INSERT INTO probe_runs (job, period_start, period_end, ran_at) VALUES (${name}, ${period.start.getTime() / 1000}, ${period.end.getTime() / 1000}, now())`,
  );
  if (failOnPeriodStart === period.start.getTime() / 1000) throw new Error('probe job fails this period');
};
const hourly: Job = { name: 'probe.hourly', periodSeconds: HOUR, run: record('probe.hourly') };
const daily: Job = {
  name: 'probe.daily',
  periodSeconds: DAY,
  offsetSeconds: 1800,
  run: record('probe.daily'),
};
const jobsModule: EarnModule = { name: 'probe-jobs', jobs: () => [hourly, daily] };

interface Run {
  id: number;
  job: string;
  period_start: number;
  period_end: number;
}

describe('clock and jobs', () => {
  let server: TestServer;
  let op: Operator;
  let t0: number;
  beforeAll(async () => {
    server = await startTestServer({ modules: [jobsModule] });
    op = new Operator(server);
    await server.deps.db.execute(
      sql`CREATE TABLE probe_runs (id bigserial PRIMARY KEY, job text NOT NULL, period_start bigint NOT NULL, period_end bigint NOT NULL, ran_at timestamptz NOT NULL)`,
    );
    t0 = await op.now();
  });
  afterAll(() => server.dispose());

  const runs = async (job?: string) =>
    (
      await rows<{ id: string; job: string; period_start: string; period_end: string }>(
        server.deps.db,
        job
          ? sql`SELECT id, job, period_start, period_end FROM probe_runs WHERE job = ${job} ORDER BY id`
          : sql`SELECT id, job, period_start, period_end FROM probe_runs ORDER BY id`,
      )
    ).map(
      (r): Run => ({
        id: Number(r.id),
        job: r.job,
        period_start: Number(r.period_start),
        period_end: Number(r.period_end),
      }),
    );

  it('the test clock starts on a whole hour and only the operator moves it', async () => {
    expect(t0 % HOUR).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await op.now()).toBe(t0);
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().data).toEqual({ now: t0, clock: 'test' });
  });

  it('advancing runs every hourly period once, in order, each with the clock at its end', async () => {
    const now = await op.advance(3 * HOUR);
    expect(now).toBe(t0 + 3 * HOUR);
    const hours = await runs('probe.hourly');
    // A job never run starts with the period that just ended.
    expect(hours.map((r) => [r.period_start - t0, r.period_end - t0])).toEqual([
      [-HOUR, 0],
      [0, HOUR],
      [HOUR, 2 * HOUR],
      [2 * HOUR, 3 * HOUR],
    ]);
    const claims = await rows<{ job: string; period_start: Date; period_end: Date }>(
      server.deps.db,
      sql`SELECT job, period_start, period_end FROM job_runs WHERE job = 'probe.hourly' ORDER BY period_start`,
    );
    expect(claims.map((c) => new Date(c.period_start).getTime() / 1000 - t0)).toEqual([
      -HOUR,
      0,
      HOUR,
      2 * HOUR,
    ]);
  });

  it('the core reconciliation job checks the hours one advance crosses once, at its end, claiming each', async () => {
    // The books as they stand are checked: every hour of the three-hour advance (and the one that had
    // just ended) in one report at the advance's end, whose period_start is the first hour it covers.
    const reports = await rows<{ period_start: Date; ok: boolean; at: Date }>(
      server.deps.db,
      sql`SELECT period_start, ok, at FROM reconciliation_reports WHERE trigger = 'job' ORDER BY period_start`,
    );
    expect(
      reports.map((r) => [
        new Date(r.period_start).getTime() / 1000 - t0,
        r.ok,
        new Date(r.at).getTime() / 1000 - t0,
      ]),
    ).toEqual([[-HOUR, true, 3 * HOUR]]);
    const claims = await rows<{ period_start: Date; period_end: Date }>(
      server.deps.db,
      sql`SELECT period_start, period_end FROM job_runs WHERE job = 'ledger.reconcile' ORDER BY period_start`,
    );
    expect(
      claims.map((c) => [
        new Date(c.period_start).getTime() / 1000 - t0,
        new Date(c.period_end).getTime() / 1000 - t0,
      ]),
    ).toEqual([
      [-HOUR, 0],
      [0, HOUR],
      [HOUR, 2 * HOUR],
      [2 * HOUR, 3 * HOUR],
    ]);
  });

  it('rerunning a period does nothing', async () => {
    const before = await runs();
    const done = { start: new Date(t0 * 1000), end: new Date((t0 + HOUR) * 1000) };
    expect(await server.deps.scheduler.runPeriod(hourly, done)).toBe(false);
    expect(await server.deps.scheduler.hasRun('probe.hourly', done.start)).toBe(true);
    expect(await op.advance(0)).toBe(t0 + 3 * HOUR);
    expect(await server.deps.scheduler.runDue()).toBe(0);
    const ran = await new Operator(server).call<{ ran: number }>('POST', '/admin/api/jobs/run-due');
    expect(ran.body.data).toEqual({ ran: 0 });
    expect(await runs()).toEqual(before);
  });

  it('a partial hour runs nothing; completing it runs that period', async () => {
    const before = (await runs('probe.hourly')).length;
    await op.advance(HOUR - 1);
    expect((await runs('probe.hourly')).length).toBe(before);
    await op.advance(1);
    expect((await runs('probe.hourly')).length).toBe(before + 1);
  });

  it('interleaves jobs by period end over two days; the daily job ends at 00:30 UTC', async () => {
    await op.advance(2 * DAY);
    const all = await runs();
    const ends = all.map((r) => r.period_end);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    const days = await runs('probe.daily');
    expect(days.length).toBeGreaterThanOrEqual(2);
    for (const d of days) {
      expect(d.period_end - d.period_start).toBe(DAY);
      expect(new Date(d.period_end * 1000).toISOString()).toMatch(/T00:30:00\.000Z$/);
    }
    const hours = await runs('probe.hourly');
    for (let i = 1; i < hours.length; i++) expect(hours[i]?.period_start).toBe(hours[i - 1]?.period_end);
    expect(hours.at(-1)?.period_end).toBe(await op.now());
    const [dupes] = await rows<{ n: string }>(
      server.deps.db,
      sql`SELECT COUNT(*)::text AS n FROM (SELECT job, period_start FROM probe_runs GROUP BY 1, 2 HAVING COUNT(*) > 1) d`,
    );
    expect(Number(dupes?.n)).toBe(0);
  });

  it('a failing period rolls back with its claim and runs again once the fault is gone', async () => {
    const now = await op.now();
    failOnPeriodStart = now + HOUR;
    const failed = await op.call('POST', '/admin/api/clock/advance', { seconds: 3 * HOUR });
    expect(failed.status).toBe(500);
    // The period before the failing one committed; the failing one left no trace.
    expect(await server.deps.scheduler.hasRun('probe.hourly', new Date(now * 1000))).toBe(true);
    expect(await server.deps.scheduler.hasRun('probe.hourly', new Date((now + HOUR) * 1000))).toBe(false);
    expect((await runs('probe.hourly')).filter((r) => r.period_start === now + HOUR)).toEqual([]);
    failOnPeriodStart = undefined;
    await op.advance(0);
    const after = (await runs('probe.hourly')).filter((r) => r.period_start >= now);
    expect(after.map((r) => r.period_start - now)).toEqual([0, HOUR]);
    await op.advance(2 * HOUR);
    expect(
      (await runs('probe.hourly')).filter((r) => r.period_start >= now).map((r) => r.period_start - now),
    ).toEqual([0, HOUR, 2 * HOUR, 3 * HOUR]);
  });

  it('registering a job name twice is refused', () => {
    expect(() => server.deps.scheduler.register(hourly)).toThrow(/registered twice/);
  });
});

describe('the scheduler on its own timer', () => {
  it('logs a failing pass instead of swallowing it, and keeps trying', async () => {
    const fresh = await freshDatabase();
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    let tries = 0;
    const broken: EarnModule = {
      name: 'broken',
      jobs: () => [
        {
          name: 'probe.broken',
          periodSeconds: HOUR,
          run: async () => {
            tries++;
            throw new Error('broken job');
          },
        },
      ],
    };
    const server = await createServer(testConfig(), {
      database: fresh.database,
      modules: [broken],
      logger: { level: 'info', stream },
    });
    try {
      server.deps.scheduler.start(20);
      for (let i = 0; i < 200 && tries < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(tries).toBeGreaterThanOrEqual(2);
      const failed = lines.find((l) => l.msg === 'job pass failed') as
        | { err: { message: string }; component: string }
        | undefined;
      expect(failed?.err.message).toBe('broken job');
      expect(failed?.component).toBe('scheduler');
    } finally {
      await server.close();
      await fresh.drop();
    }
  });
});
