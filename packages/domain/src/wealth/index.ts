import { z } from 'zod';
import { firstFailure } from '../check-order';
import { type Decimal, dec, decimalPlaces, LEDGER_DECIMALS, PLAIN_DECIMAL, roundDown } from '../money';
import { intChoice } from '../validation';

/** Private wealth and asset management (staking-wealth.md, sections 3, 5 and 9). */

/** Project types: private wealth 4, asset management 5. */
export const WealthProjectType = { privateWealth: 4, assetManagement: 5 } as const;
export const WEALTH_PROJECT_TYPES = [4, 5] as const;
export type WealthProjectTypeId = (typeof WEALTH_PROJECT_TYPES)[number];

/** Subscribe amounts: 8 decimals. Units (redeem): 6 decimals. */
export const WEALTH_AMOUNT_DECIMALS = LEDGER_DECIMALS;
export const WEALTH_UNIT_DECIMALS = 6;
/** Chart ranges in days. */
export const WEALTH_LINE_RANGES = [30, 180, 365, 730] as const;
export const WEALTH_LINE_TYPES = ['balance', 'rate'] as const;

export const WealthKey = {
  inadequateBalance: 'finances.inadequateBalance',
  belowMinimum: 'less.minimum.amount',
  aboveRedeemable: 'less.redeemable.units',
  precision: 'common.amountPrecision',
  noNav: 'wealth.nav.missing',
  vipOnly: 'wealth.product.vipOnly',
  offline: 'wealth.product.offline',
  tooSmall: 'wealth.purchase.belowOneUnit',
  /** No recorded acceptance of the product's disclaimer (the subscribe form's checkbox). */
  disclaimerRequired: 'wealth.purchase.disclaimerRequired',
} as const;

export interface WealthViolation {
  key: string;
  params: Record<string, string>;
}

/** Units bought for an amount at a NAV: 6 decimals, rounded down (the remainder stays in the cost). */
export function unitsFor(amount: Decimal.Value, nav: Decimal.Value): Decimal {
  return roundDown(dec(amount).div(nav), WEALTH_UNIT_DECIMALS);
}

/** What units are worth at a NAV: 8 decimals, rounded down. */
export function valueOfUnits(units: Decimal.Value, nav: Decimal.Value): Decimal {
  return roundDown(dec(units).times(nav), LEDGER_DECIMALS);
}

/**
 * The purchase amount rules in the shared order (check-order.ts): precision, the minimum purchase, an
 * amount that buys less than one unit at `nav` (when known), then the available balance.
 */
export function checkPurchase(opts: {
  amount: string;
  min: Decimal.Value;
  available: Decimal.Value;
  /** The latest NAV, when the caller has it: an amount buying no unit is refused. */
  nav?: Decimal.Value;
}): WealthViolation | null {
  return firstFailure<WealthViolation>([
    {
      stage: 'precision',
      check: () =>
        decimalPlaces(opts.amount) > WEALTH_AMOUNT_DECIMALS
          ? { key: WealthKey.precision, params: { precision: String(WEALTH_AMOUNT_DECIMALS) } }
          : null,
    },
    {
      stage: 'minimum',
      check: () =>
        dec(opts.amount).lt(opts.min)
          ? { key: WealthKey.belowMinimum, params: { amount: dec(opts.min).toFixed() } }
          : null,
    },
    {
      stage: 'minimum',
      check: () =>
        opts.nav !== undefined && unitsFor(opts.amount, opts.nav).isZero()
          ? { key: WealthKey.tooSmall, params: {} }
          : null,
    },
    {
      stage: 'balance',
      check: () =>
        dec(opts.amount).gt(opts.available)
          ? { key: WealthKey.inadequateBalance, params: { number: dec(opts.available).toFixed() } }
          : null,
    },
  ]);
}

export function checkRedeemUnits(opts: { units: string; redeemable: Decimal.Value }): WealthViolation | null {
  if (decimalPlaces(opts.units) > WEALTH_UNIT_DECIMALS) {
    return { key: WealthKey.precision, params: { precision: String(WEALTH_UNIT_DECIMALS) } };
  }
  if (dec(opts.units).gt(opts.redeemable)) {
    return { key: WealthKey.aboveRedeemable, params: { number: dec(opts.redeemable).toFixed() } };
  }
  return null;
}

const intField = z.coerce.number().int();
/** A plain decimal string; the routes refuse zero with its own message key (common.amountPositive). */
const decimalText = z.string().trim().min(1).max(49).regex(PLAIN_DECIMAL, 'must be a plain decimal string');
export const wealthPurchaseBody = z.object({
  pid: intField.positive(),
  amount: decimalText.describe('Greater than zero, at most 8 decimals (common.amountPrecision otherwise)'),
  project_type: intChoice(WEALTH_PROJECT_TYPES).optional(),
  fundpass: z.string().max(64).optional(),
});
export const wealthRedeemBody = z.object({
  pid: intField.positive(),
  unit: decimalText.describe('Greater than zero, at most 6 decimals'),
  project_type: intField.optional(),
  fundpass: z.string().max(64).optional(),
});
