import type { launchpoolPoolCoins, launchpoolPools, launchpoolProjects } from '../../infra/db/schema';
import { UserPurpose } from '../../ledger/accounts';

export type PoolRow = typeof launchpoolPools.$inferSelect;
export type ProjectRow = typeof launchpoolProjects.$inferSelect;
/** A further reward coin of a multi-mining pool. */
export type PoolCoinRow = typeof launchpoolPoolCoins.$inferSelect;

/** Where staked coins sit: the user's launch-pool account of the stake coin. */
export const STAKE_PURPOSE = UserPurpose.launchpool;

/**
 * A pool's reward account (system, reward coin). The operator's pool creation funds it with the
 * pool's whole reward (reward per hour x hours) from the project's account; hourly payouts draw on
 * it, so its balance is always what is still owed to the pool's future hours. What an hour with no
 * stake did not pay, and carried fractions below one unit, stay in it and go back to the project
 * when the project ends.
 */
export const rewardPoolPurpose = (rid: number) => `launchpool_rewards:${rid}`;

/**
 * The project's side of the books (system, reward coin): the tokens the project handed over for
 * its pools. It goes negative by what was handed over and comes back by what was returned.
 */
export const PROJECT_PURPOSE = 'launchpool_project';

/**
 * Auto-earn interest paid on staked coins (system, stake coin): an expense account that goes negative
 * by what was paid, as interest expense does.
 */
export const INTEREST_EXPENSE_PURPOSE = 'launchpool_interest_expense';

export const LaunchPoolReason = {
  fund: 'launchpool_fund',
  stake: 'launchpool_stake',
  redeem: 'launchpool_redeem',
  /** ref = `${rid}:${hourStartUnix}`: one payout per pool and hour, never twice. */
  reward: 'launchpool_reward',
  /** ref = `${rid}:${hourStartUnix}`: one auto-earn interest payout per pool and hour. */
  interest: 'launchpool_interest',
  /** ref = `${rid}`: the project ended and every stake of the pool went back. */
  returnStakes: 'launchpool_return',
  /** ref = `${rid}`: what the pool did not pay goes back to the project. */
  leftover: 'launchpool_leftover',
} as const;

/** The accumulator's and carried rewards' places (NUMERIC(78,48)). */
export const INDEX_PLACES = 48;
/** Entitlements are rounded to this many places before the payout is cut to 8: it absorbs the
 *  accumulator's truncation at INDEX_PLACES so an exact share is never shaved by one unit. */
export const ENTITLEMENT_PLACES = 24;
export const REWARD_PLACES = 8;
export const SECONDS_PER_YEAR = 365 * 86_400;
