import type Decimal from 'decimal.js';
import { dec, roundDown, roundUp } from './money';

/**
 * A unified account's maintenance margin, as a share of each loan's value: the collateral it must
 * keep beyond what it owes. One figure for every coin (the exchange's tiered table is not modelled).
 */
export const MAINTENANCE_MARGIN_RATIO = '0.05';

/** A coin's amount and its price in USDT. */
export interface Valued {
  asset: string;
  amount: Decimal.Value;
  priceUsdt: Decimal.Value;
}

export interface MarginState {
  /** What the account holds, less what it owes, in USDT (8 decimals, down). */
  equityUsdt: Decimal;
  /** What it owes in USDT (8 decimals, up: a debt is never understated). */
  liabilitiesUsdt: Decimal;
  /** MAINTENANCE_MARGIN_RATIO of every loan's value, in USDT (8 decimals, up). */
  maintenanceMarginUsdt: Decimal;
  /**
   * Maintenance margin ÷ equity, a fraction with 4 decimals rounded up (the specs' rate rounding);
   * 0 without loans; null when equity is not positive while loans are open: liquidation.
   */
  rate: Decimal | null;
}

/** The maintenance margin rate of a unified account from its balances and loans, valued in USDT. */
export function maintenanceMargin(balances: Valued[], loans: Valued[]): MarginState {
  const value = (list: Valued[]) =>
    list.reduce((sum, v) => sum.plus(dec(v.amount).times(v.priceUsdt)), dec(0));
  const assets = value(balances);
  const liabilities = value(loans);
  const margin = liabilities.times(MAINTENANCE_MARGIN_RATIO);
  const equity = assets.minus(liabilities);
  let rate: Decimal | null = dec(0);
  if (liabilities.gt(0)) rate = equity.gt(0) ? roundUp(margin.div(equity), 4) : null;
  return {
    equityUsdt: roundDown(equity, 8),
    liabilitiesUsdt: roundUp(liabilities, 8),
    maintenanceMarginUsdt: roundUp(margin, 8),
    rate,
  };
}
