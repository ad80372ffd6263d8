import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { stopClockAdvances } from '../../src/operator/console/clock-runner';
import { Operator, startTestServer, type TestServer } from '../harness';
import { ConsoleClient, createAccount } from '../operator-accounts/helpers';
import { DAY, HOUR, must } from './helpers';

interface Advance {
  id: number;
  status: 'running' | 'done' | 'failed';
  from: number;
  to: number;
  at: number;
  periods_run: number;
  periods_total: number;
  error: string | null;
}

const ADVANCES = '/admin/api/clock/advances';

/** Every job period that ended after `from`, as the books of `server` keep them. */
function runsAfter(server: TestServer, from: number) {
  return rows<{ job: string; period_start: number; period_end: number; started_at: number }>(
    server.deps.db,
    sql`SELECT job, EXTRACT(EPOCH FROM period_start)::float8 AS period_start,
          EXTRACT(EPOCH FROM period_end)::float8 AS period_end, EXTRACT(EPOCH FROM started_at)::float8 AS started_at
        FROM job_runs WHERE period_end > to_timestamp(${from}) ORDER BY period_end, job`,
  );
}

async function periodsBetween(server: TestServer, from: number, to: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    server.deps.db,
    sql`SELECT COUNT(*)::int AS n FROM job_runs
        WHERE period_end > to_timestamp(${from}) AND period_end <= to_timestamp(${to})`,
  );
  return row?.n ?? -1;
}

/** Polls an advance until it stops running (or `until` holds), keeping every answer seen. */
async function follow(
  op: Operator,
  id: number,
  until: (a: Advance) => boolean = (a) => a.status !== 'running',
) {
  const seen: Advance[] = [];
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const a = await must(op.call<Advance>('GET', `${ADVANCES}/${id}`));
    seen.push(a);
    if (until(a)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`advance ${id} did not finish: ${JSON.stringify(seen.at(-1))}`);
}

/**
 * A long advance in the background against the same span run in the foreground on a twin server:
 * the same job periods run, progress is visible on the way, one runs at a time, it is audited, it
 * stops between chunks when the server closes, and a dead instance's advance no longer blocks.
 */
