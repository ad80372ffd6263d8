import {
  dec,
  quickRedeemDelaySeconds,
  quickRedeemSelectable,
  type RedeemPeriodStatus,
  redeemFee,
  redeemPeriodStatus,
  standardRedeemDelaySeconds,
} from '@earn/domain';
import type { DefiProtocol, StakingProduct } from './api/index';

/** The redeem dialog's rules (staking-wealth.md sections 4 and 9): fees, quick redeem, periods. */

export type RedeemType = 'standard' | 'quick';

export interface RedeemQuote {
  fee: string;
  received: string;
  feeRate: string;
  /** Unix seconds the coins are expected. */
  arrivalAt: number;
}

/** The VIP percent off the redeem fees, as the server takes it (first vip_config row holding the tier). */
export function vipSalePercent(product: StakingProduct, tier: number): string {
  return product.vip_config.find((v) => v.min_tier <= tier && tier <= v.max_tier)?.vip_sale ?? '0';
}

/** Fee = amount × fee rate rounded down to 8 decimals; received = amount − fee; arrival (section 9). */
export function redeemQuote(
  amount: string,
  type: RedeemType,
  product: StakingProduct,
  protocol: DefiProtocol | undefined,
  tier: number,
  nowSeconds: number,
): RedeemQuote {
  const feeRate = type === 'quick' ? product.extra.redeem_quick_fee : product.extra.redeem_fee;
  const fee = redeemFee(amount, feeRate, vipSalePercent(product, tier));
  const delay =
    type === 'quick'
      ? quickRedeemDelaySeconds(product.extra.redeem_quick_long)
      : standardRedeemDelaySeconds(protocol?.income_days ?? product.income_days, product.extra.redeem_maxday);
  return {
    fee: fee.toFixed(),
    received: dec(amount).minus(fee).toFixed(),
    feeRate,
    arrivalAt: nowSeconds + delay,
  };
}

/** Quick redeem: offered only with extra.redeem_quick; selectable when the day's quota covers the minimum. */
export function quickRedeemState(product: StakingProduct): 'hidden' | 'disabled' | 'selectable' {
  if (product.extra.redeem_quick !== 1) return 'hidden';
  return quickRedeemSelectable(true, product.redeem_config.redeem_quick_daily, product.min_redeem_amount)
    ? 'selectable'
    : 'disabled';
}

/** The redeem period wording key and values (section 4). */
export function redeemPeriodText(product: StakingProduct, protocol: DefiProtocol | undefined) {
  const incomeDays = protocol?.income_days ?? product.income_days;
  const { redeem_minday: min, redeem_maxday: max } = product.extra;
  const status: RedeemPeriodStatus = redeemPeriodStatus(incomeDays, min, max);
  // count picks the singular wording ("1 day") where the language has one.
  const count = status === 'fixed_period' ? incomeDays : max;
  return { key: `staking.redeemPeriod.${status}`, params: { days: incomeDays, min, max, count } };
}

/** Days from a standard redeem to its arrival (the list's redemption-period sort), by the domain's one rule. */
export function redeemDays(product: StakingProduct, protocol: DefiProtocol | undefined): number {
  const incomeDays = protocol?.income_days ?? product.income_days;
  return standardRedeemDelaySeconds(incomeDays, product.extra.redeem_maxday) / 86_400;
}

/** The redeem confirmation: instant when redeem_minday and redeem_maxday are both 0, else within max days. */
export function redeemConfirmText(product: StakingProduct) {
  const { redeem_minday: min, redeem_maxday: max } = product.extra;
  return min === 0 && max === 0
    ? { key: 'staking.redeem.instant', params: {} }
    : { key: 'staking.redeem.withinDays', params: { days: max, count: max } };
}
