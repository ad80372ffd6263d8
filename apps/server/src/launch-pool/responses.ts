import { z } from 'zod';
import { envelope, paged } from '../http/envelope';
import { decimalString } from '../http/openapi';

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

/** POST /admin/api/launch-pool/projects */
export const postAdminLaunchPoolProjectsResponse = envelope(
  z.object({
    pid: z.number(),
    name: z.string(),
    coin: z.string(),
    icon: z.string(),
    start_timest: z.number(),
    end_timest: z.number(),
    state: z.number(),
    reward_pools: z.array(
      z.object({
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
        vip_config: z.unknown(),
        simple_earn: z.unknown(),
        isApply: z.number(),
        transaction_config: z.array(
          z.object({
            mortgage_limit: z.string(),
            transaction_amount: decimalString,
          }),
        ),
        limit_rule: z.number(),
        reward_per_hour: decimalString,
        total_reward_amount: decimalString,
        reward_coins: z.array(
          z.object({
            coin: z.string(),
            reward_per_hour: decimalString,
            rate_year: decimalString,
            total_reward_amount: decimalString,
          }),
        ),
        staked_total: decimalString,
        maxLimit: z.string(),
        minLimit: z.string(),
        precision: z.number(),
        decimalPlace: z.number(),
        leftTotalAmount: decimalString,
        buyTotalAmount: decimalString,
        user: z.unknown(),
      }),
    ),
  }),
);

/** GET /admin/api/launch-pool/projects */
export const getAdminLaunchPoolProjectsResponse = paged(
  z.object({
    pid: z.number(),
    name: z.string(),
    coin: z.string(),
    icon: z.string(),
    start_timest: z.number(),
    end_timest: z.number(),
    state: z.number(),
    reward_pools: z.array(
      z.object({
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
        vip_config: z.unknown(),
        simple_earn: z.unknown(),
        isApply: z.number(),
        transaction_config: z.array(z.unknown()),
        limit_rule: z.number(),
        reward_per_hour: decimalString,
        total_reward_amount: decimalString,
        reward_coins: z.array(
          z.object({
            coin: z.string(),
            reward_per_hour: decimalString,
            rate_year: decimalString,
            total_reward_amount: decimalString,
          }),
        ),
        staked_total: decimalString,
        maxLimit: z.string(),
        minLimit: z.string(),
        precision: z.number(),
        decimalPlace: z.number(),
        leftTotalAmount: decimalString,
        buyTotalAmount: decimalString,
        user: z.unknown(),
      }),
    ),
    settled_timest: z.unknown(),
  }),
);

/** POST /admin/api/launch-pool/projects/:pid/pools */
export const postAdminLaunchPoolProjectsByPidPoolsResponse = envelope(
  z.object({
    rid: z.number(),
    project: z.object({
      pid: z.number(),
      name: z.string(),
      coin: z.string(),
      icon: z.string(),
      start_timest: z.number(),
      end_timest: z.number(),
      state: z.number(),
      reward_pools: z.array(
        z.object({
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
          vip_config: z.unknown(),
          simple_earn: z.unknown(),
          isApply: z.number(),
          transaction_config: z.array(
            z.object({
              mortgage_limit: z.string(),
              transaction_amount: decimalString,
            }),
          ),
          limit_rule: z.number(),
          reward_per_hour: decimalString,
          total_reward_amount: decimalString,
          reward_coins: z.array(
            z.object({
              coin: z.string(),
              reward_per_hour: decimalString,
              rate_year: decimalString,
              total_reward_amount: decimalString,
            }),
          ),
          staked_total: decimalString,
          maxLimit: z.string(),
          minLimit: z.string(),
          precision: z.number(),
          decimalPlace: z.number(),
          leftTotalAmount: decimalString,
          buyTotalAmount: decimalString,
          user: z.unknown(),
        }),
      ),
    }),
  }),
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
    reward_coins: z.array(
      z.object({
        coin: z.string(),
        reward_per_hour: decimalString,
        rate_year: decimalString,
        total_reward_amount: decimalString,
      }),
    ),
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
