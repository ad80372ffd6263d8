/**
 * The client-side rules of simple-earn.md section 4 that decide what a screen offers. Pure functions,
 * so each rule is tested on its own; the money rules (amounts, rates) live in @earn/domain.
 */
import {
  type AprTerms,
  aprUpTo,
  type BlendedApr,
  blendedApr,
  checkSubscribe,
  type Decimal,
  dec,
  estimatedInterest,
  fixedBonusTiers,
  fixedTermPayout,
  interestOverDays,
  NEAR_MATURITY_SECONDS,
  roundDown,
  roundSubscribeAmount,
  SimpleEarnBusinessType,
  SimpleEarnHistoryType,
  SimpleEarnProductType,
  type SimpleEarnRuleFailure,
  SimpleEarnSaleStatus,
  VIP_RESUBSCRIBE_TIER,
  voucherAprOverTerm,
} from '@earn/domain';
import type { FixedOrder, FixedProduct, Lendable, ProductDetail, Voucher } from './api/types';

/** A holding is active while its status is 0 or 1; anything else is redeemed or ended. */
export function isActive(status: number): boolean {
  return status === 0 || status === 1;
}

export interface FixedActions {
  active: boolean;
  /** Past its finish time: the payout is on its way. */
  redeeming: boolean;
  nearMaturity: boolean;
  canEarlyRedeem: boolean;
  canChangeReinvest: boolean;
  canChangeRedeemTo: boolean;
}

/**
 * Section 4: early redeem, change reinvest and change redeem-to are disabled when the holding is not
 * active, when the product does not support the action, or when maturity is within one hour; a
 * redeeming order cannot be early-redeemed.
 */
export function fixedActions(order: FixedOrder, nowSeconds: number): FixedActions {
  const active = isActive(order.status);
  const redeeming = order.is_redeeming === 1 || nowSeconds >= order.finish_time;
  const nearMaturity = order.finish_time - nowSeconds <= NEAR_MATURITY_SECONDS;
  const open = active && !redeeming && !nearMaturity;
  return {
    active,
    redeeming,
    nearMaturity,
    canEarlyRedeem: open && order.product_info.pre_redeem === 1,
    canChangeReinvest: open && order.product_info.reinvest === 1,
    canChangeRedeemTo: open && order.product_info.redeem_account === 1 && order.reinvest_status !== 1,
  };
}

export type VipStanding = 'ok' | 'below' | 'above';

/** A VIP product needs the user's tier within min_vip..max_vip. */
export function vipStanding(
  product: Pick<FixedProduct, 'type' | 'min_vip' | 'max_vip'>,
  tier: number,
): VipStanding {
  if (product.type !== SimpleEarnProductType.vip) return 'ok';
  if (tier < product.min_vip) return 'below';
  if (product.max_vip > 0 && tier > product.max_vip) return 'above';
  return 'ok';
}

export function isSoldOut(product: FixedProduct): boolean {
  return product.id !== 0 && product.sale_status === SimpleEarnSaleStatus.soldOut;
}

/** The best-rate subscribable normal fixed product of an asset, if any. */
export function bestNormalFixed(detail: ProductDetail | undefined): FixedProduct | undefined {
  return (detail?.fixed_list ?? [])
    .filter(
      (p) =>
        p.id !== 0 &&
        p.type === SimpleEarnProductType.normal &&
        p.sale_status === SimpleEarnSaleStatus.subscribable,
    )
    .sort((a, b) => dec(b.year_rate).cmp(a.year_rate) || a.lock_up_period - b.lock_up_period)[0];
}

export type SubscribeAgain =
  | { kind: 'upgrade' }
  | { kind: 'subscribe'; asset: string; productId: number }
  | { kind: 'flexible'; asset: string }
  | { kind: 'home' };

/**
 * Section 4, subscribe again on a fixed order: a VIP product with the tier below 5 opens the upgrade
 * guide; otherwise the freshly queried list decides — the same product if subscribable, else the
 * best-rate subscribable normal fixed product, else flexible (unless the asset is fixed-only), else home.
 */
export function subscribeAgain(
  order: Pick<FixedOrder, 'asset' | 'product_id' | 'product_type'>,
  products: ProductDetail[],
  vipTier: number,
): SubscribeAgain {
  if (order.product_type === SimpleEarnProductType.vip && vipTier < VIP_RESUBSCRIBE_TIER)
    return { kind: 'upgrade' };
  const detail = products.find((d) => d.asset === order.asset);
  const same = detail?.fixed_list.find((p) => p.id === order.product_id);
  if (same && same.sale_status === SimpleEarnSaleStatus.subscribable) {
    return { kind: 'subscribe', asset: order.asset, productId: same.id };
  }
  const best = bestNormalFixed(detail);
  if (best) return { kind: 'subscribe', asset: order.asset, productId: best.id };
  if (detail && detail.business_type !== SimpleEarnBusinessType.fixed)
    return { kind: 'flexible', asset: order.asset };
  return { kind: 'home' };
}

export type HistoryTab = 'flexible' | 'fixed';

/**
 * Section 4: the history filter defaults to flexible interest; without flexible interest, fixed
 * interest. An explicit tab and type in the query win.
 */
export function defaultHistoryFilter(
  query: { tab?: string | null; type?: string | null },
  hasFlexibleInterest: boolean,
): { tab: HistoryTab; type: number } {
  const tab = query.tab === 'fixed' || query.tab === 'flexible' ? query.tab : null;
  const type = Number(query.type);
  const validType = Number.isInteger(type) && type >= 1 && type <= (tab === 'fixed' ? 5 : 4) ? type : null;
  if (tab) return { tab, type: validType ?? SimpleEarnHistoryType.interest };
  return { tab: hasFlexibleInterest ? 'flexible' : 'fixed', type: SimpleEarnHistoryType.interest };
}

