import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../infra/http/envelope';
import type { AppDeps } from '../../kernel/deps';
import { LINES } from '../../views/lines';
import { jobLags, latestReconciliation, lineFigures } from './dashboard-queries';
import { amount, tags, unixSeconds } from './wire';

const dashboard = z.object({
  now: z.number(),
  reconciliation: z.object({
    /** null before the first report is kept. */
    ok: z.boolean().nullable(),
    at: z.number().nullable(),
    differences: z.array(z.record(z.string(), z.unknown())),
  }),
  jobs: z.array(
    z.object({
      name: z.string(),
      period_seconds: z.number(),
      last_period_end: z.number().nullable(),
      lag_seconds: z.number().nullable(),
      failures: z.number(),
      last_error: z.string().nullable(),
    }),
  ),
  lines: z.array(
    z.object({
      line: z.enum(LINES),
      total_usdt: amount,
      users: z.number(),
      held: z.array(z.object({ asset: z.string(), amount, usdt: amount })),
      paid_today: z.array(z.object({ asset: z.string(), amount })),
      budgets: z.array(
        z.object({
          /** English, for logs and scripts; the console words it from kind, name and ref. */
          label: z.string(),
          kind: z.enum(['pool', 'bonus', 'campaign']),
          name: z.string(),
          ref: z.string(),
          asset: z.string(),
          left: amount,
          paid: amount,
        }),
      ),
    }),
  ),
});

export function registerDashboardRoute(scope: FastifyInstance, deps: AppDeps): void {
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/admin/api/dashboard',
    {
      schema: {
        tags,
        operationId: 'getConsoleDashboard',
        summary:
          "The console's dashboard: reconciliation, jobs, and per line holdings, users, payouts, budgets",
        description:
          'reconciliation is the newest kept report (the hourly job keeps one; GET /admin/api/reconciliation ' +
          'reconciles now). lag_seconds: how far the last period done is behind the last period ended by the clock ' +
          "(0 up to date, null never run); failures and last_error are this instance's. Per line: held per asset with " +
          'its USDT value at current prices, users holding anything in the line, paid_today since 00:00 UTC of the ' +
          'clock\'s day from the ledger, budgets (left "-1": paid from an expense account with no funded limit).',
        response: { 200: envelope(dashboard) },
      },
    },
    async () => {
      const now = deps.clock.now();
      const [reconciliation, jobs, lines] = await Promise.all([
        latestReconciliation(deps.db),
        jobLags(deps.db, deps.scheduler, now),
        lineFigures(deps.db, deps.reads, now),
      ]);
      return ok({ now: unixSeconds(now), reconciliation, jobs, lines });
    },
  );
}
