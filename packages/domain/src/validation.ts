import { z } from 'zod';
import { decimalPlaces, isPlainDecimal, PLAIN_DECIMAL, parseAmount } from './money';

/** Longest amount text accepted: 30 integer digits, a point and 18 fraction digits. */
export const AMOUNT_MAX_LENGTH = 49;

/** An asset symbol: upper-case letters and digits, as the exchange lists them. */
export const assetSymbol = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9]+$/, 'asset must be letters and digits')
  .transform((s) => s.toUpperCase());

/**
 * What the API document says of an amount a caller sends: the plain-decimal pattern the first refine
 * enforces (a refine has no JSON Schema of its own, so without this the document would say "any string").
 */
const plainDecimalMeta = { pattern: PLAIN_DECIMAL.source, example: '1.25' } as const;

/**
 * A positive amount as a plain decimal string with at most `places` decimals. `1e3`, ` 1`, `-1`, `0`
 * and numbers sent as JSON numbers are all refused.
 */
export function positiveAmount(places = 8) {
  return (
    z
      .string()
      .max(AMOUNT_MAX_LENGTH)
      // abort: later checks, including a caller's own .refine((s) => dec(s)...), only ever see a number.
      .refine(isPlainDecimal, { message: 'amount must be a plain decimal string', abort: true })
      .refine((s) => decimalPlaces(s) <= places, { message: `amount has more than ${places} decimals` })
      .refine((s) => parseAmount(s)?.gt(0) ?? false, { message: 'amount must be greater than zero' })
      .meta(plainDecimalMeta)
  );
}

/** A non-negative amount (zero allowed), used for operator settings such as volumes and prices. */
export function nonNegativeAmount(places = 18) {
  return z
    .string()
    .max(AMOUNT_MAX_LENGTH)
    .refine(isPlainDecimal, { message: 'amount must be a plain decimal string', abort: true })
    .refine((s) => decimalPlaces(s) <= places, { message: `amount has more than ${places} decimals` })
    .meta(plainDecimalMeta);
}

/**
 * An integer from a fixed set, sent as a JSON number or a form string. The published schema lists the
 * values (an enum of each), where a refine on a number would publish any integer.
 */
export function intChoice<const T extends readonly number[]>(values: T) {
  return z.union([
    z.literal([...values]),
    z.enum(values.map(String) as [string, ...string[]]).transform((v) => Number(v) as T[number]),
  ]);
}

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

export const email = z.string().trim().toLowerCase().email().max(254);
export const password = z.string().min(8).max(128);
export const fundPassword = z.string().regex(/^\d{6}$/, 'funding password is 6 digits');

export const ACCOUNT_MODES = ['classic', 'multi_currency', 'single_currency'] as const;
export type AccountMode = (typeof ACCOUNT_MODES)[number];

/** When a funding password is asked for: every time, once per 2 hours, or never. */
export const FUNDPASS_MODES = ['always', 'every_2h', 'never'] as const;
export type FundpassMode = (typeof FUNDPASS_MODES)[number];

/** Compliance menu entries that hide features for a user's region (launch-pool.md section 6). */
export const COMPLIANCE_MENU_ITEMS = ['express', 'spot_trade', 'lend_earn'] as const;
