/** The soft-staking day's ledger reason, its rewards account and its job's name. */
export const SoftStakingReason = { payout: 'soft_staking_payout' } as const;
export const SOFT_STAKING_REWARDS = 'soft_staking_rewards';
export const SOFT_STAKING_DAILY_JOB = 'soft-staking.daily';
