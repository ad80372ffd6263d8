import { readFileSync } from 'node:fs';
import { Code, MessageKey } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../kernel/deps';
import { rows, sql } from '../db/client';
import { wallTime } from '../jobs/clock';
import { envelope, errorEnvelope, ok } from './envelope';

/** How many migrations this build ships: the database is at head when it has applied as many. */
const SHIPPED_MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** A database round trip slower than this counts as down: readiness must answer within seconds. */
const DATABASE_TIMEOUT_MS = 2000;

const check = z.object({ ok: z.boolean(), detail: z.string() });
const readiness = z.object({
  ready: z.boolean(),
  failing: z.array(z.string()),
  checks: z.object({ database: check, migrations: check, scheduler: check }),
});
type Check = z.infer<typeof check>;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

async function databaseCheck(deps: AppDeps): Promise<{ database: Check; migrations: Check }> {
  const started = performance.now();
  try {
    const [applied] = await withTimeout(
      rows<{ n: string | number }>(deps.db, sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`),
      DATABASE_TIMEOUT_MS,
    );
    const n = Number(applied?.n ?? 0);
    return {
      database: { ok: true, detail: `answered in ${Math.round(performance.now() - started)} ms` },
      migrations: {
        ok: n >= SHIPPED_MIGRATIONS,
        detail: `${n} of ${SHIPPED_MIGRATIONS} applied`,
      },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      database: { ok: false, detail: reason },
      migrations: { ok: false, detail: 'unknown: the database did not answer' },
    };
  }
}

/** Alive: a pass began within three intervals (or a minute), or one is running; behind: a job two periods late. */
function schedulerCheck(deps: AppDeps): Check {
  const status = deps.scheduler.status();
  if (!status.started) return { ok: false, detail: 'not running in this process' };
  const now = wallTime().getTime();
  const window = Math.max(3 * deps.config.jobIntervalMs, 60_000);
  const started = status.lastPassStartedAt?.getTime() ?? 0;
  const running = started > (status.lastPassEndedAt?.getTime() ?? 0);
  if (!running && now - started > window)
    return { ok: false, detail: `no pass since ${status.lastPassStartedAt?.toISOString() ?? 'start-up'}` };
  const business = deps.clock.now().getTime();
  const behind = status.jobs
    .filter((j) => j.lastPeriodEnd && business - j.lastPeriodEnd.getTime() > 2 * j.periodSeconds * 1000)
    .map((j) => j.name);
  if (behind.length > 0) return { ok: false, detail: `behind: ${behind.join(', ')}` };
  return { ok: true, detail: running ? 'a pass is running' : `last pass ${new Date(started).toISOString()}` };
}

/** Liveness for a process supervisor, readiness for a load balancer (and the container's health check). */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health/live',
    {
      schema: {
        tags: ['system'],
        operationId: 'getLiveness',
        summary: 'The process is up and its event loop answers (reads nothing else)',
        response: { 200: envelope(z.object({ live: z.literal(true) })) },
      },
    },
    async () => ok({ live: true as const }),
  );

  r.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        operationId: 'getReadiness',
        summary:
          'Ready for traffic: a database round trip, migrations at head, the scheduler alive and not behind',
        description:
          'Answers 200 when every check passes; 503 (code 50300) naming the failing checks otherwise. The database ' +
          'check gives up after 2 s, so the answer comes within seconds of PostgreSQL stopping or returning.',
        response: {
          200: envelope(readiness),
          // The error envelope; its data also carries `readiness`, the same object as the 200's data.
          503: errorEnvelope,
        },
      },
    },
    async (_req, reply) => {
      const { database, migrations } = await databaseCheck(deps);
      const scheduler = schedulerCheck(deps);
      const checks = { database, migrations, scheduler };
      const failing = Object.entries(checks)
        .filter(([, c]) => !c.ok)
        .map(([name]) => name);
      const body = { ready: failing.length === 0, failing, checks };
      if (failing.length === 0) return ok(body);
      return reply.status(503).send({
        code: Code.SERVICE_UNAVAILABLE,
        message: `Not ready: ${failing.join(', ')}`,
        data: {
          key: MessageKey.serviceUnavailable,
          params: { failing: failing.join(', ') },
          readiness: body,
        },
      });
    },
  );
}
