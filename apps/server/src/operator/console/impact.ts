import { assetSymbol, nonNegativeAmount } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../infra/http/envelope';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import type { RateImpacts } from '../../kernel/impact';
import type { LineReads } from '../../kernel/reads';
import { amount, tags } from './wire';

// The rates as the edit routes take them: fractions (simple earn) or percent (staking, soft staking)
// with at most 8 decimals; a reward per hour with at most 8.
const rate = nonNegativeAmount(8);
const id = z.coerce.number().int().positive().max(2_147_483_647);

const affected = { holders: z.number(), principal: amount, rate_now: amount, rate_after: amount };
const hourly = { hourly_cost_now: amount, hourly_cost_after: amount };
const daily = { daily_cost_now: amount, daily_cost_after: amount };

const flexibleAnswer = z.object({
  asset: z.string(),
  ...affected,
  lent_now: amount,
  lent_after: amount,
  ...hourly,
});
const bonusAnswer = z.object({
  asset: z.string(),
  bonus_asset: z.string(),
  ...affected,
  tiers: z.enum(['ladder', 'ext_award']),
  pool_open: z.boolean(),
  ...hourly,
});
const fixedAnswer = z.object({
  product_id: z.number(),
  asset: z.string(),
  ...affected,
  ...daily,
  reinvest_holders: z.number(),
  reinvest_principal: amount,
});
const stakingAnswer = z.object({
  product_id: z.number(),
  protocol_id: z.number(),
  asset: z.string(),
  reward_asset: z.string(),
  ...affected,
  earning: amount,
  ...daily,
});
const softAnswer = z.object({ asset: z.string(), coin_status: z.string(), ...affected, ...daily });
const poolAnswer = z.object({
  rid: z.number(),
  asset: z.string(),
  stake_asset: z.string(),
  holders: z.number(),
  principal: amount,
  ...hourly,
  hours_left: z.number(),
  budget_left: amount,
  shortfall_now: amount,
  shortfall_after: amount,
});

/** A preview is its line's (LineReads.impact): the line computes it on its own holdings. */
function previewOf<K extends keyof RateImpacts>(
  reads: readonly LineReads[],
  kind: K,
): NonNullable<RateImpacts[K]> {
  for (const r of reads) {
    const preview = r.impact?.[kind];
    if (preview) return preview;
  }
  throw errors.notFound('line');
}

/**
 * Previews of a rate edit before it is made: who it touches and what it costs per hour or day now
 * and at the proposed value, computed on the holdings as the line's engine will next pay them.
 */
export function registerImpactRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const now = () => deps.clock.now();

  r.get(
    '/admin/api/simple-earn/flexible-products/:asset/impact',
    {
      schema: {
        tags,
        operationId: 'previewFlexibleRate',
        summary: "Holders, principal and the hour's interest now and at a proposed next_time_rate_year",
        description:
          'principal: what the next hourly accrual earns on (principal and pending amounts of hours begun); an hour ' +
          'lends min(borrow_demand, principal offered at the rate) and pays lent × rate / 8760 (exact; the ledger pays ' +
          'each holder 8 decimals down and carries the rest).',
        params: z.object({ asset: assetSymbol }),
        querystring: z.object({ next_time_rate_year: rate }),
        response: { 200: envelope(flexibleAnswer) },
      },
    },
    async (req) =>
      ok(
        await previewOf(deps.reads, 'flexibleRate')(
          deps.db,
          req.params.asset,
          req.query.next_time_rate_year,
          now(),
        ),
      ),
  );

  r.get(
    '/admin/api/simple-earn/flexible-products/:asset/bonus-impact',
    {
      schema: {
        tags,
        operationId: 'previewFlexibleBonusRate',
        summary: "Holders, lent principal and the hour's bonus now and at a proposed ext_award_rate_year",
        description:
          "The bonus of an hour on each holder's lent amount: Σ tier width × apr / 8760 × price ratio, in bonus_asset. " +
          'With a ladder (tiers "ladder") the ladder pays and ext_award_rate_year changes nothing; a closed pool pays none.',
        params: z.object({ asset: assetSymbol }),
        querystring: z.object({ ext_award_rate_year: rate }),
        response: { 200: envelope(bonusAnswer) },
      },
    },
    async (req) =>
      ok(
        await previewOf(deps.reads, 'flexibleBonus')(
          deps.db,
          req.params.asset,
          req.query.ext_award_rate_year,
          now(),
        ),
      ),
  );

  r.get(
    '/admin/api/simple-earn/fixed-products/:id/impact',
    {
      schema: {
        tags,
        operationId: 'previewFixedRate',
        summary: 'Active orders of a fixed product and their daily interest now and at a proposed year_rate',
        description:
          'Active orders keep their rate until maturity; the product rate applies to new and auto-reinvested orders. ' +
          'daily_cost_now: a day of the active orders at their rates; daily_cost_after: the same principal at the ' +
          'proposed rate (amount × rate / 365, 8 decimals down); reinvest_*: the part that rolls into the new rate.',
        params: z.object({ id }),
        querystring: z.object({ year_rate: rate }),
        response: { 200: envelope(fixedAnswer) },
      },
    },
    async (req) => ok(await previewOf(deps.reads, 'fixedRate')(deps.db, req.params.id, req.query.year_rate)),
  );
  registerRewardImpactRoutes(scope, deps, now);
}

