import {
  dec,
  type PoolTransactionTier,
  type PoolVipConfig,
  poolHasVipQuota,
  poolPersonalMax,
  poolRemainingQuota,
  poolStakingCap,
  toWire,
} from '@earn/domain';
import type { Language } from '../../infra/http/texts';
import { localized } from '../../infra/http/texts';
import { liveAutoEarn, type PoolMarket, poolAprWire } from './live';
import type { PoolCoinRow, PoolRow, ProjectRow } from './model';
import { hoursOf, type PositionRow, type SimpleEarnConfig, stateOf, unix } from './store/projects';

export interface UserContext {
  id: number;
  vipTier: number;
  tradingVolume60d: string;
}

/** The user's limits in a pool: personal maximum (VIP quota and volume cap applied) and remaining quota. */
export function userLimits(pool: PoolRow, user: UserContext, staked: string) {
  const tiers = pool.transactionConfig as PoolTransactionTier[];
  const cap = poolStakingCap(tiers, user.tradingVolume60d);
  const vip = pool.vipConfig as PoolVipConfig | null;
  const max = poolPersonalMax({ personalMaxAmount: pool.personalMaxAmount, vip, vipTier: user.vipTier, cap });
  const quota = poolRemainingQuota(max, staked, pool.leftAmount);
  return { cap, max, quota, vipQuota: poolHasVipQuota(vip, user.vipTier) };
}

const limited = (value: string | null) => (value === null ? '-1' : toWire(value));

/**
 * Every coin a pool pays, the project's token first: a lock pool pays that one; a multi-mining pool
 * also its further coins, each with its own reward per hour and displayed rate. The project token's
 * rate is the pool's own rate_year column; the pool's rate_year on the wire is the sum of them all.
 */
export function rewardCoinsWire(pool: PoolRow, project: ProjectRow, coins: PoolCoinRow[]) {
  const hours = hoursOf(project);
  return [
    { coin: project.rewardCoin, reward_per_hour: pool.rewardPerHour, rate_year: pool.rateYear },
    ...coins
      .filter((c) => c.rid === pool.rid)
      .map((c) => ({ coin: c.coin, reward_per_hour: c.rewardPerHour, rate_year: c.rateYear })),
  ].map((c) => ({
    coin: c.coin,
    reward_per_hour: toWire(c.reward_per_hour),
    rate_year: toWire(c.rate_year),
    total_reward_amount: toWire(dec(c.reward_per_hour).times(hours)),
  }));
}

/** A pool as the stake dialog reads it (launch-pool.md section 3, simple-earn.md section 3). */
export function poolWire(
  pool: PoolRow,
  project: ProjectRow,
  user?: UserContext,
  position?: PositionRow,
  coins: PoolCoinRow[] = [],
  market?: PoolMarket,
) {
  const simpleEarn = pool.simpleEarn as SimpleEarnConfig | null;
  const userPeriod = position?.simpleEarnPeriod ?? 0;
  const staked = position?.amount ?? '0';
  const limits = user ? userLimits(pool, user, staked) : undefined;
  const rewardCoins = rewardCoinsWire(pool, project, coins);
  // The pool's yearly rate is what a stake earns in all: a multi-mining pool's is the sum of its coins'.
  const rateYear = rewardCoins.reduce((total, c) => total.plus(c.rate_year), dec(0));
  return {
    rid: pool.rid,
    pid: pool.pid,
    coin: pool.coin,
    reward_coin: project.rewardCoin,
    personal_max_amount: toWire(pool.personalMaxAmount),
    personal_min_amount: toWire(pool.personalMinAmount),
    decimal_place: pool.decimalPlace,
    left_buy_total_amount: limited(pool.leftAmount),
    buy_total_amount: limited(pool.totalAmount),
    rate_year: toWire(rateYear),
    rate_year_type: pool.rateYearType,
    reward_pool_type: pool.rewardPoolType,
    vip_config: pool.vipConfig as PoolVipConfig | null,
    // Users see auto-earn as simple earn offers it now (live.ts); the operator's console, the choice made.
    simple_earn: market
      ? liveAutoEarn(pool, market, userPeriod)
      : simpleEarn
        ? { ...simpleEarn, user_period: userPeriod }
        : null,
    // The APR derived from the reward rate, the total staked and the prices, with its inputs.
    ...(market ? { derived_apr: poolAprWire(pool, project, coins, market) } : {}),
    isApply: position && (dec(position.amount).gt(0) || dec(position.totalReward).gt(0)) ? 1 : 0,
    transaction_config: pool.transactionConfig as PoolTransactionTier[],
    limit_rule: pool.limitRule,
    reward_per_hour: toWire(pool.rewardPerHour),
    total_reward_amount: toWire(dec(pool.rewardPerHour).times(hoursOf(project))),
    reward_coins: rewardCoins,
    staked_total: toWire(pool.stakedTotal),
    // The names simple-earn.md's startup-mining pool info uses for the same limits.
    maxLimit: toWire(limits?.max ?? pool.personalMaxAmount),
    minLimit: toWire(pool.personalMinAmount),
    precision: pool.decimalPlace,
    decimalPlace: pool.decimalPlace,
    leftTotalAmount: limited(pool.leftAmount),
    buyTotalAmount: limited(pool.totalAmount),
    user: limits
      ? {
          staked: toWire(staked),
          personal_max_amount: toWire(limits.max),
          remaining_quota: toWire(limits.quota),
          staking_cap: limits.cap === null ? '-1' : toWire(limits.cap),
          is_vip_quota: limits.vipQuota ? 1 : 0,
        }
      : null,
  };
}

/** The project with its name in `lang` (http/texts.ts), for the user-facing answers. */
export function inLanguage(project: ProjectRow, lang: Language): ProjectRow {
  return lang === 'en' ? project : { ...project, name: localized(project.i18n, lang, 'name', project.name) };
}

export function projectWire(
  project: ProjectRow,
  pools: PoolRow[],
  now: Date,
  user?: UserContext,
  positions: PositionRow[] = [],
  coins: PoolCoinRow[] = [],
  market?: PoolMarket,
) {
  return {
    pid: project.pid,
    name: project.name,
    coin: project.rewardCoin,
    icon: project.icon,
    start_timest: unix(project.startAt),
    end_timest: unix(project.endAt),
    state: stateOf(project, now),
    reward_pools: pools.map((pool) =>
      poolWire(
        pool,
        project,
        user,
        positions.find((p) => p.rid === pool.rid),
        coins,
        market,
      ),
    ),
  };
}
