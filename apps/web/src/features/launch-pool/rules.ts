import {
  checkPoolRedeemAmount,
  checkPoolStakeAmount,
  dec,
  FIXED_STAKE_COINS,
  maxPoolStake,
  type PoolRuleFailure,
  type PoolStakeMode,
  ProjectState,
  poolRemainingQuota,
  RewardPoolType,
} from '@earn/domain';
import type { CoinReward, PoolRewardCoin, PoolStat, Project, RewardPool } from './api/index';

/**
 * What the stake and redeem dialogs decide from a pool and the user's numbers (launch-pool.md
 * sections 4–5). The amount rules themselves are the domain's, shared with the server.
 */

/** Compliance menu entry that hides auto-earn (simple earn). */
export const COMPLIANCE_LEND_EARN = 'lend_earn';

/** The pools the stake dialog offers as tabs: every pool but multi mining. */
export function tabPools(pools: readonly RewardPool[]): RewardPool[] {
  return pools.filter((p) => p.reward_pool_type !== RewardPoolType.multiMining);
}

/**
 * The pools to choose between when staking into `rid`: the tabs when it is one of them, otherwise the
 * (multi mining) pool on its own.
 */
export function dialogPools(pools: readonly RewardPool[], rid?: number): RewardPool[] {
  const tabs = tabPools(pools);
  const chosen = pools.find((p) => p.rid === rid);
  if (chosen && chosen.reward_pool_type === RewardPoolType.multiMining) return [chosen];
  return tabs;
}

export const isNewUserPool = (pool: RewardPool) => pool.limit_rule > 0;

/** Every coin a pool pays, the project's token first; a lock pool (or an older answer) pays that one. */
export function poolRewardCoins(pool: RewardPool): PoolRewardCoin[] {
  if (pool.reward_coins && pool.reward_coins.length > 0) return pool.reward_coins;
  return [
    {
      coin: pool.reward_coin,
      reward_per_hour: pool.reward_per_hour,
      rate_year: pool.rate_year,
      total_reward_amount: pool.total_reward_amount,
    },
  ];
}

/** The user's rewards in a pool per coin, the project's token first. */
export function statRewards(stat: PoolStat, pool: RewardPool): CoinReward[] {
  if (stat.rewards && stat.rewards.length > 0) return stat.rewards;
  return [
    {
      coin: pool.reward_coin,
      lastRewardAmount: stat.lastRewardAmount,
      lastHourRewardAmount: stat.lastHourRewardAmount,
    },
  ];
}
export const isVipQuota = (pool: RewardPool) => pool.user?.is_vip_quota === 1;
export const unlimited = (value: string) => value === '-1';

/** The fixed option exists only for BTC, ETH, GT and USDT, with a fixed period above 0. */
export function fixedOffered(pool: RewardPool): boolean {
  const se = pool.simple_earn;
  if (!se) return false;
  const period = se.user_period > 0 ? se.user_period : se.fixed_period;
  return (FIXED_STAKE_COINS as readonly string[]).includes(pool.coin) && period > 0;
}

/** The fixed period a stake would use: the one the user already chose, else the pool's. */
export function fixedPeriodOf(pool: RewardPool): number {
  const se = pool.simple_earn;
  if (!se) return 0;
  return se.user_period > 0 ? se.user_period : se.fixed_period;
}

export interface ModeRules {
  /** Whether the auto-earn section shows at all. */
  show: boolean;
  /** Simple earn has an open flexible product of the coin (its live offer). */
  flexibleAvailable: boolean;
  flexibleDisabled: boolean;
  fixedAvailable: boolean;
  spotDisabled: boolean;
  defaultMode: PoolStakeMode;
}

/**
 * The auto-earn section: shown only when the pool has simple-earn data and the compliance menu does
 * not hide lend-earn. A fixed period the user already has locks the choice to fixed; a flexible pool
 * the user has applied to starts at spot; otherwise flexible.
 */
