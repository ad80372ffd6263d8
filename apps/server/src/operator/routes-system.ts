import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit, recordAudit } from '../accounts/operators/audit';
import { operatorGuard } from '../accounts/operators/guard';
import { analyticsEvents, jobRuns, reconciliationReports } from '../infra/db/schema';
import { envelope, ok } from '../infra/http/envelope';
import { unixSeconds } from '../infra/jobs/clock';
import type { AppDeps } from '../kernel/deps';
import { errors } from '../kernel/errors';
import { type Difference, reconcileAndRecord } from '../ledger/reconcile';
import { clockBusy, runningAdvanceId } from './console/clock-advances';
import {
  getAdminAnalyticsResponse,
  getAdminClockResponse,
  getAdminJobsResponse,
  getAdminReconciliationReportsResponse,
  getAdminReconciliationResponse,
  postAdminClockAdvanceResponse,
  postAdminJobsRunDueResponse,
} from './responses';

/** The clock, jobs, reconciliation, analytics and the audit trail: the platform's own state. */
export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator'];

    r.get(
      '/admin/api/clock',
      {
        schema: {
          response: { 200: getAdminClockResponse },
          tags,
          summary: 'The current time of the clock and its kind',
        },
      },
      async () => ok({ kind: deps.clock.kind, now: Math.floor(deps.clock.now().getTime() / 1000) }),
    );

    r.post(
      '/admin/api/clock/advance',
      {
        // Not once per key: the advance commits period by period, which one transaction claiming a
        // key cannot hold. A test-clock tool of automation (EARN_CLOCK=test); the console moves the
        // clock by POST /admin/api/clock/advances, which runs once per key.
        config: { idempotent: false },
        schema: {
          response: { 200: postAdminClockAdvanceResponse },
          tags,
          summary:
            'Move the test clock forward and run every job that falls due, in order (EARN_CLOCK=test only)',
          description:
            'Answers the new time once every job period that fell due has run. For a long span, POST ' +
            '/admin/api/clock/advances runs the same in the background and answers at once with an id to follow ' +
            '(GET /admin/api/clock/advances/{id}: state, where the clock stands, periods run of the total). While such ' +
            'an advance runs, this call is refused: 409 operator.clock.busy with params.id.',
          body: z.object({
            seconds: z
              .number()
              .int()
              .min(0)
              .max(5 * 366 * 24 * 3600),
          }),
        },
      },
      async (req) => {
        const clock = deps.testClock;
        if (!clock) throw errors.conflict('The clock is the system clock; start with EARN_CLOCK=test');
        // A background advance owns the clock until it ends: moving it meanwhile would run its periods here.
        const running = await runningAdvanceId(deps.db);
        if (running !== undefined) throw clockBusy(running);
        await clock.refresh();
        const from = clock.now();
        // The advance commits period by period (each period's work is its own transaction), so its
        // record is appended once it stops, with where the clock stood before and where it stands
        // now: also when a period failed part of the way, as the clock did move that far.
        try {
          const now = await deps.scheduler.advance(clock, req.body.seconds);
          return ok({ now: unixSeconds(now) });
        } finally {
          await recordAudit(deps.db, req, deps.clock, {
            action: 'jobs.clock.advance',
            target: 'clock:test',
            before: { now: unixSeconds(from) },
            after: { now: unixSeconds(clock.now()), seconds: req.body.seconds },
          });
        }
      },
    );

    r.post(
      '/admin/api/jobs/run-due',
      {
        // Not once per key: each job period runs once whoever asks (job_runs claims it), so running
        // the due jobs again runs nothing twice; and the periods commit one by one.
        config: { idempotent: false },
        schema: {
          response: { 200: postAdminJobsRunDueResponse },
          tags,
          summary: 'Run every job period that has ended by now',
        },
      },
      async (req) => {
        // Each period runs in its own transaction; the record follows, naming how many ran.
        const ran = await deps.scheduler.runDue();
        await recordAudit(deps.db, req, deps.clock, {
          action: 'jobs.due.run',
          target: 'jobs:due',
          before: null,
          after: { ran, at: unixSeconds(deps.clock.now()) },
        });
        return ok({ ran });
      },
    );

    r.get(
      '/admin/api/jobs',
      {
        schema: {
          response: { 200: getAdminJobsResponse },
          tags,
          summary: 'Registered jobs and the most recent periods run',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        },
      },
      async (req) => {
        const recent = await deps.db
          .select()
          .from(jobRuns)
          .orderBy(desc(jobRuns.periodStart))
          .limit(req.query.limit);
        return ok({
          jobs: deps.scheduler.list().map((j) => ({ name: j.name, period_seconds: j.periodSeconds })),
          runs: recent.map((r) => ({
            job: r.job,
            period_start: Math.floor(r.periodStart.getTime() / 1000),
            period_end: Math.floor(r.periodEnd.getTime() / 1000),
            instance: r.instance,
          })),
        });
      },
    );

    r.get(
      '/admin/api/reconciliation',
      {
        schema: {
          response: { 200: getAdminReconciliationResponse },
          tags,
          summary: 'Recompute every balance from its postings; ok is false on any difference',
        },
      },
      async () => {
        const report = await reconcileAndRecord(deps.db, { at: deps.clock.now(), trigger: 'operator' });
        return ok(report);
      },
    );

    r.get(
      '/admin/api/reconciliation/reports',
      {
        schema: {
          response: { 200: getAdminReconciliationReportsResponse },
          tags,
          summary: 'Kept reconciliation reports, newest first',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        },
      },
      async (req) => {
        const rows = await deps.db
          .select()
          .from(reconciliationReports)
          .orderBy(desc(reconciliationReports.id))
          .limit(req.query.limit);
        // Times travel as unix seconds, like every other answer.
        const list = rows.map((r) => ({
          id: r.id,
          at: Math.floor(r.at.getTime() / 1000),
          trigger: r.trigger,
          ok: r.ok,
          differences: r.differences as Difference[],
          period_start: r.periodStart ? Math.floor(r.periodStart.getTime() / 1000) : null,
        }));
        return ok({ list, total: list.length });
      },
    );

    r.get(
      '/admin/api/analytics',
      {
        schema: {
          response: { 200: getAdminAnalyticsResponse },
          tags,
          summary: 'Button clicks and failures the web app reported, newest first',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        },
      },
      async (req) => {
        const list = await deps.db
          .select()
          .from(analyticsEvents)
          .orderBy(desc(analyticsEvents.id))
          .limit(req.query.limit);
        return ok({
          list: list.map((e) => ({ ...e, at: Math.floor(e.at.getTime() / 1000) })),
          total: list.length,
        });
      },
    );

    r.get(
      '/admin/api/audit',
      {
        schema: {
          tags,
          operationId: 'listOperatorAudit',
          summary: 'The audit trail of operator writes, newest first, paged by cursor',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            cursor: z.coerce.number().int().positive().optional(),
            actor: z.string().max(254).optional(),
            target: z.string().max(300).optional(),
          }),
          response: {
            200: envelope(
              z.object({
                list: z.array(
                  z.object({
                    id: z.number(),
                    at: z.number(),
                    actor: z.string(),
                    role: z.string(),
                    action: z.string(),
                    target: z.string(),
                    before: z.record(z.string(), z.unknown()).nullable(),
                    after: z.record(z.string(), z.unknown()).nullable(),
                    request_id: z.string().nullable(),
                    address: z.string().nullable(),
                  }),
                ),
                next_cursor: z.number().nullable(),
              }),
            ),
          },
        },
      },
      async (req) => ok(await listAudit(deps.db, req.query)),
    );
  });
}
