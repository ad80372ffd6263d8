import { Decimal, secondsRate, toRatePercent } from '@earn/domain';
import type { PoolRow, ProjectRow } from '../model';
import { INDEX_PLACES } from '../model';

/** Enough digits that a reward share keeps all INDEX_PLACES places however large the index grows. */
const IndexDecimal = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_DOWN });

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface PoolIndices {
  acc: string;
  interestFlexible: string;
  interestFixed: string;
  updatedAt: Date;
  /** The rates the interest indices moved at, when they moved: what an hour's interest record names. */
  rates?: AutoEarnRates;
}

/**
 * Auto-earn yearly rates (percent) a pool's stakes earn while staked: flexible and fixed, from simple
 * earn's live products (liveAutoEarnRates in live.ts), read by the caller at the moment the indices
 * move, so each stretch of time accrues at the rates in force at its end, as simple earn's own hour does.
 */
export interface AutoEarnRates {
  flexible: string;
  fixed: string;
}

/**
 * The pool's indices brought forward to `at`, over the seconds between the last update and `at`
 * that lie within the project's run:
 * - the reward-per-token accumulator adds reward_per_hour / 3600 / staked_total per second with
 *   stake (a second with no stake adds nothing, so its reward stays in the pool);
 * - each auto-earn interest index adds its yearly rate / 100 / seconds in a year per second.
 */
/** The seconds of the project's run between the pool's last update and `at` (0 when none). */
function runSeconds(pool: PoolRow, project: ProjectRow, at: Date): number {
  const fromS = Math.max(seconds(pool.accUpdatedAt), seconds(project.startAt));
  const toS = Math.min(seconds(at), seconds(project.endAt));
  return Math.max(0, toS - fromS);
}

/**
 * A reward-per-token accumulator brought forward to `at`: it adds reward_per_hour / 3600 /
 * staked_total per second with stake. The pool's own accumulator (the project's token) and each
 * further coin of a multi-mining pool go through this one function over the same seconds.
 */
export function rewardAccAt(
  pool: PoolRow,
  project: ProjectRow,
  at: Date,
  reward: { rewardPerHour: string; accRewardPerToken: string },
): string {
  const span = runSeconds(pool, project, at);
  const staked = new IndexDecimal(pool.stakedTotal);
  if (span === 0 || staked.isZero()) return reward.accRewardPerToken;
  const added = new IndexDecimal(reward.rewardPerHour).times(span).div(3600).div(staked);
  return new IndexDecimal(reward.accRewardPerToken)
    .plus(added)
    .toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
}

export function accumulatorAt(
  pool: PoolRow,
  project: ProjectRow,
  at: Date,
  autoEarn: AutoEarnRates,
): PoolIndices {
  const fromS = Math.max(seconds(pool.accUpdatedAt), seconds(project.startAt));
  const toS = Math.min(seconds(at), seconds(project.endAt));
  const updatedAt = at.getTime() > pool.accUpdatedAt.getTime() ? at : pool.accUpdatedAt;
  const unchanged = {
    acc: pool.accRewardPerToken,
    interestFlexible: pool.interestIndexFlexible,
    interestFixed: pool.interestIndexFixed,
    updatedAt,
  };
  const staked = new IndexDecimal(pool.stakedTotal);
  if (toS <= fromS || staked.isZero()) return unchanged;
  const cut = (d: Decimal) => d.toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN).toFixed();
  // Each interest index moves by what a unit earns over the seconds at its mode's rate (percent).
  const step = (ratePercent: string) => secondsRate(toRatePercent(ratePercent), toS - fromS);
  return {
    acc: rewardAccAt(pool, project, at, pool),
    interestFlexible: cut(new IndexDecimal(pool.interestIndexFlexible).plus(step(autoEarn.flexible))),
    interestFixed: cut(new IndexDecimal(pool.interestIndexFixed).plus(step(autoEarn.fixed))),
    updatedAt,
    rates: autoEarn,
  };
}

/** The interest index that applies to a position's auto-earn mode; null for spot (no interest). */
export function interestIndexFor(
  indices: { interestFlexible: string; interestFixed: string },
  status: number,
  period: number,
): string | null {
  if (period > 0) return indices.interestFixed;
  return status === 1 ? indices.interestFlexible : null;
}

/** A position's unpaid reward once brought up to the accumulator `acc` (before any payout). */
export function accruedAt(
  position: { amount: string; rewardPerTokenPaid: string; accruedReward: string },
  acc: string,
): string {
  const earned = new IndexDecimal(position.amount).times(
    new IndexDecimal(acc).minus(position.rewardPerTokenPaid),
  );
  return new IndexDecimal(position.accruedReward)
    .plus(earned)
    .toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
}

/** A position's unpaid auto-earn interest brought up to the index of its mode (unchanged in spot mode). */
export function accruedInterestAt(
  position: {
    amount: string;
    interestIndexPaid: string;
    accruedInterest: string;
    simpleEarnStatus: number;
    simpleEarnPeriod: number;
  },
  indices: { interestFlexible: string; interestFixed: string },
): string {
  const index = interestIndexFor(indices, position.simpleEarnStatus, position.simpleEarnPeriod);
  if (index === null) return position.accruedInterest;
  const earned = new IndexDecimal(position.amount).times(
    new IndexDecimal(index).minus(position.interestIndexPaid),
  );
  return new IndexDecimal(position.accruedInterest)
    .plus(earned)
    .toDecimalPlaces(INDEX_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
}

export function poolIndicesSet(next: PoolIndices) {
  return {
    accRewardPerToken: next.acc,
    interestIndexFlexible: next.interestFlexible,
    interestIndexFixed: next.interestFixed,
    accUpdatedAt: next.updatedAt,
    ...(next.rates && {
      interestRateFlexible: next.rates.flexible,
      interestRateFixed: next.rates.fixed,
    }),
  };
}
