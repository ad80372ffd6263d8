import { assetSymbol } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import { decimalString } from '../../infra/http/openapi';
import { BREAKDOWN_KINDS, type PayoutBreakdown } from '../../kernel/breakdown';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';

const query = z.object({
  kind: z.enum(BREAKDOWN_KINDS),
  id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('staking_day: the reward record id (base or campaign); fixed_maturity: the order id'),
  coin: assetSymbol
    .optional()
    .describe(
      'soft_staking_day and flexible_hour: the coin; flexible_bonus_hour: the holding coin (product_asset); launchpool_hour: the reward coin',
    ),
  rid: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('launchpool_hour and launchpool_interest_hour: the pool'),
  day: z.coerce
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('soft_staking_day: the day, unix seconds (UTC midnight)'),
  hour: z.coerce
    .number()
    .int()
    .nonnegative()
    .multipleOf(3600)
    .optional()
    .describe(
      "flexible_hour and flexible_bonus_hour: the hour's end as the history shows it (time_at); launchpool_hour and launchpool_interest_hour: the hour's start as the reward or interest history shows it (hour_start); unix seconds",
    ),
});

const answer = z.object({
  kind: z.enum(BREAKDOWN_KINDS),
  coin: z.string().describe('The reward coin'),
  principal: decimalString.describe('The amount that earned (eligible balance or stake)'),
  principal_coin: z.string(),
  rate_percent: decimalString
    .nullable()
    .describe(
      'Annual rate, percent (a tiered rate: the tiers blended on the principal, 8 decimals down); null for launchpool_hour (a pool pays by share, not by a rate)',
    ),
  period_start: z.number(),
  period_end: z.number(),
  formula: z.string(),
  gross: decimalString.describe(
    'principal × rate ÷ 36,500, 18 decimals down (daily lines); lent × rate ÷ 8,760 (flexible hour)',
  ),
  carry_in: decimalString.describe('Fraction below the 8th decimal carried in from the previous period'),
  total: decimalString,
  paid: decimalString.describe('total, 8 decimals down: what was credited'),
  carry_out: decimalString.describe('What stays below the 8th decimal, carried to the next period'),
  recorded: decimalString.describe('The amount the engine booked; equals paid'),
  carried: z
    .boolean()
    .describe('true: carry_out goes to the next period; false (a term paid once): never paid'),
  extras: z.array(z.object({ label: z.enum(['coupon', 'bonus']), amount: decimalString, coin: z.string() })),
  pool: z
    .object({
      pool_total: decimalString.describe("The pool's staked total at the hour's end"),
      reward_per_hour: decimalString.describe("The coin's reward per hour, shared by stake and time"),
      share_percent: decimalString.describe('principal ÷ pool_total, percent, 8 decimals down'),
      acc_step: decimalString.describe(
        "The reward per staked coin over the stake's last stretch of the hour (the accumulator's step)",
      ),
      earlier: decimalString.describe('Earned within the hour before the stake last changed'),
      stake_reward: decimalString.describe('principal × acc_step, 24 places'),
      steady: z
        .boolean()
        .describe('true: one stretch at one pool total, so acc_step = reward_per_hour ÷ pool_total'),
    })
    .nullable()
    .describe('launchpool_hour only: the pool figures the hour was paid from'),
  tiered: z
    .object({
      tiers: z.array(
        z.object({
          from: decimalString,
          to: decimalString.nullable().describe('null: no upper bound'),
          amount: decimalString.describe('The part of the principal within the tier'),
          rate_percent: decimalString,
          per_year: decimalString.describe('amount × rate: what the tier earns in a year'),
        }),
      ),
      per_year: decimalString.describe('Σ of the tiers: what the principal earns in a year at them'),
      seconds: z.number().int().describe('The seconds of the period the rates ran'),
      price_ratio: decimalString
        .nullable()
        .describe('A bonus paid in another coin: the holding coin’s price ÷ the award coin’s, at the hour'),
    })
    .nullable()
    .describe(
      'Staking campaign days (Σ tiers × seconds ÷ 31,536,000) and flexible bonus hours (Σ tiers ÷ 8,760 × price ratio)',
    ),
  interest: z
    .object({
      mode: z.string().describe('flexible or fixed: the auto-earn mode whose rate the stake earned'),
      acc_step: decimalString.describe("The mode's interest index step over the stake's last stretch"),
      earlier: decimalString.describe('Earned within the hour before the stake last changed'),
      stake_interest: decimalString.describe('principal × acc_step, 24 places'),
      steady: z
        .boolean()
        .describe('true: the whole hour at one rate, so acc_step = rate ÷ 100 × 3,600 ÷ 31,536,000'),
    })
    .nullable()
    .describe("launchpool_interest_hour only: the hour's auto-earn interest index figures"),
});

