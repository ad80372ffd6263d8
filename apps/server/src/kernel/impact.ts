import type { Db } from './db';

/*
 * Previews of an operator's rate edit (the console's impact routes): who it touches and what it costs
 * per hour or day now and at the proposed value, computed by the line on its holdings as its engine
 * will next pay them (LineReads.impact). Amounts are wire decimals.
 */

interface Affected {
  holders: number;
  principal: string;
  rate_now: string;
  rate_after: string;
}

export interface FlexibleRateImpact extends Affected {
  asset: string;
  lent_now: string;
  lent_after: string;
  hourly_cost_now: string;
  hourly_cost_after: string;
}

export interface FlexibleBonusImpact extends Affected {
  asset: string;
  bonus_asset: string;
  tiers: 'ladder' | 'ext_award';
  pool_open: boolean;
  hourly_cost_now: string;
  hourly_cost_after: string;
}

export interface FixedRateImpact extends Affected {
  product_id: number;
  asset: string;
  daily_cost_now: string;
  daily_cost_after: string;
  reinvest_holders: number;
  reinvest_principal: string;
}

export interface StakingRateImpact extends Affected {
  product_id: number;
  protocol_id: number;
  asset: string;
  reward_asset: string;
  earning: string;
  daily_cost_now: string;
  daily_cost_after: string;
}

export interface SoftStakingRateImpact extends Affected {
  asset: string;
  coin_status: string;
  daily_cost_now: string;
  daily_cost_after: string;
}

export interface LaunchPoolRewardImpact {
  rid: number;
  asset: string;
  stake_asset: string;
  holders: number;
  principal: string;
  hourly_cost_now: string;
  hourly_cost_after: string;
  hours_left: number;
  budget_left: string;
  shortfall_now: string;
  shortfall_after: string;
}

/** The previews a line answers; the console's route of each asks the line that has it. */
export interface RateImpacts {
  flexibleRate?(db: Db, asset: string, proposed: string, now: Date): Promise<FlexibleRateImpact>;
  flexibleBonus?(db: Db, asset: string, proposed: string, now: Date): Promise<FlexibleBonusImpact>;
  fixedRate?(db: Db, productId: number, proposed: string): Promise<FixedRateImpact>;
  stakingRate?(
    db: Db,
    target: { productId?: number; protocolId?: number },
    proposed: string,
    now: Date,
  ): Promise<StakingRateImpact>;
  softStakingRate?(db: Db, coin: string, proposed: string, now: Date): Promise<SoftStakingRateImpact>;
  launchPoolReward?(
    db: Db,
    rid: number,
    coin: string | undefined,
    proposed: string,
    now: Date,
  ): Promise<LaunchPoolRewardImpact>;
}
