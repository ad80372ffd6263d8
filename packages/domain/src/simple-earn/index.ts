import { firstFailure } from '../check-order';
import {
  ladderTierWidth,
  ladderYearly,
  percentToRate,
  type RateLadderTier,
  termBonus,
  termInterest,
  toRateFraction,
  toRatePercent,
  YEAR_DAYS,
  YEAR_HOURS,
} from '../formulas';
import { type Decimal, dec, maxDec, minDec, roundDown, roundUp } from '../money';

/**
 * Simple earn (simple-earn.md): the constants of section 9, the validation rules of section 5 and the
 * interest formulas, computed identically by the web client and the server.
 *
 * Units: every `*_rate_year`, `year_rate` and ladder `apr` is a fraction (0.05 = 5 %), except the
 * bounds of the minimum-APR dialog (`max_lend_rate_year`, `limit_min_lend_rate_year`) and a voucher's
 * `rate_ratio`, which are percentages, as the spec shows them (max default 5 = 5 %).
 */

/** Subscribe amounts are sent with 6 decimals, rounded down. */
export const SUBSCRIBE_DECIMALS = 6;
/** The minimum lend APR is sent as a fraction with 4 decimals, rounded up. */
export const RATE_DECIMALS = 4;
/** Interest, fees and display: 8 decimals, rounded down. */
export const INTEREST_DECIMALS = 8;
/** The smallest flexible redemption. */
export const MIN_FLEXIBLE_REDEEM = '0.000001';
/** Default upper bound of the minimum lend APR, in percent. */
export const DEFAULT_MAX_LEND_RATE_PERCENT = '5';
/** Subscribing again to a VIP product needs this tier. */
export const VIP_RESUBSCRIBE_TIER = 5;
/** The redeem dialog notes the lend ratio from this share up. */
export const LEND_RATIO_NOTICE = '0.8';
/** Early redeem and the per-order changes lock this close to maturity. */
export const NEAR_MATURITY_SECONDS = 3600;
/** Fixed payouts land this long after the maturity day starts. */
export const MATURITY_PAYOUT_DELAY_SECONDS = 1800;
/** History date ranges are limited to 6 months. */
export const HISTORY_MAX_RANGE_DAYS = 183;
export const SIMPLE_EARN_DAYS_PER_YEAR = YEAR_DAYS;
export const SIMPLE_EARN_HOURS_PER_YEAR = YEAR_HOURS;

export const SimpleEarnPageSize = {
  holdings: 10,
  history: 6,
  historyPage: 8,
  interestDialog: 7,
  dailyDetail: 25,
  holdingsLookup: 20,
} as const;

export const SimpleEarnProductType = { normal: 1, vip: 2, special: 3 } as const;
export const SimpleEarnBusinessType = { flexible: -1, fixed: 1, flexibleAndFixed: 0 } as const;
export const SimpleEarnSaleStatus = { subscribable: 1, soldOut: 2 } as const;
/** Where a fixed order's principal and interest go at maturity; 0 while auto-reinvest is on. */
export const SimpleEarnRedeemAccount = { notOperated: 0, spot: 1, flexible: 2 } as const;
export const SimpleEarnRedeemType = { early: 1, maturity: 2 } as const;
export const SimpleEarnHistoryType = { subscribe: 1, redeem: 2, interest: 3, bonus: 4, rateUp: 5 } as const;
export const SimpleEarnHistoryMode = {
  redeemUnified: 0,
  unifiedLiquidation: 1,
  cryptoLiquidation: 2,
  autoEarn: 5,
  launchPool: 10,
  afterLiquidation: 11,
  lockAuto: 12,
  convertToRegular: 14,
  autoReinvest: 15,
  redeemSpot: 32,
} as const;
/** Chart point spacing: hourly (1) or daily (2). */
export const SimpleEarnChartType = { hour: 1, day: 2 } as const;

