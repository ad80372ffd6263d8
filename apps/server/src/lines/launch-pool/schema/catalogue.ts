import {
  assetSymbol,
  dec,
  orderIssues,
  type ProductIssue,
  ratePercent,
  stepsIssues,
  storedAmount,
  storedIssues,
  storedPositiveAmount,
  toWire,
  windowIssues,
} from '@earn/domain';
import { z } from 'zod';
import { amountCol, type Codec, col, mappedCol, rates, unixCol } from '../../../accounts/operators/patch';
import type { launchpoolEarnMore } from '../../../infra/db/schema';
import type { PoolCoinRow, PoolRow, ProjectRow } from '../model';

/**
 * The launch pool catalogue's operator schemas (edits are built from them by operator/patch.ts), the
 * column of each field and the rules a pool keeps as a whole. Rates are yearly percents, for display.
 */

const tier = z.object({ transaction_amount: storedAmount(8), mortgage_limit: storedAmount(18) });
const vipConfig = z.object({
  min_vip: z.number().int().min(0).max(16),
  personal_max_amount: storedPositiveAmount(18),
  vip_only: z.boolean().default(false),
});
/** The pool's auto-earn offer; rates are yearly percents. */
const simpleEarn = z.object({
  status: z.number().int().min(0).max(1),
  fixed_period: z.number().int().min(0).max(3650),
  fixed_rate: ratePercent(8),
  rate: ratePercent(8),
  ext_rate: ratePercent(8),
});
/** "-1" on the wire is no total limit, as the client reads it. */
const totalAmount = z
  .union([z.literal('-1'), storedPositiveAmount(18)])
  .transform((v) => (v === '-1' ? null : v));

/** A further reward coin of a multi-mining pool. */
export const rewardCoinShape = {
  coin: assetSymbol,
  reward_per_hour: storedAmount(8),
  rate_year: ratePercent(8),
};
export const rewardCoin = z.object(rewardCoinShape);

export const poolFields = {
  coin: assetSymbol,
  personal_min_amount: storedPositiveAmount(18),
  personal_max_amount: storedPositiveAmount(18),
  decimal_place: z.number().int().min(0).max(8),
  buy_total_amount: totalAmount,
  reward_per_hour: storedAmount(8),
  rate_year: ratePercent(8),
  rate_year_type: z.number().int().min(1).max(3),
  reward_pool_type: z.number().int().min(0).max(1),
  vip_config: vipConfig.nullable().default(null),
  simple_earn: simpleEarn.nullable().default(null),
  transaction_config: z.array(tier).max(20).default([]),
  limit_rule: z.number().int().min(0).max(3650).default(0),
  reward_coins: z.array(rewardCoin).max(10).default([]),
};
export const poolBody = z.object(poolFields);
/** What an edit may change: not the coin, nor the reward (funded at creation), nor further coins. */
const { coin: _coin, reward_per_hour: _perHour, reward_coins: _coins, ...poolFieldsButReward } = poolFields;
export const editablePool = poolFieldsButReward;

export const earnMoreFields = {
  coin: assetSymbol,
  type: z.string().min(1).max(32).default('launchpool'),
  popup_msg: z.string().min(1).max(500),
  popup_high_light: z.array(z.string().min(1).max(100)).max(10).default([]),
  url: z.string().min(1).max(500),
};

export const poolCodec: Codec<PoolRow> = {
  personal_min_amount: amountCol('personalMinAmount'),
  personal_max_amount: amountCol('personalMaxAmount'),
  decimal_place: col('decimalPlace'),
  // null is no limit, "-1" on the wire.
  buy_total_amount: mappedCol(
    'totalAmount',
    (v) => v,
    (v) => (v === null ? '-1' : toWire(String(v))),
  ),
  reward_per_hour: amountCol('rewardPerHour'),
  rate_year: rates(amountCol('rateYear'), 'percent'),
  rate_year_type: col('rateYearType'),
  reward_pool_type: col('rewardPoolType'),
  vip_config: col('vipConfig'),
  // The auto-earn offer a pool shows: simple earn's rates, in percent.
  simple_earn: rates(col('simpleEarn'), 'percent', ['fixed_rate', 'rate', 'ext_rate']),
  transaction_config: col('transactionConfig'),
  limit_rule: col('limitRule'),
};

export const projectCodec: Codec<ProjectRow> = {
  reward_coin: col('rewardCoin'),
  name: col('name'),
  icon: col('icon'),
  start_timest: unixCol('startAt'),
  end_timest: unixCol('endAt'),
  i18n: col('i18n'),
};

export const coinCodec: Codec<PoolCoinRow> = {
  reward_per_hour: amountCol('rewardPerHour'),
  rate_year: rates(amountCol('rateYear'), 'percent'),
};

type EarnMoreRow = typeof launchpoolEarnMore.$inferSelect;
export const earnMoreCodec: Codec<EarnMoreRow> = {
  coin: col('coin'),
  type: col('type'),
  popup_msg: col('popupMsg'),
  popup_high_light: col('popupHighLight'),
  url: col('url'),
  enabled: col('enabled'),
};

/**
 * A pool as a whole: its personal limits in order (a VIP limit not below the minimum either) and its
 * trading-volume tiers ascending.
 */
export function poolIssues(p: Record<string, unknown>): ProductIssue[] {
  const min = String(p.personal_min_amount);
  const vip = p.vip_config as { personal_max_amount: string } | null | undefined;
  const tiers = (p.transaction_config ?? []) as { transaction_amount: string }[];
  return [
    ...orderIssues('personal_min_amount', min, 'personal_max_amount', String(p.personal_max_amount)),
    ...(vip
      ? orderIssues('personal_min_amount', min, 'vip_config.personal_max_amount', vip.personal_max_amount)
      : []),
    ...stepsIssues(
      'transaction_config',
      tiers.map((t) => t.transaction_amount),
    ),
  ];
}

/** What funding a pool's reward (per hour × the project's hours) moves must be an amount the ledger holds. */
export function rewardIssues(
  pool: { reward_per_hour: string; reward_coins?: { reward_per_hour: string }[] },
  hours: number,
  field = '',
): ProductIssue[] {
  const at = (name: string) => (field ? `${field}.${name}` : name);
  return [
    ...storedIssues(at('reward_per_hour'), dec(pool.reward_per_hour).times(hours)),
    ...(pool.reward_coins ?? []).flatMap((c, i) =>
      storedIssues(at(`reward_coins.${i}.reward_per_hour`), dec(c.reward_per_hour).times(hours)),
    ),
  ];
}

/** Every pool of a new project, each under its index. */
export function projectIssues(body: {
  start_timest: number;
  end_timest: number;
  pools: Record<string, unknown>[];
}) {
  return [
    ...windowIssues('start_timest', body.start_timest, 'end_timest', body.end_timest),
    ...body.pools.flatMap((pool, i) => [
      ...poolIssues(pool).map((x) => ({ ...x, field: `pools.${i}.${x.field}` })),
      ...rewardIssues(
        pool as { reward_per_hour: string },
        Math.max(0, Math.round((body.end_timest - body.start_timest) / 3600)),
        `pools.${i}`,
      ),
    ]),
  ];
}
