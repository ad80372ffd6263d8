import { firstFailure } from '../check-order';
import { type Decimal, dec, decimalPlaces, INPUT_CAP, maxDec, minDec, roundDown } from '../money';

/**
 * Launch-pool (startup mining) rules that the stake and redeem dialogs check and the server enforces:
 * launch-pool.md sections 4, 5 and 9, simple-earn.md screens 16–17.
 */

/** Project state from the clock (launch-pool.md section 4). 0 "none" answers for a project we do not show. */
export const ProjectState = { none: 0, inProgress: 1, notStarted: 2, completed: 3 } as const;
export type ProjectStateValue = (typeof ProjectState)[keyof typeof ProjectState];

export const RewardPoolType = { lockPool: 0, multiMining: 1 } as const;
export const RateYearType = { real: 1, estimate: 2, none: 3 } as const;

/** Coins for which the fixed auto-earn mode is offered (launch-pool.md section 9). */
export const FIXED_STAKE_COINS = ['BTC', 'ETH', 'GT', 'USDT'] as const;

/** Auto-earn mode of a stake: where the coins go when they leave the pool. */
export const POOL_STAKE_MODES = ['flexible', 'fixed', 'spot'] as const;
export type PoolStakeMode = (typeof POOL_STAKE_MODES)[number];

/** The message keys of the launch-pool rules; the spec's keys first, ours after. */
export const LaunchPoolKey = {
  stakeMin: 'finances.startupMining.stake.min.tip',
  stakeMax: 'finances.startupMining.stake.max.tip',
  inadequateBalance: 'finances.inadequateBalance',
  redeemCurrentMax: 'finances.startupMining.redeem.currentMax.tip',
  redeemMinimum: 'finances.redeem.minimum.error',
  /** Clicking the disabled flexible option when the user already has a fixed period. */
  fixedPeriodLocked: 'launch.earn.tip3',
  /** Ours: the pool's remaining total is smaller than the amount. */
  poolLeft: 'finances.startupMining.stake.poolLeft.tip',
  /** Ours: the user's 60-day volume reaches no tier of transaction_config. */
  volumeTooLow: 'finances.startupMining.stake.volume.tip',
  /** Ours: a new-user pool refused to someone who is not a new user. */
  newUserOnly: 'finances.startupMining.newUser.tip',
  /** Ours: a VIP-only pool refused to a tier below its minimum. */
  vipOnly: 'finances.startupMining.vip.tip',
  /** Ours: the project has ended; nothing more can be staked or redeemed. */
  projectEnded: 'finances.startupMining.project.ended',
  /** Ours: the fixed auto-earn mode is offered only for FIXED_STAKE_COINS with a fixed period. */
  fixedNotOffered: 'finances.startupMining.fixed.unavailable',
  /** Ours: auto-earn asked by a user whose compliance menu hides lend-earn (launch-pool.md section 6). */
  autoEarnHidden: 'finances.startupMining.autoEarn.unavailable',
  /** Ours: more decimals than the pool's decimal_place. */
  precision: 'common.amountPrecision',
  /** The reward history's date range is longer than 6 months (launch-pool.md section 5). */
  historyRangeLimit: 'analysis.date.picker.limit.tip',
  /** Ours: a reward history range whose start is after its end. */
  historyRangeReversed: 'finances.startupMining.history.range.reversed',
} as const;

/** The reward history's date range: at most 6 months of 30 days from its first day to its last. */
export const POOL_HISTORY_LIMIT_DAYS = 6 * 30;
/** The longest span a range may cover in seconds: the first day's start to the last day's end. */
export const POOL_HISTORY_MAX_SPAN_SECONDS = (POOL_HISTORY_LIMIT_DAYS + 1) * 86_400;

export interface PoolTransactionTier {
  /** USD 60-day trading volume needed. */
  transaction_amount: string;
  /** Staking cap reached with that volume. */
  mortgage_limit: string;
}

export interface PoolVipConfig {
  /** Lowest VIP tier that gets the VIP quota. */
  min_vip: number;
  /** Personal maximum for users at or above min_vip. */
  personal_max_amount: string;
  /** When true only users at or above min_vip may stake. */
  vip_only: boolean;
}

export function projectState(
  nowSeconds: number,
  startSeconds: number,
  endSeconds: number,
): ProjectStateValue {
  if (nowSeconds < startSeconds) return ProjectState.notStarted;
  if (nowSeconds < endSeconds) return ProjectState.inProgress;
  return ProjectState.completed;
}

/**
 * The staking cap from the 60-day volume tiers: the cap of the highest tier the volume reaches.
 * No tiers: no cap (null). Tiers but none reached: a cap of zero.
 */
export function poolStakingCap(
  tiers: readonly PoolTransactionTier[],
  volume60dUsd: Decimal.Value,
): Decimal | null {
  if (tiers.length === 0) return null;
  const volume = dec(volume60dUsd);
  let cap: Decimal | null = null;
  let best: Decimal | null = null;
  for (const tier of tiers) {
    const needed = dec(tier.transaction_amount);
    if (volume.gte(needed) && (best === null || needed.gt(best))) {
      best = needed;
      cap = dec(tier.mortgage_limit);
    }
  }
  return cap ?? dec(0);
}