/** A staking rate is set on a product or on a protocol: the same preview, narrowed to either. */
const stakingImpactRoutes = [
  {
    path: 'products',
    operationId: 'previewStakingProductRate',
    summary: "A staking product's own holdings and their daily reward now and at a proposed rate",
    target: (productId: number) => ({ productId }),
  },
  {
    path: 'protocols',
    operationId: 'previewStakingProtocolRate',
    summary: "A staking protocol's holdings and their daily reward now and at a proposed rate",
    target: (protocolId: number) => ({ protocolId }),
  },
] as const;

/** The previews of the daily and hourly reward lines: staking, soft staking, launch pool. */
function registerRewardImpactRoutes(scope: FastifyInstance, deps: AppDeps, now: () => Date): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const stakingDescription =
    "The running UTC day's reward on the coins staked all day (earning), each holding's gross floor(amount × rate " +
    '/ 36500) at 18 decimals as the daily job computes it, in reward_asset; campaigns pay beside it.';
  for (const route of stakingImpactRoutes) {
    r.get(
      `/admin/api/staking/${route.path}/:id/impact`,
      {
        schema: {
          tags,
          operationId: route.operationId,
          summary: route.summary,
          description: stakingDescription,
          params: z.object({ id }),
          querystring: z.object({ rate }),
          response: { 200: envelope(stakingAnswer) },
        },
      },
      async (req) =>
        ok(
          await previewOf(deps.reads, 'stakingRate')(
            deps.db,
            route.target(req.params.id),
            req.query.rate,
            now(),
          ),
        ),
    );
  }

  r.get(
    '/admin/api/soft-staking/coins/:coin/impact',
    {
      schema: {
        tags,
        operationId: 'previewSoftStakingRate',
        summary: "Soft-staking holders of a coin and the day's payout now and at a proposed rate",
        description:
          "The running UTC day's payout as if it closed now: the lower of the opening snapshot and the balance, from " +
          'min_amount, capped at max_amount, for users switched on all day; floor(eligible × rate / 36500) each.',
        params: z.object({ coin: assetSymbol }),
        querystring: z.object({ rate }),
        response: { 200: envelope(softAnswer) },
      },
    },
    async (req) =>
      ok(await previewOf(deps.reads, 'softStakingRate')(deps.db, req.params.coin, req.query.rate, now())),
  );

  r.get(
    '/admin/api/launch-pool/pools/:rid/impact',
    {
      schema: {
        tags,
        operationId: 'previewLaunchPoolReward',
        summary: "A pool's stakers and its hourly reward now and at a proposed reward_per_hour",
        description:
          "coin: a further reward coin of a multi-mining pool (default: the project's token). The pool pays " +
          "reward_per_hour every hour of the project's run with stake, shared by stakers. budget_left: its reward " +
          'account; shortfall_*: what the hours left at that rate need beyond it.',
        params: z.object({ rid: id }),
        querystring: z.object({ reward_per_hour: rate, coin: assetSymbol.optional() }),
        response: { 200: envelope(poolAnswer) },
      },
    },
    async (req) =>
      ok(
        await previewOf(deps.reads, 'launchPoolReward')(
          deps.db,
          req.params.rid,
          req.query.coin,
          req.query.reward_per_hour,
          now(),
        ),
      ),
  );
}
