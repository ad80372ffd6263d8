import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../accounts/operators/audit';
import { operatorGuard } from '../accounts/operators/guard';
import { ok } from '../infra/http/envelope';
import { registerRoutes } from '../infra/http/route-table';
import { unixSeconds } from '../infra/jobs/clock';
import type { AppDeps } from '../kernel/deps';
import { errors } from '../kernel/errors';
import { clockBusy, runningAdvanceId } from './console/clock-advances';
import { getAdminClockResponse, postAdminClockAdvanceResponse } from './responses';
import { systemRoutes } from './routes-jobs';

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

    registerRoutes(scope, deps, systemRoutes);
  });
}