/** Whether the VIP quota applies to a user of this tier. */
export function poolHasVipQuota(vip: PoolVipConfig | null | undefined, vipTier: number): boolean {
  return Boolean(vip && vipTier >= vip.min_vip);
}

/**
 * The user's personal maximum for a pool: the VIP maximum when the VIP quota applies, then lowered to
 * the trading-volume cap.
 */
export function poolPersonalMax(opts: {
  personalMaxAmount: Decimal.Value;
  vip: PoolVipConfig | null | undefined;
  vipTier: number;
  cap: Decimal | null;
}): Decimal {
  const base =
    poolHasVipQuota(opts.vip, opts.vipTier) && opts.vip
      ? dec(opts.vip.personal_max_amount)
      : dec(opts.personalMaxAmount);
  return opts.cap === null ? base : minDec(base, opts.cap);
}

/**
 * Remaining quota = personal max minus staked, also limited by the pool's remaining total unless
 * that total is unlimited (left null, the wire's -1). Never below zero.
 */
export function poolRemainingQuota(
  max: Decimal.Value,
  staked: Decimal.Value,
  poolLeft: Decimal.Value | null,
): Decimal {
  const personal = maxDec(0, dec(max).minus(staked));
  return poolLeft === null ? personal : maxDec(0, minDec(personal, poolLeft));
}

/** Max button: the smaller of available and remaining quota, cut to the pool precision. */
export function maxPoolStake(available: Decimal.Value, quota: Decimal.Value, decimalPlace: number): Decimal {
  return roundDown(minDec(available, quota), decimalPlace);
}

export interface PoolRuleFailure {
  key: string;
  params: Record<string, string>;
}

/**
 * The stake amount rules in the shared order (check-order.ts): precision; the minimum and the input
 * cap; the personal maximum including what is staked, then the pool's remaining total (null: no total
 * limit), both quotas; the available balance. The server reads the pool's remaining total under the
 * pool's lock, and its conditional reservation keeps concurrent stakes from overselling it.
 */
export function checkPoolStakeAmount(opts: {
  amount: string;
  coin: string;
  decimalPlace: number;
  min: Decimal.Value;
  max: Decimal.Value;
  staked: Decimal.Value;
  available: Decimal.Value;
  poolLeft?: Decimal.Value | null;
}): PoolRuleFailure | null {
  const amount = dec(opts.amount);
  const coin = opts.coin;
  const poolLeft = opts.poolLeft ?? null;
  return firstFailure<PoolRuleFailure>([
    {
      stage: 'precision',
      check: () =>
        decimalPlaces(opts.amount) > opts.decimalPlace
          ? { key: LaunchPoolKey.precision, params: { precision: String(opts.decimalPlace) } }
          : null,
    },
    {
      stage: 'minimum',
      check: () =>
        amount.lt(opts.min) || amount.isZero()
          ? { key: LaunchPoolKey.stakeMin, params: { amount: dec(opts.min).toFixed(), coin } }
          : null,
    },
    {
      stage: 'maximum',
      check: () =>
        amount.gt(INPUT_CAP) ? { key: LaunchPoolKey.stakeMax, params: { amount: INPUT_CAP, coin } } : null,
    },
    {
      stage: 'quota',
      check: () =>
        amount.plus(opts.staked).gt(opts.max)
          ? { key: LaunchPoolKey.stakeMax, params: { amount: dec(opts.max).toFixed(), coin } }
          : null,
    },
    {
      stage: 'quota',
      check: () =>
        poolLeft !== null && amount.gt(poolLeft)
          ? { key: LaunchPoolKey.poolLeft, params: { amount: dec(poolLeft).toFixed(), coin } }
          : null,
    },
    {
      stage: 'balance',
      check: () =>
        amount.gt(opts.available) ? { key: LaunchPoolKey.inadequateBalance, params: { coin } } : null,
    },
  ]);
}

/** Redeem rules: above the staked amount, or below the smallest unit 0.1^precision (or finer than it). */
export function checkPoolRedeemAmount(opts: {
  amount: string;
  coin: string;
  decimalPlace: number;
  redeemable: Decimal.Value;
}): PoolRuleFailure | null {
  const amount = dec(opts.amount);
  const unit = dec(10).pow(-opts.decimalPlace);
  if (amount.lt(unit) || decimalPlaces(opts.amount) > opts.decimalPlace) {
    return { key: LaunchPoolKey.redeemMinimum, params: { amount: unit.toFixed(), coin: opts.coin } };
  }
  if (amount.gt(opts.redeemable)) {
    return {
      key: LaunchPoolKey.redeemCurrentMax,
      params: { amount: dec(opts.redeemable).toFixed(), coin: opts.coin },
    };
  }
  return null;
}

/**
 * The auto-earn mode a stake asks for: simpleEarnStatus 0 is spot; 1 is flexible, or fixed when a
 * period greater than 0 is given.
 */
export function poolStakeMode(simpleEarnStatus: number, simpleEarnPeriod: number | undefined): PoolStakeMode {
  if (simpleEarnStatus !== 1) return 'spot';
  return simpleEarnPeriod !== undefined && simpleEarnPeriod > 0 ? 'fixed' : 'flexible';
}
export * from './apr';