describe('background clock advance', { timeout: 600_000 }, () => {
  let fg: TestServer;
  let bg: TestServer;
  let opF: Operator;
  let opB: Operator;
  let from: number;

  beforeAll(async () => {
    // Both at midnight, whatever the hour the test runs: a batch then resumes across the daily jobs
    // with no flexible product at all (its resume once failed there, and the stop ran again an instant
    // at a time, the clock shown going back), and every period of the span is a whole one.
    const clockStart = new Date(Math.floor(Date.now() / DAY / 1000) * DAY * 1000);
    fg = await startTestServer({ clockStart });
    bg = await startTestServer({ clockStart });
    opF = new Operator(fg);
    opB = new Operator(bg);
    // Both clocks at the same instant, each having caught up its jobs' last periods.
    from = Math.max(await opF.now(), await opB.now());
    await opF.advance(from - (await opF.now()));
    await opB.advance(from - (await opB.now()));
  });
  afterAll(async () => {
    await Promise.all([fg.dispose(), bg.dispose()]);
  });

  it('runs the periods of a foreground advance, with progress on the way, one at a time, audited', async () => {
    const span = 3 * DAY;
    const started = await opB.call<Advance>('POST', ADVANCES, { seconds: span });
    expect(started.status).toBe(200);
    const id = started.body.data.id;
    const total = started.body.data.periods_total;
    expect(started.body.data).toEqual({
      id,
      status: 'running',
      from,
      to: from + span,
      at: from,
      periods_run: 0,
      periods_total: total,
      error: null,
    });
    const second = await opB.call<{ key: string; params: { id: number } }>('POST', ADVANCES, {
      seconds: HOUR,
    });
    expect(second.status).toBe(409);
    expect(second.body.data).toMatchObject({ key: 'operator.clock.busy', params: { id } });
    // The foreground advance too: the clock is the background advance's until it ends.
    const foreground = await opB.call<{ key: string; params: { id: number } }>(
      'POST',
      '/admin/api/clock/advance',
      {
        seconds: HOUR,
      },
    );
    expect(foreground.status).toBe(409);
    expect(foreground.body.data).toMatchObject({ key: 'operator.clock.busy', params: { id } });

    const seen = await follow(opB, id);
    const running = seen.filter((a) => a.status === 'running');
    expect(running.some((a) => a.at > from && a.at < from + span)).toBe(true);
    expect(running.some((a) => a.periods_run > 0)).toBe(true);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]?.at).toBeGreaterThanOrEqual(seen[i - 1]?.at ?? 0);
      expect(seen[i]?.periods_run).toBeGreaterThanOrEqual(seen[i - 1]?.periods_run ?? 0);
    }
    const done = seen.at(-1);
    expect(done).toEqual({
      id,
      status: 'done',
      from,
      to: from + span,
      at: from + span,
      periods_run: await periodsBetween(bg, from, from + span),
      periods_total: total,
      error: null,
    });
    expect(total).toBe(done?.periods_run);
    expect(await opB.now()).toBe(from + span);

    await opF.advance(span);
    const background = await runsAfter(bg, from);
    expect(background.length).toBeGreaterThan(3 * 24 * 3);
    expect(background).toEqual(await runsAfter(fg, from));
    expect(done?.periods_run).toBe(background.length);

    const audit = await must(
      opB.call<{ list: Record<string, unknown>[] }>('GET', `/admin/api/audit?target=clock_advance:${id}`),
    );
    expect(audit.list).toEqual([
      expect.objectContaining({
        actor: 'token',
        role: 'admin',
        action: 'clock.advance.start',
        target: `clock_advance:${id}`,
        before: { now: from },
        after: { now: from + span, seconds: span },
      }),
    ]);
    const list = await must(opB.call<{ list: Advance[] }>('GET', ADVANCES));
    expect(list.list[0]).toEqual(done);
  });

  it('stops between chunks when the server closes, and the next advance may start', async () => {
    const start = await opB.now();
    const id = (await must(opB.call<Advance>('POST', ADVANCES, { seconds: 60 * DAY }))).id;
    await follow(opB, id, (a) => a.periods_run > 0);
    await stopClockAdvances(bg.deps);
    const stopped = await must(opB.call<Advance>('GET', `${ADVANCES}/${id}`));
    expect(stopped.status).toBe('failed');
    expect(stopped.error).toMatch(/^stopped/);
    expect(stopped.at).toBeGreaterThan(start);
    expect(stopped.at).toBeLessThan(start + 60 * DAY);
    // It stopped at a chunk's end: where the clock stands, with every period up to it run.
    expect(stopped.at).toBe(await opB.now());
    expect((stopped.at - start) % HOUR).toBe(0);
    expect(stopped.periods_run).toBe(await periodsBetween(bg, start, stopped.at));

    const next = await must(opB.call<Advance>('POST', ADVANCES, { seconds: HOUR }));
    expect((await follow(opB, next.id)).at(-1)).toMatchObject({ status: 'done', at: stopped.at + HOUR });
  });

  it('no longer waits for an advance whose instance stopped answering', async () => {
    const now = await opB.now();
    const [dead] = await rows<{ id: number }>(
      bg.deps.db,
      sql`INSERT INTO clock_advances (status, from_at, to_at, at, instance, actor, created_at, heartbeat_at)
          VALUES ('running', to_timestamp(${now}), to_timestamp(${now + DAY}), to_timestamp(${now}), 'gone', 'token',
                  now() - interval '10 minutes', now() - interval '10 minutes')
          RETURNING id::float8 AS id`,
    );
    const id = dead?.id ?? 0;
    expect(await must(opB.call<Advance>('GET', `${ADVANCES}/${id}`))).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^stalled/),
    });
    const next = await must(opB.call<Advance>('POST', ADVANCES, { seconds: HOUR }));
    expect((await follow(opB, next.id)).at(-1)?.status).toBe('done');
    const [row] = await rows<{ status: string }>(
      bg.deps.db,
      sql`SELECT status FROM clock_advances WHERE id = ${id}`,
    );
    expect(row?.status).toBe('failed');
  });

  it('is for admins on a test clock; viewers read it', async () => {
    const viewer = await createAccount(opB, 'viewer.clock@example.com', 'viewer');
    const browser = new ConsoleClient(bg);
    await browser.signIn(opB, viewer);
    const refused = await browser.post<{ key: string }>(ADVANCES, { seconds: HOUR });
    expect(refused.status).toBe(403);
    expect(refused.body.data.key).toBe('operator.forbidden');
    expect((await browser.get(ADVANCES)).status).toBe(200);
    expect((await browser.get('/admin/api/dashboard')).status).toBe(200);
    expect((await opB.call('GET', `${ADVANCES}/999999`)).status).toBe(404);
    expect((await opB.call('POST', ADVANCES, { seconds: 0 })).status).toBe(400);

    const system = await startTestServer({ config: { clock: 'system' } });
    try {
      const refusedHere = await new Operator(system).call('POST', ADVANCES, { seconds: HOUR });
      expect(refusedHere.status).toBe(409);
    } finally {
      await system.dispose();
    }
  });
});