export interface SubscribeInput {
  /** The typed amount (a valid decimal string) or null. */
  amount: string | null;
  product: FixedProduct;
  available: string;
  lendable?: Lendable;
  voucher?: Voucher | null;
}

/**
 * Section 5 for the subscribe dialog: the rule failure to show under the input, or null. Fixed
 * products whose remaining quota is already below the minimum show the quota tip before anything is typed.
 */
export function subscribeFailure(input: SubscribeInput): SimpleEarnRuleFailure | null {
  const { product, lendable } = input;
  const fixed = product.id !== 0;
  if (fixed && lendable) {
    const remaining = dec(lendable.product_remaining);
    if (remaining.lt(product.min_lend_amount)) {
      return {
        key: 'simple_earn.amount.tip.remainingQuotaLessAmount',
        params: { amount: remaining.toFixed(), coin: product.asset },
      };
    }
  }
  if (!input.amount) return null;
  const userRemaining =
    fixed && lendable && lendable.user_remaining !== '-1' ? lendable.user_remaining : undefined;
  return checkSubscribe({
    amount: roundSubscribeAmount(input.amount),
    minAmount: product.min_lend_amount,
    available: input.available,
    productRemaining: fixed && lendable ? lendable.product_remaining : undefined,
    userRemaining,
    voucher: fixed && input.voucher ? input.voucher : undefined,
    asset: product.asset,
  });
}

/**
 * The terms a product pays on, for the one APR rule of @earn/domain (simple-earn/apr.ts): base rate,
 * the bonus tiers the server says the engine pays (`bonus_tiers`; an older answer without it: the
 * ladder), and a chosen voucher spread over a fixed term.
 */
export function productTerms(product: FixedProduct, voucher?: Voucher | null): AprTerms {
  const fixed = product.id !== 0;
  const tiers =
    product.bonus_tiers ??
    (fixed ? fixedBonusTiers(product.bonus_asset, product.ladder_apr) : product.ladder_apr);
  return {
    baseApr: product.year_rate || '0',
    bonusTiers: tiers,
    voucherApr:
      fixed && voucher ? voucherAprOverTerm(voucher.rate_ratio, voucher.rate_day, product.lock_up_period) : 0,
  };
}

/** "Up to X % on the first N": the most any amount earns and the amount it needs (null: any amount). */
export function upTo(product: FixedProduct): { apr: string; amount: string | null } {
  if (product.apr_up_to) return product.apr_up_to;
  const up = aprUpTo(productTerms(product));
  return { apr: up.apr.toFixed(), amount: up.amount?.toFixed() ?? null };
}

/** The most the product pays, as a fraction: what cards, term chips and sorting show. */
export function headlineApr(product: FixedProduct): string {
  return upTo(product).apr;
}

/**
 * The APR of a typed amount, placed above what the holding already has (`held`, flexible): the same
 * rule the server answers with and the engine pays by. Null without a valid amount.
 */
export function amountApr(
  product: FixedProduct,
  amount: string | null,
  voucher?: Voucher | null,
  held: string = '0',
): BlendedApr | null {
  if (!amount) return null;
  const principal = roundSubscribeAmount(amount);
  if (principal.isZero()) return null;
  return blendedApr(principal, productTerms(product, voucher), held);
}

export interface Estimate {
  /** In the product asset: flexible per day, fixed over the term. */
  interest: string;
  /** In the bonus asset, same period. */
  bonus: string;
  bonusAsset: string;
  /** In the product asset, the voucher's rate-up yield. */
  voucher: string;
  days: number;
}

/** The price ratio a bonus is converted at: product price / bonus coin price (1 without prices). */
export function bonusPriceRatio(product: FixedProduct): Decimal {
  const bonusPrice = dec(product.bonus_asset_price || '0');
  return bonusPrice.isZero() ? dec(1) : dec(product.product_asset_price || '1').div(bonusPrice);
}

/**
 * Section 9: estimated interest, tier bonus (price-converted) and voucher yield, 8 decimals down. Fixed:
 * what the order will be booked with at subscription (fixedTermPayout, the server's own formula).
 * Flexible: one day of the amount placed above what is held.
 */
export function estimate(
  product: FixedProduct,
  amount: string | null,
  voucher?: Voucher | null,
  held: string = '0',
): Estimate | null {
  if (!amount) return null;
  const principal = roundSubscribeAmount(amount);
  const fixed = product.id !== 0;
  const days = fixed ? product.lock_up_period : 1;
  const ratio = bonusPriceRatio(product);
  const terms = productTerms(product);
  const bonusAsset = product.bonus_asset || product.asset;
  if (fixed) {
    const paid = fixedTermPayout(
      principal,
      {
        yearRate: product.year_rate,
        termDays: days,
        bonusTiers: terms.bonusTiers,
        voucher: voucher ? { rateRatioPercent: voucher.rate_ratio, rateDay: voucher.rate_day } : null,
      },
      ratio,
    );
    return {
      interest: paid.interest.toFixed(),
      bonus: paid.bonus.toFixed(),
      bonusAsset,
      voucher: paid.voucher.toFixed(),
      days,
    };
  }
  const blended = blendedApr(principal, terms, held);
  return {
    interest: estimatedInterest(principal, product.year_rate, 1).toFixed(),
    bonus: roundDown(interestOverDays(blended.bonusInterestYear, 1).times(ratio), 8).toFixed(),
    bonusAsset,
    voucher: '0',
    days,
  };
}

/** Vouchers that fit the product's asset (an empty using_currency fits every coin). */
export function vouchersFor(list: Voucher[], asset: string): Voucher[] {
  return list.filter((v) => !v.using_currency || v.using_currency === asset);
}
