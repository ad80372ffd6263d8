import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

// A project and its pools (wire.ts projectWire, poolWire). Users see simple earn's live offer, the
// derived APR and, signed in, their limits; the operator sees the auto-earn choice as stored and no
// user part.

const rewardCoinWire = z.object({
  coin: z.string(),
  reward_per_hour: decimalString,
  rate_year: decimalString,
  total_reward_amount: decimalString,
});

/** The VIP quota as the operator set it (min_vip and up get personal_max_amount; vip_only: no one else). */
const vipConfigWire = z
  .object({ min_vip: z.number(), personal_max_amount: decimalString, vip_only: z.boolean() })
  .nullable();

/** A volume tier: a 60-day trading volume (USD) and the staking cap it reaches. */
const transactionTierWire = z.object({ transaction_amount: decimalString, mortgage_limit: decimalString });

/**
 * The pool's auto-earn offer (rates yearly percent): to users simple earn's live offer (live.ts
 * liveAutoEarn), null when nothing is offered; to the operator the choice as stored, without the
 * three live fields. user_period: the fixed period the user already chose in the pool (0 none).
 */
const autoEarnWire = z
  .object({
    status: z.number(),
    user_period: z.number(),
    fixed_period: z.number(),
    fixed_rate: decimalString,
    rate: decimalString,
    ext_rate: decimalString,
    /** 1 while simple earn has an open flexible product of the coin. */
    flexible_offered: z.number().optional(),
    /** Simple earn's flexible offer the coins join on leaving: up to rate_year % on the first amount. */
    flexible_up_to: z
      .object({ rate_year: decimalString, amount: decimalString.nullable() })
      .nullable()
      .optional(),
    fixed_product_id: z.number().optional(),
  })
  .nullable();

/** The APR derived from the reward rate, the total staked and the prices (live.ts poolAprWire). */
const derivedAprWire = z.object({
  rate_year: decimalString.nullable(),
  shown_rate_year: decimalString.nullable(),
  shown: z.enum(['live', 'set', 'none']),
  missing: z.enum(['no_price', 'no_stake', 'ended']).nullable(),
  missing_prices: z.array(z.string()),
  staked_total: decimalString,
  stake_price: decimalString.nullable(),
  coins: z.array(
    z.object({
      coin: z.string(),
      reward_per_hour: decimalString,
      price: decimalString.nullable(),
      rate_year: decimalString.nullable(),
    }),
  ),
});

/** A signed-in user's limits in the pool. */
const userLimitsWire = z
  .object({
    staked: decimalString,
    personal_max_amount: decimalString,
    remaining_quota: decimalString,
    staking_cap: decimalString,
    is_vip_quota: z.number(),
  })
  .nullable();

const poolFields = {
  rid: z.number(),
  pid: z.number(),
  coin: z.string(),
  reward_coin: z.string(),
  personal_max_amount: decimalString,
  personal_min_amount: decimalString,
  decimal_place: z.number(),
  left_buy_total_amount: decimalString,
  buy_total_amount: decimalString,
  rate_year: decimalString,
  rate_year_type: z.number(),
  reward_pool_type: z.number(),
  vip_config: vipConfigWire,
  isApply: z.number(),
  transaction_config: z.array(transactionTierWire),
  limit_rule: z.number(),
  reward_per_hour: decimalString,
  total_reward_amount: decimalString,
  reward_coins: z.array(rewardCoinWire),
  staked_total: decimalString,
  maxLimit: decimalString,
  minLimit: decimalString,
  precision: z.number(),
  decimalPlace: z.number(),
  leftTotalAmount: decimalString,
  buyTotalAmount: decimalString,
};

/** A pool: derived_apr on users' answers only; user when signed in (null otherwise). */
const poolWire = z.object({
  ...poolFields,
  simple_earn: autoEarnWire,
  derived_apr: derivedAprWire.optional(),
  user: userLimitsWire,
});

/** A project with its pools. */
const projectWire = z.object({
  pid: z.number(),
  name: z.string(),
  coin: z.string(),
  icon: z.string(),
  start_timest: z.number(),
  end_timest: z.number(),
  /** 1 in progress, 2 not started, 3 completed. */
  state: z.number(),
  reward_pools: z.array(poolWire),
});

/** POST /admin/api/launch-pool/projects */
export const postAdminLaunchPoolProjectsResponse = envelope(projectWire);

/** GET /admin/api/launch-pool/projects */
export const getAdminLaunchPoolProjectsResponse = paged(
  projectWire.extend({ settled_timest: z.number().nullable() }),
);

/** POST /admin/api/launch-pool/projects/:pid/pools */
export const postAdminLaunchPoolProjectsByPidPoolsResponse = envelope(
  z.object({ rid: z.number(), project: projectWire }),
);