/** The spec's message keys (section 5 and 8), and ours where the spec names a tip but not its key. */
export const SimpleEarnKey = {
  minPurchase: 'finances.simpleEarn.minPurchaseAmount',
  insufficientBalance: 'lend_earn.insufficient.balance',
  remainingQuotaLess: 'simple_earn.amount.tip.remainingQuotaLessAmount',
  individualRemainingQuota: 'finance.individualRemainingQuotaAmount',
  voucherMin: 'simple.min_purchase',
  voucherMax: 'simple.max_purchase',
  redeemMin: 'redeem.number.minLimit',
  maxApr: 'finances.simpleEarn.maxAPR',
  minApr: 'finances.simpleEarn.minAPR',
  notSubscribe: 'lend_earn.notsubscribe.toast',
  notRedeem: 'lend_earn.notredeem.toast',
  // Ours: the spec names these tips without keys.
  redeemMax: 'simple_earn.redeem.maxLimit',
  soldOut: 'simple_earn.soldOut',
  notOnSale: 'simple_earn.notOnSale',
  vipExclusive: 'simple_earn.vipExclusive',
  vipAbove: 'simple_earn.vipAboveRange',
  notEligible: 'simple_earn.special.notEligible',
  voucherUnavailable: 'simple_earn.voucher.unavailable',
  preRedeemUnsupported: 'simple_earn.preRedeem.unsupported',
  nearMaturity: 'simple_earn.order.nearMaturity',
  orderNotActive: 'simple_earn.order.notActive',
  reinvestUnsupported: 'simple_earn.reinvest.unsupported',
  redeemAccountUnsupported: 'simple_earn.redeemAccount.unsupported',
  nothingFrozen: 'simple_earn.redeem.nothingFrozen',
  historyRange: 'simple_earn.history.rangeTooLong',
} as const;

export interface SimpleEarnLadderTier {
  left: string;
  /** Upper bound; empty or '0' means no upper bound. */
  right: string;
  /** A fraction: 0.02 = 2 %. */
  apr: string;
}

export interface SimpleEarnRuleFailure {
  key: string;
  params: Record<string, string>;
}

/** The amount a subscription is made for: 6 decimals, rounded down. */
export function roundSubscribeAmount(amount: Decimal.Value): Decimal {
  return roundDown(amount, SUBSCRIBE_DECIMALS);
}

/** A minimum lend APR typed in percent, as sent: a fraction with 4 decimals, rounded up. */
export function rateFromPercent(percent: Decimal.Value): Decimal {
  return roundUp(percentToRate(toRatePercent(percent)), RATE_DECIMALS);
}

/** A rate given as a fraction, normalised as the server stores it: 4 decimals, rounded up. */
export function roundRateYear(rate: Decimal.Value): Decimal {
  return roundUp(rate, RATE_DECIMALS);
}

/** Estimated interest: amount × rate / 365 × days, 8 decimals down (section 9; formulas.ts termInterest). */
export function estimatedInterest(
  amount: Decimal.Value,
  rateYear: Decimal.Value,
  days: Decimal.Value = 1,
): Decimal {
  return termInterest(amount, toRateFraction(rateYear), days);
}

function tierUpper(tier: SimpleEarnLadderTier): Decimal | null {
  return tier.right === '' || dec(tier.right).isZero() ? null : dec(tier.right);
}

/** A simple-earn ladder (right '' or '0': no upper bound; apr a fraction) as the formulas take it. */
export function rateLadder(tiers: readonly SimpleEarnLadderTier[]): RateLadderTier[] {
  return tiers.map((t) => ({ from: t.left, to: tierUpper(t), rate: toRateFraction(t.apr) }));
}

/** How much of `amount` falls into the tier. */
export function tierWidth(amount: Decimal.Value, tier: SimpleEarnLadderTier): Decimal {
  return ladderTierWidth(amount, tier.left, tierUpper(tier));
}

/**
 * Interest of every tier for `days` days, unrounded: tier width × apr / 365 × price ratio (section 9).
 * The price ratio converts the product asset into the bonus asset (product price / bonus price).
 */
export function tierInterestExact(
  amount: Decimal.Value,
  tiers: readonly SimpleEarnLadderTier[],
  priceRatio: Decimal.Value = 1,
  days: Decimal.Value = 1,
): Decimal {
  return ladderYearly(amount, rateLadder(tiers)).times(days).times(priceRatio).div(SIMPLE_EARN_DAYS_PER_YEAR);
}

/** Tier interest for `days` days, 8 decimals down (formulas.ts termBonus). */
export function tierInterest(
  amount: Decimal.Value,
  tiers: readonly SimpleEarnLadderTier[],
  priceRatio: Decimal.Value = 1,
  days: Decimal.Value = 1,
): Decimal {
  return termBonus(ladderYearly(amount, rateLadder(tiers)), days, priceRatio);
}

/** Rate-up voucher yield: amount × rate_ratio / 100 / 365 × rate_day, 8 decimals down (a term's interest). */
export function voucherYield(
  amount: Decimal.Value,
  rateRatioPercent: Decimal.Value,
  rateDay: Decimal.Value,
): Decimal {
  return termInterest(amount, percentToRate(toRatePercent(rateRatioPercent)), rateDay);
}

/** What a flexible holding lets the user redeem now: available less frozen less margin-frozen. */
export function redeemableAmount(
  currAmount: Decimal.Value,
  frozen: Decimal.Value,
  marginFrozen: Decimal.Value = 0,
): Decimal {
  return maxDec(0, dec(currAmount).minus(frozen).minus(marginFrozen));
}

