import { z } from 'zod';
import { firstFailure } from '../check-order';
import {
  feeAmount,
  percentToRate,
  rateToPercent,
  toRateFraction,
  toRatePercent,
  YEAR_DAYS,
} from '../formulas';
import {
  type Decimal,
  dec,
  decimalPlaces,
  LEDGER_DECIMALS,
  maxDec,
  minDec,
  PLAIN_DECIMAL,
  roundDown,
  roundUp,
} from '../money';
import { type AprTerms, aprUpTo, blendedApr } from '../simple-earn/apr';
import { assetSymbol } from '../validation';

/**
 * Staking rules both the client and the server apply (staking-wealth.md, sections 4, 5 and 9).
 * Staking rates are percentages ("8" is 8 % a year); fee rates and campaign tier rates are fractions.
 */

/** Action types of the stake/redeem request. */
export const StakingSide = { stake: 0, redeem: 1 } as const;

/** How a staking product is backed (field `type`). */
export const StakingProductType = { credit: 0, staking: 1, creditDebt: 2 } as const;
export const STAKING_PRODUCT_TYPES = [0, 1, 2] as const;

/** Amounts of stake and redeem: 8 decimals. */
export const STAKING_DECIMALS = LEDGER_DECIMALS;
/** Days in the year of every APR estimate. */
export const STAKING_YEAR_DAYS = YEAR_DAYS;
/** Staking caps and the quick-redeem daily quota use -1 for "unlimited". */
export const UNLIMITED = '-1';

/** Bonus campaign status: 0 not started, 1 processing, 2 finished. */
export const CampaignStatus = { notStarted: 0, processing: 1, finished: 2 } as const;
export type CampaignStatusValue = (typeof CampaignStatus)[keyof typeof CampaignStatus];

/** Message keys of the staking rules: the spec's own, then ours for the rules it does not word. */
export const StakingKey = {
  stakeMin: 'stake.number.minLimit',
  stakeAboveAvailable: 'stake.maxLimit.insufficientBalance',
  redeemMin: 'redeem.number.minLimit',
  redeemAboveHeld: 'redeem.maxLimit.insufficientBalance',
  personalLimit: 'staking.stake.personalLimit',
  crowdLimit: 'staking.stake.crowdLimit',
  productOffline: 'staking.product.offline',
  redeemClosed: 'staking.redeem.closed',
  quickUnavailable: 'staking.redeem.quickUnavailable',
  quickQuotaExceeded: 'staking.redeem.quickQuotaExceeded',
  precision: 'common.amountPrecision',
  vipOnly: 'staking.product.vipOnly',
  /** No recorded acceptance of the product's staking user agreement (the stake modal's checkbox). */
  agreementRequired: 'staking.stake.agreementRequired',
  /** A redeem paid in another coin (redeem_coin) needs both coins' prices. */
  payoutPriceMissing: 'staking.redeem.priceMissing',
} as const;

/** Receipt tokens credited for a stake of an exchange_type 'asset' product: amount × exchange_rate, 8 decimals down. */
export function receiptForStake(amount: Decimal.Value, exchangeRate: Decimal.Value): Decimal {
  return roundDown(dec(amount).times(exchangeRate), STAKING_DECIMALS);
}

/**
 * Receipt tokens a redeem takes back: the position's outstanding tokens in proportion to the coins
 * redeemed, 8 decimals up (the exchange never takes back less than the coins' share), all of them when
 * the whole position is redeemed.
 */
export function receiptForRedeem(
  amount: Decimal.Value,
  held: Decimal.Value,
  receiptOutstanding: Decimal.Value,
): Decimal {
  const outstanding = dec(receiptOutstanding);
  if (dec(amount).gte(held) || outstanding.isZero()) return outstanding;
  return minDec(outstanding, roundUp(outstanding.times(amount).div(held), STAKING_DECIMALS));
}

