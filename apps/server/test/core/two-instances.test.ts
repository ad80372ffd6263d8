import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows, sql } from '../../src/infra/db/client';
import { ADMIN_TOKEN, freshDatabase, onPostgres } from '../harness';
import { type Instance, startInstance, stopInstances } from '../instances';

const HOUR = 3600;

async function advance(instance: Instance, seconds: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${instance.port}/admin/api/clock/advance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  const body = (await res.json()) as { code: number; data: { now: number } };
  if (body.code !== 0) throw new Error(`advance on ${instance.port}: ${JSON.stringify(body)}`);
  return body.data.now;
}

describe.runIf(onPostgres)('two server processes on one PostgreSQL database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const instances: Instance[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    // Both start at once: they race for the migrations and the test clock's first row too.
    instances.push(
      ...(await Promise.all([startInstance(fresh.url as string), startInstance(fresh.url as string)])),
    );
  }, 240_000);

  afterAll(async () => {
    await stopInstances();
    await database?.close();
    await drop?.();
  });

  it('each (job, period) runs exactly once while both advance the clock at once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const [clock] = await rows<{ now_ms: string }>(
      database.db,
      sql`SELECT now_ms::text AS now_ms FROM test_clock`,
    );
    const start = Number(clock?.now_ms) / 1000;

    for (let round = 0; round < 3; round++) {
      await Promise.all([advance(a, 5 * HOUR), advance(b, 5 * HOUR)]);
    }
    // Let both schedulers' own timers look once more.
    await new Promise((r) => setTimeout(r, 500));
    const [after] = await rows<{ now_ms: string }>(
      database.db,
      sql`SELECT now_ms::text AS now_ms FROM test_clock`,
    );
    const end = Number(after?.now_ms) / 1000;
    expect(instances.every((i) => i.output.includes('Demo login: demo@example.com / demo-password'))).toBe(
      true,
    );
    expect(instances.every((i) => i.output.includes('Database:  PostgreSQL (DATABASE_URL)'))).toBe(true);
    expect(end).toBeGreaterThanOrEqual(start + 15 * HOUR);
    expect(end).toBeLessThanOrEqual(start + 30 * HOUR);

    const dupes = await rows<{ job: string }>(
      database.db,
      sql`SELECT job FROM job_runs GROUP BY job, period_start HAVING COUNT(*) > 1`,
    );
    expect(dupes).toEqual([]);

    const runs = await rows<{ period_start: Date; instance: string }>(
      database.db,
      sql`SELECT period_start, instance FROM job_runs WHERE job = 'ledger.reconcile' ORDER BY period_start`,
    );
    const starts = runs.map((r) => new Date(r.period_start).getTime() / 1000);
    // Every hour from the one that had just ended at start up to the clock's end, none missing.
    expect(starts[0]).toBe(start - HOUR);
    // Another line's job may end off the hour, so the two advances can leave the clock mid-hour.
    expect(starts.at(-1)).toBe(Math.floor(end / HOUR) * HOUR - HOUR);
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - 1] as number)).toBe(HOUR);

    // Hours due at once are checked once, by a report from its first hour to its end: the reports
    // tile the claimed hours, none checked twice, none left out.
    const reports = await rows<{ period_start: Date; at: Date; ok: boolean }>(
      database.db,
      sql`SELECT period_start, at, ok FROM reconciliation_reports WHERE trigger = 'job' ORDER BY period_start`,
    );
    const spans = reports.map((r) => [
      new Date(r.period_start).getTime() / 1000,
      new Date(r.at).getTime() / 1000,
    ]);
    expect(spans[0]?.[0]).toBe(starts[0]);
    expect(spans.at(-1)?.[1]).toBe((starts.at(-1) as number) + HOUR);
    for (let i = 1; i < spans.length; i++) expect(spans[i]?.[0]).toBe(spans[i - 1]?.[1]);
    expect(reports.every((r) => r.ok)).toBe(true);

    // Every other product line's job too: one claim per period, contiguous.
    const perJob = await rows<{ job: string; n: string; first: Date; last: Date; seconds: string }>(
      database.db,
      sql`SELECT job, COUNT(*)::text AS n, MIN(period_start) AS first, MAX(period_start) AS last,
                 EXTRACT(EPOCH FROM MIN(period_end - period_start))::text AS seconds
          FROM job_runs GROUP BY job`,
    );
    for (const j of perJob) {
      const span = (new Date(j.last).getTime() - new Date(j.first).getTime()) / 1000;
      expect(Number(j.n), j.job).toBe(span / Number(j.seconds) + 1);
    }
  }, 120_000);
});