/** PUT /admin/api/launch-pool/pools/:rid */
export const putAdminLaunchPoolPoolsByRidResponse = envelope(
  z.object({
    rid: z.number(),
    left_buy_total_amount: decimalString,
  }),
);

/** POST /admin/api/launch-pool/pools/:rid/reward-coins */
export const postAdminLaunchPoolPoolsByRidRewardCoinsResponse = envelope(
  z.object({
    rid: z.number(),
    reward_coins: z.array(rewardCoinWire),
  }),
);

/** PUT /admin/api/launch-pool/pools/:rid/reward-coins/:coin */
export const putAdminLaunchPoolPoolsByRidRewardCoinsByCoinResponse = envelope(
  z.object({
    rid: z.number(),
    coin: z.string(),
    rate_year: decimalString,
  }),
);

/** POST /admin/api/launch-pool/earn-more */
export const postAdminLaunchPoolEarnMoreResponse = envelope(
  z.object({
    id: z.number(),
  }),
);

/** PUT /admin/api/launch-pool/earn-more/:id */
export const putAdminLaunchPoolEarnMoreByIdResponse = envelope(
  z.object({
    id: z.number(),
    enabled: z.boolean(),
  }),
);

/** GET /apiw/v2/earn/launch-pool/project-info */
export const getEarnLaunchPoolProjectInfoResponse = envelope(projectWire);

/** GET /apiw/v2/earn/launch-pool/projects */
export const getEarnLaunchPoolProjectsResponse = paged(projectWire);

/** GET /apiw/v2/earn/launch-pool/user-project-statistics (store/projects.ts userProjectStatistics) */
export const getEarnLaunchPoolUserProjectStatisticsResponse = envelope(
  z.array(
    z.object({
      rid: z.number(),
      coin: z.string(),
      reward_coin: z.string(),
      amount: decimalString,
      valid_amount: decimalString,
      lastRewardAmount: decimalString,
      simpleEarnInterest: decimalString,
      lastHourRewardAmount: decimalString,
      rewards: z.array(
        z.object({ coin: z.string(), lastRewardAmount: decimalString, lastHourRewardAmount: decimalString }),
      ),
      simpleEarnStatus: z.number(),
      simpleEarnPeriod: z.number(),
    }),
  ),
);

/** GET /apiw/v2/earn/launch-pool/my-stakes */
export const getEarnLaunchPoolMyStakesResponse = paged(
  z.object({
    pid: z.number(),
    rid: z.number(),
    name: z.string(),
    icon: z.string(),
    coin: z.string(),
    reward_coin: z.string(),
    state: z.number(),
    start_timest: z.number(),
    end_timest: z.number(),
    amount: decimalString,
    total_reward: decimalString,
    rewards: z.array(z.object({ coin: z.string(), total_reward: decimalString })),
    total_interest: decimalString,
    simpleEarnStatus: z.number(),
    simpleEarnPeriod: z.number(),
  }),
);

/** GET /apiw/v2/earn/launch-pool/my-rewards */
export const getEarnLaunchPoolMyRewardsResponse = paged(
  z.object({
    pid: z.number(),
    rid: z.number(),
    name: z.string(),
    coin: z.string(),
    reward_coin: z.string(),
    amount: decimalString,
    hour_start: z.number(),
  }),
);

/** A stake or redemption of a pool: `staked` is the user's stake in the pool after it. */
const poolOrder = z.object({
  order_id: z.number(),
  pid: z.number(),
  rid: z.number(),
  coin: z.string(),
  amount: decimalString,
  staked: decimalString,
});

/** POST /apiw/v2/earn/launch-pool/create-order (service/stake.ts) */
export const postEarnLaunchPoolCreateOrderResponse = envelope(
  poolOrder.extend({
    simpleEarnStatus: z.number(),
    simpleEarnPeriod: z.number(),
    /** When the stake starts earning: the project's start, or now when it runs. */
    reward_start_timest: z.number(),
  }),
);

/** Where redeemed or returned coins went. */
const destination = z.enum(['spot', 'flexible', 'fixed']);

/** POST /apiw/v2/earn/launch-pool/redeem (service/redeem.ts) */
export const postEarnLaunchPoolRedeemResponse = envelope(
  poolOrder.extend({
    destination,
    simple_earn_amount: decimalString,
    /** Why the coins stayed in spot, when simple earn refused them. */
    simple_earn_refused: z.string().optional(),
  }),
);

/** GET /apiw/v2/earn/launch-pool/orders */
export const getEarnLaunchPoolOrdersResponse = paged(
  z.object({
    id: z.number(),
    pid: z.number(),
    rid: z.number(),
    coin: z.string(),
    kind: z.enum(['stake', 'redeem', 'return']),
    amount: decimalString,
    simpleEarnStatus: z.number(),
    simpleEarnPeriod: z.number(),
    /** Where the coins went (redeem, return); null for a stake. */
    destination: destination.nullable(),
    create_timest: z.number(),
  }),
);