/**
 * The coins that may be redeemed with `tokens` receipt tokens in spot: all held when the tokens cover the
 * outstanding ones, else the share they cover, 8 decimals down (so its receiptForRedeem fits in `tokens`).
 */
export function redeemableWithReceipt(
  held: Decimal.Value,
  receiptOutstanding: Decimal.Value,
  tokens: Decimal.Value,
): Decimal {
  const outstanding = dec(receiptOutstanding);
  if (outstanding.isZero() || dec(tokens).gte(outstanding)) return dec(held);
  return roundDown(dec(tokens).times(held).div(outstanding), STAKING_DECIMALS);
}

export interface RuleViolation {
  key: string;
  params: Record<string, string>;
}

const isUnlimited = (limit: Decimal.Value) => dec(limit).eq(-1);

function precisionViolation(amount: string, places: number): RuleViolation | null {
  return decimalPlaces(amount) > places
    ? { key: StakingKey.precision, params: { precision: String(places) } }
    : null;
}

/** A cap the stake must fit in: what is left of it (null: unlimited) and its message key. */
export interface StakeCap {
  key: string;
  left: Decimal | null;
}

/**
 * The stake amount rules in the shared order (check-order.ts): precision, minimum, the caps (the
 * product's personal or crowd cap, then the protocol's), then the available balance. `available` is
 * already loan-adjusted.
 */
export function checkStakeAmount(opts: {
  amount: string;
  coin: string;
  min: Decimal.Value;
  available: Decimal.Value;
  precision?: number;
  caps?: readonly StakeCap[];
}): RuleViolation | null {
  const amount = () => dec(opts.amount);
  return firstFailure<RuleViolation>([
    { stage: 'precision', check: () => precisionViolation(opts.amount, opts.precision ?? STAKING_DECIMALS) },
    {
      stage: 'minimum',
      check: () =>
        amount().lt(opts.min)
          ? { key: StakingKey.stakeMin, params: { number: dec(opts.min).toFixed() } }
          : null,
    },
    ...(opts.caps ?? []).map((cap) => ({
      stage: 'quota' as const,
      check: () =>
        cap.left && amount().gt(cap.left)
          ? { key: cap.key, params: { number: cap.left.toFixed(), coin: opts.coin } }
          : null,
    })),
    {
      stage: 'balance',
      check: () =>
        amount().gt(opts.available)
          ? {
              key: StakingKey.stakeAboveAvailable,
              params: { number: dec(opts.available).toFixed(), coin: opts.coin },
            }
          : null,
    },
  ]);
}

/** What a cap (personal or crowd, -1 unlimited) still allows on top of what is held; null when unlimited. */
export function limitLeft(limit: Decimal.Value, held: Decimal.Value): Decimal | null {
  if (isUnlimited(limit)) return null;
  return maxDec(0, dec(limit).minus(held));
}

export function checkRedeemAmount(opts: {
  amount: string;
  coin: string;
  min: Decimal.Value;
  redeemable: Decimal.Value;
  precision?: number;
}): RuleViolation | null {
  const bad = precisionViolation(opts.amount, opts.precision ?? STAKING_DECIMALS);
  if (bad) return bad;
  const amount = dec(opts.amount);
  if (amount.lt(opts.min)) return { key: StakingKey.redeemMin, params: { number: dec(opts.min).toFixed() } };
  if (amount.gt(opts.redeemable)) {
    return {
      key: StakingKey.redeemAboveHeld,
      params: { number: dec(opts.redeemable).toFixed(), coin: opts.coin },
    };
  }
  return null;
}

/**
 * Redemption fee = amount × fee rate, rounded down to 8 decimals (section 9). A VIP discount
 * (vip_sale, percent off) lowers the rate before rounding.
 */
export function redeemFee(
  amount: Decimal.Value,
  feeRate: Decimal.Value,
  vipSalePercent: Decimal.Value = 0,
): Decimal {
  const rate = dec(feeRate).times(dec(100).minus(vipSalePercent)).div(100);
  return feeAmount(amount, toRateFraction(rate));
}

