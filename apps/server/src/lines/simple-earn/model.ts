import type { seFixedOrders, seFixedProducts, seFlexProducts, seVouchers } from '../../infra/db/schema';

/** The simple-earn rows the engine, the APR rule and the responses share. */
export type FlexProduct = typeof seFlexProducts.$inferSelect;
export type FixedProduct = typeof seFixedProducts.$inferSelect;
export type FixedOrder = typeof seFixedOrders.$inferSelect;
export type Voucher = typeof seVouchers.$inferSelect;

/** Ledger purposes and reason codes of simple earn (user purposes 'flexible' and 'fixed' are core's). */
export const SePurpose = {
  /** Flexible interest received by holders and not yet withdrawn: one pooled liability per asset. */
  flexInterest: 'se_flex_interest',
  flexInterestExpense: 'se_flex_interest_expense',
  flexBonusExpense: 'se_flex_bonus_expense',
  fixedInterestExpense: 'se_fixed_interest_expense',
  fixedBonusExpense: 'se_fixed_bonus_expense',
} as const;

export const SeReason = {
  flexSubscribe: 'se_flex_subscribe',
  flexRedeem: 'se_flex_redeem',
  flexRedeemSettle: 'se_flex_redeem_settle',
  flexInterest: 'se_flex_interest',
  flexBonus: 'se_flex_bonus',
  autoEarn: 'se_auto_earn',
  fixedSubscribe: 'se_fixed_subscribe',
  fixedPreRedeem: 'se_fixed_pre_redeem',
  fixedMaturity: 'se_fixed_maturity',
} as const;

/**
 * Every request that changes a flexible position holds this advisory lock shared; the hourly accrual
 * holds it exclusive. A position's accrual formula reads the asset's index, so a position must never
 * change while an hour is being accrued.
 */
export const FLEX_LOCK_KEY = 727_100;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

export function unix(at: Date | null | undefined): number {
  return at ? Math.floor(at.getTime() / 1000) : 0;
}

export function iconOf(asset: string): string {
  return `/icons/coins/${asset.toLowerCase()}.svg`;
}

/** The line column of simple earn's history records: flexible or fixed. */
export const LINE_FLEXIBLE = 'flexible';
export const LINE_FIXED = 'fixed';
