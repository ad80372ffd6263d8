import { LINES, type Line } from '../kernel/reads';
import { Reason, UserPurpose } from '../ledger/accounts';
import { DUAL_PURPOSE, DualHouse, DualReason } from '../lines/dual/model';
import { INTEREST_EXPENSE_PURPOSE, LaunchPoolReason } from '../lines/launch-pool/model';
import { SePurpose, SeReason } from '../lines/simple-earn/model';
import { SOFT_STAKING_REWARDS, SoftStakingReason } from '../lines/soft-staking/engine';
import { StakingReason, StakingSystemPurpose } from '../lines/staking/model';
import { WEALTH_FUND, WealthReason } from '../lines/wealth/model';

/** The product lines as the console names them (the kernel's list: the lines' reads name them too). */
export { LINES, type Line };

/** A history row's line: a product line, or `account` for deposits, withdrawals and loans. */
export const HISTORY_LINES = [...LINES, 'account'] as const;
export type HistoryLine = (typeof HISTORY_LINES)[number];

/** The user account purpose whose balances are what a line holds (soft staking has none). */
export const HELD_PURPOSE: Partial<Record<Line, string>> = {
  simple_earn_flexible: UserPurpose.flexible,
  simple_earn_fixed: UserPurpose.fixed,
  launch_pool: UserPurpose.launchpool,
  staking: UserPurpose.staking,
  wealth: UserPurpose.wealth,
  dual: DUAL_PURPOSE,
};

/** Every reason code each line books, so a ledger row can be told apart by line. */
const REASONS: Record<HistoryLine, readonly string[]> = {
  simple_earn_flexible: [
    SeReason.flexSubscribe,
    SeReason.flexRedeem,
    SeReason.flexRedeemSettle,
    SeReason.flexInterest,
    SeReason.flexBonus,
    SeReason.autoEarn,
  ],
  simple_earn_fixed: [SeReason.fixedSubscribe, SeReason.fixedPreRedeem, SeReason.fixedMaturity],
  launch_pool: Object.values(LaunchPoolReason),
  staking: Object.values(StakingReason),
  wealth: Object.values(WealthReason),
  soft_staking: Object.values(SoftStakingReason),
  dual: Object.values(DualReason),
  account: Object.values(Reason),
};

export function reasonsOf(line: HistoryLine): readonly string[] {
  return REASONS[line];
}

const LINE_OF_REASON = new Map<string, HistoryLine>(
  HISTORY_LINES.flatMap((line) => REASONS[line].map((reason): [string, HistoryLine] => [reason, line])),
);

/** The line a reason code belongs to; `other` for a reason no line claims. */
export function lineOfReason(reason: string): HistoryLine | 'other' {
  return LINE_OF_REASON.get(reason) ?? 'other';
}

/**
 * What a line pays its users: the entries of `reason` draw it from the system account `purpose` (or
 * any whose purpose starts with it, when `prefix`), so the amount paid is minus that account's
 * postings in those entries. One posting per entry, whatever the number of users paid.
 */
export interface Payout {
  line: Line;
  reason: string;
  purpose: string;
  prefix: boolean;
}

export const PAYOUTS: readonly Payout[] = [
  {
    line: 'simple_earn_flexible',
    reason: SeReason.flexInterest,
    purpose: SePurpose.flexInterestExpense,
    prefix: false,
  },
  {
    line: 'simple_earn_flexible',
    reason: SeReason.flexBonus,
    purpose: SePurpose.flexBonusExpense,
    prefix: false,
  },
  {
    line: 'simple_earn_fixed',
    reason: SeReason.fixedMaturity,
    purpose: SePurpose.fixedInterestExpense,
    prefix: false,
  },
  {
    line: 'simple_earn_fixed',
    reason: SeReason.fixedMaturity,
    purpose: SePurpose.fixedBonusExpense,
    prefix: false,
  },
  // Each pool's reward account is `launchpool_rewards:<rid>` (launch-pool/model.ts).
  { line: 'launch_pool', reason: LaunchPoolReason.reward, purpose: 'launchpool_rewards:', prefix: true },
  {
    line: 'launch_pool',
    reason: LaunchPoolReason.interest,
    purpose: INTEREST_EXPENSE_PURPOSE,
    prefix: false,
  },
  {
    line: 'staking',
    reason: StakingReason.dailyReward,
    purpose: StakingSystemPurpose.rewards,
    prefix: false,
  },
  {
    line: 'staking',
    reason: StakingReason.rewardAtRedeem,
    purpose: StakingSystemPurpose.rewards,
    prefix: false,
  },
  // Realised gains paid out of the fund; a loss flows the other way and is not a payout.
  { line: 'wealth', reason: WealthReason.settleGain, purpose: WEALTH_FUND, prefix: false },
  {
    line: 'soft_staking',
    reason: SoftStakingReason.payout,
    purpose: SOFT_STAKING_REWARDS,
    prefix: false,
  },
  // Interest of orders settled (target not reached) or withdrawn in the coin they invested; a
  // converted order's interest is inside the conversion at the target, not a payout of its own.
  { line: 'dual', reason: DualReason.settle, purpose: DualHouse.interest, prefix: false },
  { line: 'dual', reason: DualReason.cancel, purpose: DualHouse.interest, prefix: false },
];
