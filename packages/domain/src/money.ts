import Decimal from 'decimal.js';

/**
 * Money math shared by server and web. Amounts are decimal strings on the wire and `Decimal` in code;
 * a JS number never carries an amount, a price or a rate.
 */
export const MoneyDecimal = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_DOWN,
  toExpNeg: -40,
  toExpPos: 60,
});
export type MoneyDecimal = Decimal;

/** Display and ledger precision: the smallest unit is 0.00000001. */
export const LEDGER_DECIMALS = 8;
/** What NUMERIC(38,18) holds after the point; nothing finer is ever stored. */
export const STORAGE_DECIMALS = 18;
/** The generic amount input cap of launch-pool.md section 9. */
export const INPUT_CAP = '999999999999';

/** A plain decimal: digits, an optional fraction, no sign, no exponent, no spaces. */
/** A plain decimal: no sign, exponent, blanks or leading zeros; up to 30 integer and 18 fraction digits. */
export const PLAIN_DECIMAL = /^(0|[1-9]\d{0,29})(\.\d{1,18})?$/;

export function isPlainDecimal(text: string): boolean {
  return PLAIN_DECIMAL.test(text);
}

export function dec(value: Decimal.Value): Decimal {
  return new MoneyDecimal(value);
}

/** Parses a wire amount; returns null when it is not a plain non-negative decimal. */
export function parseAmount(text: string): Decimal | null {
  if (!isPlainDecimal(text)) return null;
  return new MoneyDecimal(text);
}

export function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function roundDown(value: Decimal.Value, places: number): Decimal {
  return new MoneyDecimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
}

export function roundUp(value: Decimal.Value, places: number): Decimal {
  return new MoneyDecimal(value).toDecimalPlaces(places, Decimal.ROUND_UP);
}

/** The wire form: no exponent, no trailing zeros. */
export function toWire(value: Decimal.Value, places: number = STORAGE_DECIMALS): string {
  const fixed = new MoneyDecimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  return fixed.isZero() ? '0' : fixed.toFixed();
}

/** Fixed number of places, rounded down, for display. */
export function toFixedDown(value: Decimal.Value, places: number): string {
  return new MoneyDecimal(value).toFixed(places, Decimal.ROUND_DOWN);
}

export function minDec(...values: Decimal.Value[]): Decimal {
  return MoneyDecimal.min(...values);
}

export function maxDec(...values: Decimal.Value[]): Decimal {
  return MoneyDecimal.max(...values);
}

/**
 * Decimals of a holding's value in USDT as the pages show it: cents. A valuation is an estimate at
 * the current price, not money moved, so it is rounded once, where it is computed.
 */
export const USDT_VALUE_DECIMALS = 2;

/**
 * A holding's value in USDT, amount × price rounded down to cents. Every total shown beside such
 * values is their plain sum (sumValues), never the rounded value of a finer sum: figures shown
 * together add up.
 */
export function usdtValueOf(amount: Decimal.Value, price: Decimal.Value): Decimal {
  return roundDown(dec(amount).times(price), USDT_VALUE_DECIMALS);
}

/** The sum of values already rounded by usdtValueOf: exact, so a total equals its parts. */
export function sumValues(values: Iterable<Decimal.Value>): Decimal {
  let total = dec(0);
  for (const v of values) total = total.plus(v);
  return total;
}

export { Decimal };