export function modeRules(pool: RewardPool, complianceMenu: readonly string[]): ModeRules {
  const se = pool.simple_earn;
  const show = !!se && !complianceMenu.includes(COMPLIANCE_LEND_EARN);
  if (!show || !se) {
    return {
      show: false,
      flexibleAvailable: false,
      flexibleDisabled: false,
      fixedAvailable: false,
      spotDisabled: false,
      defaultMode: 'spot',
    };
  }
  const fixedAvailable = fixedOffered(pool);
  const flexibleAvailable = se.flexible_offered !== 0;
  if (se.user_period > 0) {
    return {
      show,
      flexibleAvailable,
      flexibleDisabled: true,
      fixedAvailable,
      spotDisabled: true,
      defaultMode: 'fixed',
    };
  }
  // Simple earn sells only the fixed term: that, or spot; never a flexible stake it would refuse.
  const fallback: PoolStakeMode = flexibleAvailable ? 'flexible' : fixedAvailable ? 'fixed' : 'spot';
  const defaultMode: PoolStakeMode = se.status !== 1 && pool.isApply === 1 ? 'spot' : fallback;
  return {
    show,
    flexibleAvailable,
    flexibleDisabled: false,
    fixedAvailable,
    spotDisabled: false,
    defaultMode,
  };
}

/** What create-order carries for a mode: simpleEarnStatus 0 spot, 1 earn; the period only for fixed. */
export function modeFields(
  mode: PoolStakeMode,
  pool: RewardPool,
): { simpleEarnStatus: 0 | 1; simpleEarnPeriod?: number } {
  if (mode === 'spot') return { simpleEarnStatus: 0 };
  if (mode === 'fixed') return { simpleEarnStatus: 1, simpleEarnPeriod: fixedPeriodOf(pool) };
  return { simpleEarnStatus: 1 };
}

/**
 * What the user can stake of the coin: the spot balance less borrowed funds (outable), unless the
 * account is unified and the coin counts in full for launch pools.
 */
export function stakeableBalance(
  entry: { outable: string; available: string; mode: string } | undefined,
  supportLaunchpool: boolean,
): string {
  if (!entry) return '0';
  return entry.mode !== 'classic' && supportLaunchpool ? entry.available : entry.outable;
}

export interface StakeNumbers {
  staked: string;
  personalMax: string;
  quota: string;
  usedUp: boolean;
  max: string;
}

/** The user's numbers in a pool: staked, personal maximum, remaining quota and what Max fills in. */
export function stakeNumbers(pool: RewardPool, available: string): StakeNumbers {
  const staked = pool.user?.staked ?? '0';
  const personalMax = pool.user?.personal_max_amount ?? pool.personal_max_amount;
  const left = unlimited(pool.left_buy_total_amount) ? null : pool.left_buy_total_amount;
  const quota = poolRemainingQuota(personalMax, staked, left);
  const max = maxPoolStake(available, quota, pool.decimal_place);
  return { staked, personalMax, quota: quota.toFixed(), usedUp: quota.lte(0), max: max.toFixed() };
}

/**
 * The stake amount's first failed rule, in the shared order the server checks too (check-order.ts):
 * precision, minimum, the personal maximum with what is staked and the pool's remaining total, balance.
 */
export function stakeError(
  pool: RewardPool,
  amount: string | null,
  available: string,
): PoolRuleFailure | null {
  if (amount === null) return null;
  const n = stakeNumbers(pool, available);
  return checkPoolStakeAmount({
    amount,
    coin: pool.coin,
    decimalPlace: pool.decimal_place,
    min: pool.personal_min_amount,
    max: n.personalMax,
    staked: n.staked,
    available,
    poolLeft: unlimited(pool.left_buy_total_amount) ? null : pool.left_buy_total_amount,
  });
}

export function redeemError(
  pool: RewardPool,
  amount: string | null,
  redeemable: string,
): PoolRuleFailure | null {
  if (amount === null) return null;
  return checkPoolRedeemAmount({ amount, coin: pool.coin, decimalPlace: pool.decimal_place, redeemable });
}

export const hasStarted = (state: number) => state !== ProjectState.notStarted;

/** The APR a pool shows, percent (the server's shown_rate_year: see PoolApr); null when none. */
export function poolAprFigure(pool: RewardPool): string | null {
  if (pool.derived_apr) return pool.derived_apr.shown_rate_year;
  return pool.rate_year_type === 3 ? null : pool.rate_year;
}

/** A project's best pool APR (the list's APR sort), null when no pool has one. */
export function projectBestApr(project: Project): string | null {
  let best: string | null = null;
  for (const pool of project.reward_pools) {
    const apr = poolAprFigure(pool);
    if (apr !== null && (best === null || dec(apr).gt(best))) best = apr;
  }
  return best;
}

/** A project's mining period in days (the list's term sort). */
export function projectTermDays(project: Project): number {
  return Math.max(0, project.end_timest - project.start_timest) / 86_400;
}

/** Whether the signed-in user has coins staked in any of the project's pools. */
export function hasStake(project: Project): boolean {
  return project.reward_pools.some((pool) => pool.user !== null && dec(pool.user.staked).gt(0));
}
