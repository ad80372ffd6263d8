import { Code } from '@earn/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../accounts/operators/audit';
import { actorOf } from '../../accounts/operators/guard';
import { inTransaction } from '../../accounts/operators/writes';
import { type Db, pgConstraint, pgErrorCode, rows, sql } from '../../infra/db/client';
import { clockAdvances } from '../../infra/db/schema';
import { envelope, ok } from '../../infra/http/envelope';
import type { Job } from '../../infra/jobs/scheduler';
import type { AppDeps } from '../../kernel/deps';
import { DomainError, errors } from '../../kernel/errors';
import { clockAdvanceRunner, STALE_SECONDS } from './clock-runner';
import { tags, unixSeconds } from './wire';

/** The longest advance, as the foreground `POST /admin/api/clock/advance` takes it. */
const MAX_SECONDS = 5 * 366 * 24 * 3600;

const STALLED = 'stalled: the instance running it stopped answering';

const advance = z.object({
  id: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  from: z.number(),
  to: z.number(),
  /** Where the clock stands: live while running, where it ended otherwise. */
  at: z.number(),
  periods_run: z.number(),
  /** Job periods that end within the whole span: what periods_run reaches when it is done. */
  periods_total: z.number(),
  error: z.string().nullable(),
});
type AdvanceWire = z.infer<typeof advance>;
type AdvanceRow = typeof clockAdvances.$inferSelect & { stale: boolean };

/** Another clock advance runs: 409 operator.clock.busy, naming it (0: one that started at the same instant). */
export const clockBusy = (id: number) =>
  new DomainError(Code.CONFLICT, 'operator.clock.busy', `Clock advance ${id} is running`, { id });
const busy = clockBusy;