/** The most a fixed subscription can be: the lesser of the remaining quota and the available balance. */
export function fixedMaxAmount(remainingQuota: Decimal.Value, available: Decimal.Value): Decimal {
  return roundSubscribeAmount(maxDec(0, minDec(remainingQuota, available)));
}

export interface SimpleEarnVoucherLimits {
  buy_limit_low: string;
  /** '0' means no upper bound. */
  buy_limit_high: string;
}

export interface SimpleEarnSubscribeCheck {
  /** Already rounded to 6 decimals. */
  amount: Decimal;
  minAmount: Decimal.Value;
  available: Decimal.Value;
  /** Fixed products only: what the product can still take. */
  productRemaining?: Decimal.Value;
  /** Fixed products with a per-user cap: what this user can still take. */
  userRemaining?: Decimal.Value;
  voucher?: SimpleEarnVoucherLimits;
  asset: string;
}

/**
 * Section 5, subscribe amount, in the shared order (check-order.ts): the product minimum and the
 * voucher's lower bound, the voucher's upper bound, the product's remaining quota then the user's,
 * then the available balance. Null when the amount passes.
 */
export function checkSubscribe(c: SimpleEarnSubscribeCheck): SimpleEarnRuleFailure | null {
  const coin = c.asset;
  const { voucher } = c;
  const high = voucher ? dec(voucher.buy_limit_high) : dec(0);
  return firstFailure<SimpleEarnRuleFailure>([
    {
      stage: 'minimum',
      check: () =>
        c.amount.lt(c.minAmount) || c.amount.isZero()
          ? { key: SimpleEarnKey.minPurchase, params: { amount: dec(c.minAmount).toFixed(), coin } }
          : null,
    },
    {
      stage: 'minimum',
      check: () =>
        voucher && c.amount.lt(voucher.buy_limit_low)
          ? { key: SimpleEarnKey.voucherMin, params: { amount: dec(voucher.buy_limit_low).toFixed(), coin } }
          : null,
    },
    {
      stage: 'maximum',
      check: () =>
        voucher && !high.isZero() && c.amount.gt(high)
          ? { key: SimpleEarnKey.voucherMax, params: { amount: high.toFixed(), coin } }
          : null,
    },
    {
      stage: 'quota',
      check: () =>
        c.productRemaining !== undefined && c.amount.gt(c.productRemaining)
          ? {
              key: SimpleEarnKey.remainingQuotaLess,
              params: { amount: dec(c.productRemaining).toFixed(), coin },
            }
          : null,
    },
    {
      stage: 'quota',
      check: () =>
        c.userRemaining !== undefined && c.amount.gt(c.userRemaining)
          ? {
              key: SimpleEarnKey.individualRemainingQuota,
              params: { amount: dec(c.userRemaining).toFixed(), coin },
            }
          : null,
    },
    {
      stage: 'balance',
      check: () =>
        c.amount.gt(c.available) ? { key: SimpleEarnKey.insufficientBalance, params: { coin } } : null,
    },
  ]);
}

/** Section 5, flexible redeem amount. */
export function checkFlexibleRedeem(
  amount: Decimal,
  redeemable: Decimal.Value,
  asset: string,
): SimpleEarnRuleFailure | null {
  if (amount.lt(MIN_FLEXIBLE_REDEEM))
    return { key: SimpleEarnKey.redeemMin, params: { amount: MIN_FLEXIBLE_REDEEM, coin: asset } };
  if (amount.gt(redeemable))
    return { key: SimpleEarnKey.redeemMax, params: { amount: dec(redeemable).toFixed(), coin: asset } };
  return null;
}

/**
 * Section 5, minimum APR edit. `rate` is the fraction sent (already rounded up to 4 decimals); the
 * bounds are percentages.
 */
export function checkMinLendRate(
  rate: Decimal,
  maxPercent: Decimal.Value,
  limitMinPercent: Decimal.Value,
): SimpleEarnRuleFailure | null {
  const percent = rate.times(100);
  if (percent.gt(maxPercent))
    return { key: SimpleEarnKey.maxApr, params: { rate: dec(maxPercent).toFixed() } };
  if (percent.lt(limitMinPercent))
    return { key: SimpleEarnKey.minApr, params: { rate: dec(limitMinPercent).toFixed() } };
  return null;
}

/** A fixed order's schedule from the subscription time (unix seconds): interest from the next UTC day. */
export function fixedSchedule(
  subscribedAt: number,
  lockUpDays: number,
): { startAt: number; finishAt: number; payoutAt: number } {
  const day = 86_400;
  const startAt = Math.floor(subscribedAt / day) * day + day;
  const finishAt = startAt + lockUpDays * day;
  return { startAt, finishAt, payoutAt: finishAt + MATURITY_PAYOUT_DELAY_SECONDS };
}
export * from './apr';
