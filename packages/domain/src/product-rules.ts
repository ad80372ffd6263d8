import type Decimal from 'decimal.js';
import { z } from 'zod';
import { MessageKey } from './codes';
import { dec, isPlainDecimal, parseAmount } from './money';
import { nonNegativeAmount } from './validation';

/**
 * Rules a product must keep as a whole, whichever line it belongs to and whether it is being created
 * or edited: the operator routes check the product as it would be after the write (the stored row
 * with the edit's fields laid over it) and refuse it whole when any rule fails.
 */

/** One broken rule: the field (a dotted path, e.g. `ladder_apr.1.left`), its message key and values. */
export interface ProductIssue {
  field: string;
  key: string;
  message: string;
  params: Record<string, string>;
}

const issue = (field: string, key: string, message: string, params: Record<string, string> = {}) => ({
  field,
  key,
  message,
  params: { field, ...params },
});

/** Latest time a product date may name: 3000-01-01T00:00:00Z, in unix seconds. */
export const MAX_UNIX_TIME = 32_503_680_000;
/** Highest yearly rate given as a fraction (simple earn, fee rates): 10 = 1000 %. */
export const MAX_RATE_FRACTION = '10';
/** Highest yearly rate given in percent (staking, launch pool, soft staking): 1000 %. */
export const MAX_RATE_PERCENT = '1000';
/** Integer digits NUMERIC(38,18) holds: an amount with more cannot be stored. */
export const STORED_INTEGER_DIGITS = 20;

/** A product date: unix seconds from 1970 up to MAX_UNIX_TIME. */
export const unixTime = () => z.number().int().min(0).max(MAX_UNIX_TIME);

/** A yearly rate as a fraction, at most MAX_RATE_FRACTION. */
export const rateFraction = (places = 8) =>
  nonNegativeAmount(places).refine((s) => dec(s).lte(MAX_RATE_FRACTION), {
    message: `a rate is at most ${MAX_RATE_FRACTION} (${dec(MAX_RATE_FRACTION).times(100).toFixed()} %)`,
  });

/** A yearly rate in percent, at most MAX_RATE_PERCENT. */
export const ratePercent = (places = 8) =>
  nonNegativeAmount(places).refine((s) => dec(s).lte(MAX_RATE_PERCENT), {
    message: `a rate is at most ${MAX_RATE_PERCENT} %`,
  });

/** A non-negative amount that NUMERIC(38,18) can store: at most 20 integer digits. */
export const storedAmount = (places = 18) =>
  nonNegativeAmount(places).refine(fitsStorage, {
    message: `an amount has at most ${STORED_INTEGER_DIGITS} integer digits`,
  });

/** A positive amount that NUMERIC(38,18) can store. */
export const storedPositiveAmount = (places = 18) =>
  storedAmount(places).refine((s) => dec(s).gt(0), { message: 'amount must be greater than zero' });

export function fitsStorage(text: string): boolean {
  const integer = text.split('.')[0] ?? '';
  return integer.length <= STORED_INTEGER_DIGITS;
}

/** An amount a product derives (e.g. a reward per hour × the hours it runs) must fit its column. */
export function storedIssues(field: string, amount: Decimal.Value): ProductIssue[] {
  const text = dec(amount).toFixed();
  if (fitsStorage(text.replace(/^-/, ''))) return [];
  return [
    issue(field, MessageKey.amountTooLarge, `${field} makes an amount above what can be stored`, {
      amount: text,
    }),
  ];
}

/**
 * One tier of a ladder, in the one shape every line's ladder is checked in: from `lower` up to
 * `upper`, or without an upper bound when `upper` is null.
 */
export interface LadderBand {
  lower: string;
  upper: string | null;
}

/**
 * A ladder is valid when its tiers ascend and touch: each tier's upper bound is above its lower
 * bound, each tier starts where the one before ends, and only the last may be open-ended.
 */