/** The background advance running now, whichever instance runs it (one that stopped answering is not). */
export async function runningAdvanceId(db: Db): Promise<number | undefined> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM clock_advances
        WHERE status = 'running' AND heartbeat_at >= now() - make_interval(secs => ${STALE_SECONDS})`,
  );
  return row ? Number(row.id) : undefined;
}

/** How many job periods end in (from, to]: one job_runs row each once the span is done. */
function periodsWithin(jobs: readonly Job[], from: Date, to: Date): number {
  let n = 0;
  for (const job of jobs) {
    const lengthMs = job.periodSeconds * 1000;
    const offsetMs = (job.offsetSeconds ?? 0) * 1000;
    n +=
      Math.floor((to.getTime() - offsetMs) / lengthMs) - Math.floor((from.getTime() - offsetMs) / lengthMs);
  }
  return n;
}

const notTestClock = () => errors.conflict('The clock is the system clock; start with EARN_CLOCK=test');

/** Rows with whether their heartbeat is stale, judged by the database's own time. */
async function readAdvances(db: Db, where: { id?: number; limit: number }): Promise<AdvanceRow[]> {
  const query = db
    .select({
      row: clockAdvances,
      stale: sql<boolean>`${clockAdvances.heartbeatAt} < now() - make_interval(secs => ${STALE_SECONDS})`,
    })
    .from(clockAdvances)
    .where(where.id === undefined ? undefined : eq(clockAdvances.id, where.id))
    .orderBy(desc(clockAdvances.id))
    .limit(where.limit);
  return (await query).map((r) => ({ ...r.row, stale: r.stale }));
}

function wire(row: AdvanceRow, clockNow: Date, jobs: readonly Job[]): AdvanceWire {
  const stalled = row.status === 'running' && row.stale;
  const running = row.status === 'running' && !stalled;
  // A running advance is reported where the shared clock stands now, within its span.
  const at = running
    ? Math.max(row.at.getTime(), Math.min(clockNow.getTime(), row.toAt.getTime()))
    : row.at.getTime();
  return {
    id: row.id,
    status: running ? 'running' : stalled ? 'failed' : (row.status as AdvanceWire['status']),
    from: unixSeconds(row.fromAt),
    to: unixSeconds(row.toAt),
    at: Math.floor(at / 1000),
    periods_run: row.periodsRun,
    periods_total: periodsWithin(jobs, row.fromAt, row.toAt),
    error: stalled ? STALLED : row.error,
  };
}

export function registerClockAdvanceRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const runner = clockAdvanceRunner(deps, scope.log.child({ component: 'clock-advance' }));
  scope.addHook('onClose', async () => {
    await runner?.stop();
  });

  r.post(
    '/admin/api/clock/advances',
    {
      schema: {
        tags,
        operationId: 'startClockAdvance',
        summary: 'Move the test clock forward in the background (EARN_CLOCK=test only); answers at once',
        description:
          'Runs on this instance a day at a time (an hour on PGlite), every job period falling due in order, as POST /admin/api/clock/advance ' +
          'does; GET /admin/api/clock/advances/{id} on any instance follows it. One at a time: another while one runs, or ' +
          'a POST /admin/api/clock/advance, is 409 operator.clock.busy with params.id. A server that closes stops it between ' +
          'two chunks (status failed). Admin only.',
        body: z.object({ seconds: z.number().int().min(1).max(MAX_SECONDS) }),
        response: { 200: envelope(advance) },
      },
    },
    async (req) => {
      if (!runner) throw notTestClock();
      const from = deps.clock.now();
      const to = new Date(from.getTime() + req.body.seconds * 1000);
      // The row's answer is what the Idempotency-Key keeps: a replay answers it and starts nothing.
      const answer = await inTransaction(deps, req, async (tx) => {
        // An advance whose instance died no longer holds the clock.
        await tx.execute(sql`UPDATE clock_advances SET status = 'failed', error = ${STALLED}, finished_at = now()
            WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS})`);
        const [running] = await rows<{ id: string }>(
          tx,
          sql`SELECT id::text AS id FROM clock_advances WHERE status = 'running'`,
        );
        if (running) throw busy(Number(running.id));
        if (runner.activeId !== undefined) throw busy(runner.activeId);
        const [inserted] = await tx
          .insert(clockAdvances)
          .values({
            status: 'running',
            fromAt: from,
            toAt: to,
            at: from,
            instance: runner.instance,
            actor: actorOf(req).label,
            createdAt: sql`now()`,
            heartbeatAt: sql`now()`,
          })
          .returning();
        if (!inserted) throw new Error('clock advance not inserted');
        await recordAudit(tx, req, deps.clock, {
          action: 'clock.advance.start',
          target: `clock_advance:${inserted.id}`,
          before: { now: unixSeconds(from) },
          after: { now: unixSeconds(to), seconds: req.body.seconds },
        });
        return ok(wire({ ...inserted, stale: false }, from, deps.scheduler.list()));
      }).catch((error: unknown) => {
        // Two starts at once: the partial unique index lets one through.
        if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'clock_advances_one_running')
          throw busy(0);
        throw error;
      });
      // Once committed, so the runner finds its row.
      runner.start(answer.data.id, from, to);
      return answer;
    },
  );

  r.get(
    '/admin/api/clock/advances/:id',
    {
      schema: {
        tags,
        operationId: 'getClockAdvance',
        summary: 'A background clock advance: its status, where the clock stands, the periods run, its error',
        description:
          'periods_run: job periods that ended within the span so far, of periods_total in the whole span. A running ' +
          'advance whose instance stopped answering for 2 minutes is reported failed.',
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: envelope(advance) },
      },
    },
    async (req) => {
      const [row] = await readAdvances(deps.db, { id: req.params.id, limit: 1 });
      if (!row) throw errors.notFound('clock advance');
      return ok(wire(row, deps.clock.now(), deps.scheduler.list()));
    },
  );

  r.get(
    '/admin/api/clock/advances',
    {
      schema: {
        tags,
        operationId: 'listClockAdvances',
        summary: 'Background clock advances, newest first (a console finds a running one after a reload)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: envelope(z.object({ list: z.array(advance) })) },
      },
    },
    async (req) => {
      const list = await readAdvances(deps.db, { limit: req.query.limit });
      const now = deps.clock.now();
      return ok({ list: list.map((row) => wire(row, now, deps.scheduler.list())) });
    },
  );
}