/** Quick redeem is selectable when offered and the day's quota is unlimited or covers the minimum. */
export function quickRedeemSelectable(
  redeemQuick: boolean,
  dailyLeft: Decimal.Value,
  minRedeem: Decimal.Value,
): boolean {
  if (!redeemQuick) return false;
  if (isUnlimited(dailyLeft)) return true;
  return dec(dailyLeft).gt(0) && dec(dailyLeft).gte(minRedeem);
}

export function campaignStatus(
  nowSeconds: number,
  startSeconds: number,
  endSeconds: number,
): CampaignStatusValue {
  if (nowSeconds < startSeconds) return CampaignStatus.notStarted;
  if (nowSeconds < endSeconds) return CampaignStatus.processing;
  return CampaignStatus.finished;
}

/** A money tier of an extra-interest campaign: the slice of the amount between min and max earns rate. */
export interface MoneyTier {
  money_min: string;
  /** "-1" for no upper bound. */
  money_max: string;
  /** Annual rate as a fraction (0.05 = 5 %), as max_interest is. */
  money_rate: string;
}

/** The extra annual interest (in coin units per year) the tiers give an amount. */
export function tieredExtraPerYear(amount: Decimal.Value, tiers: readonly MoneyTier[]): Decimal {
  const held = dec(amount);
  let total = dec(0);
  for (const t of tiers) {
    const top = isUnlimited(t.money_max) ? held : minDec(held, t.money_max);
    const slice = maxDec(0, top.minus(t.money_min));
    total = total.plus(slice.times(t.money_rate));
  }
  return total;
}

/**
 * A staking rate and its running campaign as the terms of the one APR rule (simple-earn/apr.ts): the
 * base rate (percent here, a fraction there) on the whole amount, each money tier a bonus tier on the
 * part of the amount inside it, as the campaign's day pays it (apps/server/src/lines/staking/engine/rewards.ts). A
 * tier that holds no amount (its max at or below its min) pays nothing and is left out.
 */
export function stakingAprTerms(ratePercent: Decimal.Value, campaignTiers: readonly MoneyTier[]): AprTerms {
  return {
    baseApr: percentToRate(toRatePercent(ratePercent)),
    bonusTiers: campaignTiers
      .filter((t) => isUnlimited(t.money_max) || dec(t.money_max).gt(t.money_min))
      .map((t) => ({
        left: t.money_min,
        right: isUnlimited(t.money_max) ? '' : t.money_max,
        apr: t.money_rate,
      })),
  };
}

/**
 * The APR (percent, as a staking rate is written) a stake of `amount` gets, by the rule simple earn's
 * figures use (blendedApr): apr × amount ÷ 100 = amount × rate ÷ 100 + Σ the tiers' interest. A
 * campaign paying another coin is counted at its nominal rate, as max_interest is. For no amount it
 * is the "up to" figure (aprUpTo): the most any amount gets.
 */
export function stakingAprForAmount(
  amount: Decimal.Value,
  ratePercent: Decimal.Value,
  campaignTiers: readonly MoneyTier[],
): Decimal {
  const terms = stakingAprTerms(ratePercent, campaignTiers);
  const a = dec(amount);
  return rateToPercent(toRateFraction(a.gt(0) ? blendedApr(a, terms).apr : aprUpTo(terms).apr));
}

/**
 * "Up to X % on the first N" of a stake, as simple earn's cards say it (aprUpTo on the staking terms):
 * the most any amount gets (percent) and the amount that gets it; amount null when any amount gets it
 * (no campaign, or an unbounded one) or only ever larger amounts come closer to it.
 */
export function stakingAprUpTo(
  ratePercent: Decimal.Value,
  campaignTiers: readonly MoneyTier[],
): { apr: Decimal; amount: Decimal | null } {
  const up = aprUpTo(stakingAprTerms(ratePercent, campaignTiers));
  return { apr: rateToPercent(toRateFraction(up.apr)), amount: up.amount };
}