export function ladderIssues(field: string, bands: readonly LadderBand[]): ProductIssue[] {
  const out: ProductIssue[] = [];
  bands.forEach((band, i) => {
    const at = `${field}.${i}`;
    const lower = parseAmount(band.lower);
    if (!lower) {
      out.push(issue(`${at}`, MessageKey.invalidParams, 'a tier bound must be a plain decimal'));
      return;
    }
    if (band.upper === null) {
      if (i !== bands.length - 1)
        out.push(
          issue(at, MessageKey.ladderOpenEnd, 'only the last tier may be open-ended', { tier: `${i}` }),
        );
    } else {
      const upper = parseAmount(band.upper);
      if (!upper) out.push(issue(at, MessageKey.invalidParams, 'a tier bound must be a plain decimal'));
      else if (!upper.gt(lower))
        out.push(
          issue(at, MessageKey.ladderTierEmpty, 'a tier must end above where it starts', {
            tier: `${i}`,
            lower: band.lower,
            upper: band.upper,
          }),
        );
    }
    const before = bands[i - 1];
    if (before && before.upper !== null && parseAmount(before.upper) && !dec(before.upper).eq(lower)) {
      out.push(
        issue(at, MessageKey.ladderGap, 'each tier starts where the one before ends', {
          tier: `${i}`,
          expected: before.upper,
        }),
      );
    }
  });
  return out;
}

/** Simple earn writes a ladder's open end as an empty `right`, in the flexible and fixed products alike. */
export const SIMPLE_EARN_OPEN_END = '';

export interface LeftRightTier {
  left: string;
  right: string;
}

/** Simple earn's `{ left, right, apr }` tiers as bands. */
export function leftRightBands(tiers: readonly LeftRightTier[]): LadderBand[] {
  return tiers.map((t) => ({ lower: t.left, upper: t.right === SIMPLE_EARN_OPEN_END ? null : t.right }));
}

/** Staking campaigns write an open end as `money_max` "-1", like every other staking cap. */
export const STAKING_OPEN_END = '-1';

export interface MinMaxTier {
  money_min: string;
  money_max: string;
}

export function minMaxBands(tiers: readonly MinMaxTier[]): LadderBand[] {
  return tiers.map((t) => ({
    lower: t.money_min,
    upper: t.money_max === STAKING_OPEN_END ? null : t.money_max,
  }));
}

/** `low` must not exceed `high` (both decimal strings, or both integers). */
export function orderIssues(
  lowField: string,
  low: string | number,
  highField: string,
  high: string | number,
): ProductIssue[] {
  const a = typeof low === 'number' ? dec(low) : parseAmount(low);
  const b = typeof high === 'number' ? dec(high) : parseAmount(high);
  if (!a || !b || a.lte(b)) return [];
  return [
    issue(lowField, MessageKey.rangeOrder, `${lowField} is above ${highField}`, {
      low: String(low),
      high_field: highField,
      high: String(high),
    }),
  ];
}

/** A window's end must come after its start (an end of null: open). */
export function windowIssues(
  startField: string,
  start: number,
  endField: string,
  end: number | null,
): ProductIssue[] {
  if (end === null || end > start) return [];
  return [
    issue(endField, MessageKey.timeOrder, `${endField} must be after ${startField}`, {
      start: String(start),
      end: String(end),
    }),
  ];
}

/** Inclusive integer ranges (VIP tiers): each ordered, ascending, none overlapping another. */
export function rangesIssues(field: string, ranges: readonly { min: number; max: number }[]): ProductIssue[] {
  const out: ProductIssue[] = [];
  ranges.forEach((r, i) => {
    if (r.min > r.max)
      out.push(
        issue(`${field}.${i}`, MessageKey.rangeOrder, 'a range ends below where it starts', { tier: `${i}` }),
      );
    const before = ranges[i - 1];
    if (before && r.min <= before.max)
      out.push(
        issue(`${field}.${i}`, MessageKey.rangeOverlap, 'ranges ascend without overlapping', {
          tier: `${i}`,
        }),
      );
  });
  return out;
}

/** Thresholds of a step table (e.g. trading volume tiers): strictly ascending. */
export function stepsIssues(field: string, thresholds: readonly string[]): ProductIssue[] {
  const out: ProductIssue[] = [];
  thresholds.forEach((t, i) => {
    const before = thresholds[i - 1];
    if (before !== undefined && isPlainDecimal(t) && isPlainDecimal(before) && !dec(t).gt(before))
      out.push(issue(`${field}.${i}`, MessageKey.stepsOrder, 'thresholds must ascend', { tier: `${i}` }));
  });
  return out;
}