const wire = (b: PayoutBreakdown) => ({
  kind: b.kind,
  coin: b.coin,
  principal: b.eligible,
  principal_coin: b.principalCoin,
  rate_percent: b.ratePercent,
  period_start: b.periodStart,
  period_end: b.periodEnd,
  formula: b.formula,
  gross: b.gross,
  carry_in: b.carryIn,
  total: b.total,
  paid: b.paid,
  carry_out: b.carryOut,
  recorded: b.recorded,
  carried: b.carried,
  extras: b.extras,
  pool: b.pool && {
    pool_total: b.pool.poolTotal,
    reward_per_hour: b.pool.rewardPerHour,
    share_percent: b.pool.sharePercent,
    acc_step: b.pool.accStep,
    earlier: b.pool.earlier,
    stake_reward: b.pool.stakeReward,
    steady: b.pool.steady,
  },
  tiered: b.tiered && {
    tiers: b.tiered.tiers.map((t) => ({
      from: t.from,
      to: t.to,
      amount: t.amount,
      rate_percent: t.ratePercent,
      per_year: t.perYear,
    })),
    per_year: b.tiered.perYear,
    seconds: b.tiered.seconds,
    price_ratio: b.tiered.priceRatio,
  },
  interest: b.interest && {
    mode: b.interest.mode,
    acc_step: b.interest.accStep,
    earlier: b.interest.earlier,
    stake_interest: b.interest.stakeInterest,
    steady: b.interest.steady,
  },
});

/** "Why this reward": a payout row's figures re-derived from its stored record. */
export function registerBreakdownRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/web/v1/earn/rewards/breakdown',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags: ['earn'],
        operationId: 'getRewardBreakdown',
        summary: "Why this reward: a payout's principal, rate, period, formula and the fraction carried",
        description:
          "kind launchpool_hour (rid, coin: the reward coin, hour: the hour's start; gross = earlier + stake × acc_step, " +
          'acc_step = reward per hour ÷ pool total for an hour at one total; paid = (carry_in + gross) rounded to 24 places, ' +
          '8 decimals down), ' +
          "flexible_hour (coin, hour: the hour's end; gross = lent × rate ÷ 8,760, the carried fraction from the holding's earlier hours), " +
          "flexible_bonus_hour (coin: the holding's, hour: the hour's end; gross = Σ bonus tiers ÷ 8,760 × price ratio, in the award coin), " +
          "launchpool_interest_hour (rid, hour: the hour's start; gross = earlier + stake × the auto-earn index step), " +
          'staking_day also for a campaign record (gross = Σ money tiers × seconds run ÷ 31,536,000, 18 decimals down), ' +
          'soft_staking_day (coin, day), staking_day (id of a base reward record) or fixed_maturity (order id: ' +
          'principal × rate ÷ 365 × term days, 8 decimals down, the rest never paid, carried false; coupon and bonus in extras). ' +
          'Recomputed from the stored ' +
          "record with the engine's rule: gross = principal × rate% ÷ 36,500 (18 decimals down); paid = carry_in + gross, " +
          "8 decimals down; carry_out = the rest. 404 for a record that is not the signed-in user's.",
        querystring: query,
        response: { 200: envelope(answer) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const q = req.query;
      // The line that books this kind of payout answers it (kernel/breakdown.ts), its fields checked there.
      const serve = deps.reads.map((read) => read.breakdown?.[q.kind]).find((f) => f !== undefined);
      if (!serve) throw errors.notFound(`breakdown ${q.kind}`);
      return ok(
        wire(
          await serve(deps.db, {
            kind: q.kind,
            userId: user.id,
            id: q.id,
            coin: q.coin,
            rid: q.rid,
            day: q.day,
            hour: q.hour,
          }),
        ),
      );
    },
  );
}
