import type { stakingCampaigns, stakingProducts, stakingProtocols } from '../../infra/db/schema';

export type ProductRow = typeof stakingProducts.$inferSelect;
export type ProtocolRow = typeof stakingProtocols.$inferSelect;
export type CampaignRow = typeof stakingCampaigns.$inferSelect;

export interface LoadedProduct {
  product: ProductRow;
  protocols: ProtocolRow[];
  campaigns: CampaignRow[];
}

/** Journal reasons of the staking line. */
export const StakingReason = {
  stake: 'staking_stake',
  redeem: 'staking_redeem',
  rewardAtRedeem: 'staking_reward_at_redeem',
  dailyReward: 'staking_reward',
  arrival: 'staking_redeem_arrival',
} as const;

/**
 * When a redemption arrives: exactly now + the waiting period (redeem_quick_long minutes, or the standard
 * days). The scheduler credits due arrivals on every pass and a test clock stops at each one, so
 * redeem_stamp is the time the coins land in spot.
 */
export function arrivalAt(now: Date, delaySeconds: number): Date {
  return new Date(now.getTime() + delaySeconds * 1000);
}

/** System accounts: rewards are paid out of 'staking_rewards' (an expense), fees land in 'fee_income'. */
export const StakingSystemPurpose = {
  rewards: 'staking_rewards',
  feeIncome: 'fee_income',
  /** Receipt tokens issued (exchange_type 'asset'): minus the tokens users hold against their positions. */
  receiptIssued: 'staking_receipt_issued',
  /** The exchange's desk that turns a redeemed coin into the product's redeem_coin at USDT prices. */
  conversion: 'staking_conversion',
} as const;
