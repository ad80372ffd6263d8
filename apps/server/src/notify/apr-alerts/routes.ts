import {
  APR_ALERT_DIRECTIONS,
  APR_ALERT_LINES,
  assetSymbol,
  dec,
  MAX_APR_ALERTS_PER_USER,
  ratePercent,
  toWire,
} from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import { decimalString } from '../../infra/http/openapi';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { createAlert, deleteAlert, listAlerts } from './service';

const alert = z.object({
  id: z.number(),
  line: z.enum(APR_ALERT_LINES),
  asset: z.string(),
  product_id: z
    .number()
    .nullable()
    .describe(
      'The product watched: a fixed product, a launch pool (rid) or a staking defi protocol (pid); null where the asset names it',
    ),
  direction: z.enum(APR_ALERT_DIRECTIONS),
  apr: decimalString.describe('The threshold in percent'),
  current_apr: decimalString
    .nullable()
    .describe('The APR the product pays now, in percent; null if it is gone'),
  fired: z.number().describe('How many times the alert fired (once per crossing)'),
  last_fired_at: z.number().nullable(),
  created_at: z.number(),
});

type Row = Awaited<ReturnType<typeof listAlerts>>[number];
const wire = (a: Row) => ({
  id: a.id,
  line: a.line as (typeof APR_ALERT_LINES)[number],
  asset: a.asset,
  product_id: a.productId,
  direction: a.direction as (typeof APR_ALERT_DIRECTIONS)[number],
  apr: toWire(a.apr),
  current_apr: a.currentRate === undefined ? null : toWire(dec(a.currentRate).times(100)),
  fired: a.fired,
  last_fired_at: a.lastFiredAt ? unixSeconds(a.lastFiredAt) : null,
  created_at: unixSeconds(a.createdAt),
});

/** APR alerts: set, list and delete; they fire from the hourly rate look (apr-alerts/observe.ts). */
export function registerAprAlertRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const tags = ['notifications'];
  const path = '/api/web/v1/earn/apr-alerts';

  r.post(
    path,
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          'Set an APR alert: tell me when the APR is at or above (above) or below (below) a percentage',
        description: `Lines: flexible and soft_staking by asset; fixed (product_id: the fixed product) and launchpool (product_id: the pool's rid) name their product; staking by coin, with product_id the defi protocol's pid when the product stakes through protocols. At most ${MAX_APR_ALERTS_PER_USER} per user (422 earn.aprAlert.limit). A missing product_id answers 400 earn.aprAlert.productRequired; an unknown product 404 earn.aprAlert.productNotFound, the same alert twice 409 earn.aprAlert.duplicate. The alert fires once each time the condition turns true (flexible at the hour; a launch pool at the hour and at the operator's edits, by the APR its card shows, derived from the reward per hour, the total staked and the prices, so a pool whose APR cannot be derived has none to watch; the others when the operator changes the rate), into the inbox (kind apr_alert) and by mail when chosen.`,
        body: z
          .object({
            line: z.enum(APR_ALERT_LINES),
            asset: assetSymbol,
            product_id: z.coerce.number().int().min(1).optional(),
            direction: z.enum(APR_ALERT_DIRECTIONS),
            apr: ratePercent(4).refine((s) => dec(s).gt(0), { message: 'apr must be above 0' }),
          })
          .strict(),
        response: { 200: envelope(alert) },
      },
    },
    async (req) => {
      const b = req.body;
      const row = await createAlert(
        deps.db,
        currentUser(req).id,
        { line: b.line, asset: b.asset, productId: b.product_id, direction: b.direction, apr: b.apr },
        deps.clock.now(),
      );
      const [listed] = (await listAlerts(deps.db, currentUser(req).id, deps.clock.now())).filter(
        (a) => a.id === row.id,
      );
      if (!listed) throw new Error('alert not listed');
      return ok(wire(listed));
    },
  );

  r.get(
    path,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The user's APR alerts, oldest first",
        response: { 200: envelope(z.object({ list: z.array(alert), total: z.number() })) },
      },
    },
    async (req) => {
      const list = await listAlerts(deps.db, currentUser(req).id, deps.clock.now());
      return ok({ list: list.map(wire), total: list.length });
    },
  );

  r.delete(
    `${path}/:id`,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Delete an APR alert (404 earn.aprAlert.notFound when it is not the user’s)',
        params: z.object({ id: z.coerce.number().int().min(1) }),
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      await deleteAlert(deps.db, currentUser(req).id, req.params.id);
      return ok({ id: req.params.id });
    },
  );
}
