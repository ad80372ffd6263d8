import { assetSymbol, positiveAmount } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { ARRIVAL_LINES } from '../../kernel/reads';

const query = z.object({
  line: z.enum(ARRIVAL_LINES),
  asset: assetSymbol.optional().describe('flexible: the asset; staking: the staked coin'),
  amount: positiveAmount(8)
    .optional()
    .describe('flexible: the amount about to be redeemed; absent: the frozen amount'),
  order_id: z.coerce.number().int().positive().optional().describe('fixed: the order'),
  early: z
    .enum(['0', '1'])
    .optional()
    .describe('fixed: 1 for an early redemption (principal to spot at once)'),
  quick: z.enum(['0', '1']).optional().describe('staking: 1 for quick redeem'),
  pid: z.coerce.number().int().positive().optional().describe('staking: the protocol; wealth: the product'),
  rid: z.coerce.number().int().positive().optional().describe('launch_pool: the reward pool'),
  simple_earn_status: z
    .enum(['0', '1'])
    .optional()
    .describe("launch_pool: 1 when the redemption asks for auto-earn (the redeem call's simpleEarnStatus)"),
});

const answer = z.object({
  line: z.enum(ARRIVAL_LINES),
  rule: z.enum([
    'flexible_instant',
    'flexible_settlement',
    'fixed_maturity',
    'fixed_early',
    'staking_standard',
    'staking_quick',
    'wealth_next_nav',
    'launchpool_spot',
    'launchpool_flexible',
    'launchpool_fixed',
  ]),
  arrives_at: z.number().describe('Unix seconds when the coins land in spot'),
  estimated: z.boolean().describe('True for a NAV not yet published (estimated from the cadence)'),
  term_payout_at: z
    .number()
    .nullable()
    .describe('launchpool_fixed: when the fixed term the coins enter pays principal and interest to spot'),
  server_now: z.number().describe("The server clock's now, unix seconds"),
  zone: z.literal('UTC'),
});

/** When a redemption will arrive, per line, before confirming and for a pending item. */
export function registerArrivalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/web/v1/earn/redeem-arrival',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags: ['earn'],
        operationId: 'getRedeemArrival',
        summary: 'When redeemed coins arrive in spot, by the rule the engine pays by, on the server clock',
        description:
          'flexible (asset, amount): at once (a flexible redemption is immediate); without amount, a frozen amount left ' +
          'from before that rule, at the next whole-hour settlement. fixed (order_id): maturity + 30 min; with early=1, at once (an early redemption pays the principal to spot). staking ' +
          "(asset, quick, pid): now + the protocol's income days (else redeem_maxday), or the quick minutes. wealth (pid): " +
          'the next NAV, estimated from the last two NAVs (estimated: true). launch_pool (rid, simple_earn_status): at once, ' +
          'into spot, flexible simple earn (auto-earn) or the fixed term of a fixed-period stake (term_payout_at), as the ' +
          'redeem call decides; spot when simple earn has no such product on sale. Reads only.',
        querystring: query,
        response: { 200: envelope(answer) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const now = deps.clock.now();
      const q = req.query;
      // The line that serves this arrival answers it (kernel/reads.ts): the rule is the line's own.
      const serve = deps.reads.map((read) => read.redeemArrival?.[q.line]).find((f) => f !== undefined);
      if (!serve) throw errors.notFound(`line ${q.line}`);
      const arrival = await serve(
        deps.db,
        {
          line: q.line,
          userId: user.id,
          asset: q.asset,
          amount: q.amount,
          orderId: q.order_id,
          early: q.early === '1',
          quick: q.quick === '1',
          pid: q.pid,
          rid: q.rid,
          simpleEarnStatus: q.simple_earn_status === '1' ? 1 : 0,
        },
        now,
      );
      return ok({
        line: q.line,
        rule: arrival.rule,
        arrives_at: arrival.arrivesAt,
        estimated: arrival.estimated,
        term_payout_at: arrival.termPayoutAt ?? null,
        server_now: unixSeconds(now),
        zone: 'UTC' as const,
      });
    },
  );
}