export const SECONDS_PER_DAY = 86_400;

/** UTC midnight of the day holding `seconds`. */
export function utcDayStart(seconds: number): number {
  return Math.floor(seconds / SECONDS_PER_DAY) * SECONDS_PER_DAY;
}

/**
 * First distribution = UTC start of the day after reward_delay_days (section 9); null when the delay
 * is -1 or 0, which means rewards are paid when redeemed.
 */
export function firstDistributionAt(stakeSeconds: number, rewardDelayDays: number): number | null {
  if (rewardDelayDays <= 0) return null;
  return utcDayStart(stakeSeconds) + (rewardDelayDays + 1) * SECONDS_PER_DAY;
}

/**
 * When staked coins begin earning: the whole UTC days between accrual start and the first
 * distribution are the first day paid. With rewards paid at redeem, accrual starts at the next UTC
 * midnight, since a day's reward is earned on coins held for the whole day.
 */
export function accrualStartAt(stakeSeconds: number, rewardDelayDays: number): number {
  const first = firstDistributionAt(stakeSeconds, rewardDelayDays);
  return first === null ? utcDayStart(stakeSeconds) + SECONDS_PER_DAY : first - SECONDS_PER_DAY;
}

export type RedeemPeriodStatus =
  | 'immediately'
  | 'fixed_period'
  | 'only_max'
  | 'min_equals_max'
  | 'min_differs_max';

/** The redeem period wording the modal picks (section 4). */
export function redeemPeriodStatus(incomeDays: number, minDay: number, maxDay: number): RedeemPeriodStatus {
  if (incomeDays === 0 && minDay === 0 && maxDay === 0) return 'immediately';
  if (incomeDays > 0 && minDay === 0 && maxDay === 0) return 'fixed_period';
  if (minDay === 0) return 'only_max';
  return minDay === maxDay ? 'min_equals_max' : 'min_differs_max';
}

/**
 * Seconds from a standard redeem to its arrival: income_days when set, else redeem_maxday (the longest
 * the confirmation promises), else at once.
 */
export function standardRedeemDelaySeconds(incomeDays: number, maxDay: number): number {
  if (incomeDays > 0) return incomeDays * SECONDS_PER_DAY;
  return Math.max(0, maxDay) * SECONDS_PER_DAY;
}

export function quickRedeemDelaySeconds(quickLongMinutes: number): number {
  return Math.max(0, quickLongMinutes) * 60;
}

/** The request body of stake and redeem: the client may post JSON or a form, numbers as strings. */
export const stakingActionBody = z.object({
  side: z.coerce.number().int().min(0).max(1).optional(),
  coin: assetSymbol,
  // Checked by the route (400 with the amount's own key), documented here: a plain decimal.
  amount: z.string().trim().min(1).max(49).meta({ pattern: PLAIN_DECIMAL.source, example: '1.25' }),
  pid: z.coerce.number().int().min(-1).optional(),
  src: z.coerce.number().int().min(0).max(1).optional(),
  quick: z.coerce.number().int().min(0).max(1).optional(),
  fundpass: z.string().max(64).optional(),
});

/**
 * Dual-investment order statuses (staking-wealth.md, section 3): the only part of dual investment in
 * scope. Whether an order is still open or done is ours to say, for filters.
 */
export const DUAL_ORDER_STATUSES = [
  'INIT',
  'PROCESSING',
  'SETTLEMENT_SUCCESS',
  'SETTLEMENT_PROCESSING',
  'SETTLEMENT_FAILED',
  'CANCELING',
  'CANCELED',
  'EXPIRED',
  'FAILED',
  'INTERNAL_ERROR',
] as const;
export type DualOrderStatus = (typeof DUAL_ORDER_STATUSES)[number];
export const DUAL_OPEN_STATUSES: readonly DualOrderStatus[] = [
  'INIT',
  'PROCESSING',
  'SETTLEMENT_PROCESSING',
  'CANCELING',
];
