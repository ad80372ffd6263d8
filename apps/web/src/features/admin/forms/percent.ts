import { fractionToPercent, isPlainDecimal, percentToFraction } from '@earn/domain';

/**
 * The console's one place where a rate's wire unit meets what the operator reads and types. Every
 * rate is entered and shown as a percent (5 for 5 %), as every other screen shows it; the fields
 * whose wire value is a fraction (simple earn's rates, fee rates: 0.05) convert here, in decimal
 * strings through @earn/domain, never through a JS number. A `6` typed in such a field is 6 %, sent
 * as 0.06.
 */

/** A wire fraction as the percent text of its input ("0.0612" → "6.12"); other text as it is. */
export function percentOfFraction(wire: string): string {
  return isPlainDecimal(wire) ? fractionToPercent(wire) : wire;
}

/** A typed percent as the wire fraction ("600" → "6"); the caller has checked it is a decimal. */
export function fractionOfPercent(typed: string): string {
  return percentToFraction(typed);
}

/** Applies `convert` to the rate at each dotted `path` of a value, and of each item when it is a list. */
function mapRates(value: unknown, paths: readonly string[], convert: (s: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRates(item, paths, convert));
  if (value === null || typeof value !== 'object') return value;
  let out = value as Record<string, unknown>;
  for (const path of paths) out = mapAt(out, path.split('.'), convert);
  return out;
}

function mapAt(
  obj: Record<string, unknown>,
  parts: string[],
  convert: (s: string) => string,
): Record<string, unknown> {
  const [head, ...rest] = parts as [string, ...string[]];
  if (!(head in obj)) return obj;
  const at = obj[head];
  if (rest.length === 0)
    return typeof at === 'string' && isPlainDecimal(at) ? { ...obj, [head]: convert(at) } : obj;
  return at !== null && typeof at === 'object' && !Array.isArray(at)
    ? { ...obj, [head]: mapAt(at as Record<string, unknown>, rest, convert) }
    : obj;
}

/** A JSON value with the fractions at `paths` as percents, for the form and the review. */
export const jsonAsPercents = (value: unknown, paths: readonly string[]): unknown =>
  mapRates(value, paths, fractionToPercent);

/** The form's JSON value with the percents at `paths` back to the wire's fractions. */
export const jsonAsFractions = (value: unknown, paths: readonly string[]): unknown =>
  mapRates(value, paths, percentToFraction);

/** Whether a percent at `paths` of a JSON value carries more decimals than `places`. */
export function percentsBeyond(value: unknown, paths: readonly string[], places: number): boolean {
  let beyond = false;
  mapRates(value, paths, (s) => {
    const dot = s.indexOf('.');
    if (dot >= 0 && s.length - dot - 1 > places) beyond = true;
    return s;
  });
  return beyond;
}
