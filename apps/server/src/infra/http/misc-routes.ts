import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../kernel/deps';
import type { BestOffer, EarnModule } from '../../kernel/module';
import { analyticsEvents } from '../db/schema';
import { optionalUser } from './auth';
import { envelope, ok } from './envelope';
import { decimalString } from './openapi';

/** Health, analytics intake and the earn home summary. */
export function registerMiscRoutes(app: FastifyInstance, deps: AppDeps, modules: EarnModule[]): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and the clock',
        response: { 200: envelope(z.object({ now: z.number(), clock: z.string() })) },
      },
    },
    async () => ok({ now: Math.floor(deps.clock.now().getTime() / 1000), clock: deps.clock.kind }),
  );

  r.post(
    '/api/web/v1/analytics/events',
    {
      preHandler: optionalUser(deps.db, deps.clock),
      schema: {
        tags: ['system'],
        summary: 'Record a button click or a failure seen by the web app (the operator lists them)',
        body: z.object({
          kind: z.enum(['click', 'failure']),
          name: z.string().min(1).max(120),
          payload: z
            .record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
            .default({}),
        }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      if (Object.keys(req.body.payload).length > 30) return ok(null);
      await deps.db.insert(analyticsEvents).values({
        userId: req.user?.id ?? null,
        kind: req.body.kind,
        name: req.body.name,
        payload: req.body.payload,
        at: deps.clock.now(),
      });
      return ok(null);
    },
  );

  r.get(
    '/api/web/v1/earn/home',
    {
      schema: {
        tags: ['system'],
        summary: 'Every product line with its best current APR (percent), for the earn home page',
        response: {
          200: envelope(
            z.object({
              lines: z.array(
                z.object({
                  line: z.string(),
                  asset: z.string().nullable(),
                  apr: decimalString.nullable(),
                  up_to_amount: decimalString.nullable().optional(),
                  query: z.record(z.string(), z.string()).nullable().optional(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async () => {
      const lines: BestOffer[] = [];
      const now = deps.clock.now();
      for (const m of modules) if (m.bestOffer) lines.push(await m.bestOffer(deps.db, now));
      return ok({ lines });
    },
  );
}
