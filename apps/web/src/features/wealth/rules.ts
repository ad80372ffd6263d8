import {
  checkPurchase,
  checkRedeemUnits,
  dec,
  unitsFor,
  valueOfUnits,
  type WealthViolation,
} from '@earn/domain';
import type { TFunction } from 'i18next';

/** The wealth forms' rules: the domain's checks (the server's own), worded with the shared keys. */

/** Subscribe (section 5), in the shared order: below minimum less.minimum.amount, then above available finances.inadequateBalance. */
export function purchaseViolation(amount: string, min: string, available: string): WealthViolation | null {
  return checkPurchase({ amount, min, available });
}

/** Redeem units: above redeemable less.redeemable.units; zero keeps the button disabled. */
export function redeemViolation(units: string, redeemable: string): WealthViolation | null {
  return checkRedeemUnits({ units, redeemable });
}

export function wealthRuleText(t: TFunction, v: WealthViolation, coin: string): string {
  const p = v.params;
  return t(v.key, { ...p, coin, amount: p.amount ?? p.number, places: p.precision }) as string;
}

export function estimatedUnits(amount: string, nav: string | null): string | null {
  if (!nav || dec(nav).lte(0)) return null;
  return unitsFor(amount, nav).toFixed();
}

export function estimatedValue(units: string, nav: string): string {
  return valueOfUnits(units, nav).toFixed();
}

/** Units not already on their way out. */
export function redeemableUnits(unit: string): string {
  return dec(unit).toFixed();
}
