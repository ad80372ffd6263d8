import {
  type DailyPayoutBreakdown,
  dec,
  type LaunchpoolHourBreakdown,
  type TieredPayoutBreakdown,
} from '@earn/domain';
import { unixSeconds } from './clock';
import type { Db } from './db';
import { errors } from './errors';

/*
 * The payout breakdowns' shapes, shared by the lines that compute them (their reads-breakdown.ts) and
 * the view that answers them (views/breakdown).
 */

/** The payouts a "why this reward" breakdown is asked for (GET /api/web/v1/earn/rewards/breakdown). */
export const BREAKDOWN_KINDS = [
  'soft_staking_day',
  'staking_day',
  'fixed_maturity',
  'flexible_hour',
  'flexible_bonus_hour',
  'launchpool_hour',
  'launchpool_interest_hour',
] as const;
export type BreakdownKind = (typeof BREAKDOWN_KINDS)[number];

/** The breakdown route's question as the user asked it: which fields a kind needs is its line's. */
export interface BreakdownQuery {
  kind: BreakdownKind;
  userId: number;
  id?: number;
  coin?: string;
  rid?: number;
  /** soft_staking_day: the day, unix seconds. */
  day?: number;
  /** The hour, unix seconds (its end or start, as the kind's history shows it). */
  hour?: number;
}

/** A kind's breakdown, served by the line that books it (LineReads.breakdown). */
export type BreakdownRead = (db: Db, q: BreakdownQuery) => Promise<PayoutBreakdown>;

export interface PayoutBreakdown extends Omit<DailyPayoutBreakdown, 'ratePercent'> {
  kind: BreakdownKind;
  /** Annual rate, percent; null for a launch-pool hour (a pool pays by share, not by a rate). */
  ratePercent: string | null;
  /** A launch-pool hour's share of the pool: its figures as the engine recorded them. */
  pool: Omit<
    LaunchpoolHourBreakdown,
    'stake' | 'gross' | 'carryIn' | 'total' | 'paid' | 'carryOut' | 'formula'
  > | null;
  /** Whether carryOut goes to the next period (daily lines) or is never paid (a term paid once). */
  carried: boolean;
  /** Paid beside the interest and recorded at subscription (fixed: voucher coupon, bonus). */
  extras: { label: 'coupon' | 'bonus'; amount: string; coin: string }[];
  /**
   * A tiered rate (a staking campaign's money tiers, a flexible bonus's ladder): each tier's part of the
   * principal, the yearly figure, the seconds it ran and, for a bonus in another coin, the price ratio.
   */
  tiered: {
    tiers: TieredPayoutBreakdown['tiers'];
    perYear: string;
    seconds: number;
    priceRatio: string | null;
  } | null;
  /** A launch-pool hour's auto-earn interest: the mode and its index figures. */
  interest: {
    mode: string;
    accStep: string;
    earlier: string;
    stakeInterest: string;
    steady: boolean;
  } | null;
  coin: string;
  principalCoin: string;
  periodStart: number;
  periodEnd: number;
  /** The amount the engine booked for this row. */
  recorded: string;
}

export interface StoredDay {
  coin: string;
  eligible: string;
  gross: string;
  amount: string;
  carry: string;
}

/**
 * The fraction carried in is not stored on the row; it is what the row's total less its gross leaves:
 * paid + carried out = carried in + gross, exactly (the engine writes all three from one sum).
 */
export function carriedIn(row: StoredDay): string {
  return dec(row.amount).plus(row.carry).minus(row.gross).toFixed();
}

/** The eight figures every breakdown states: what earned, at what rate, and how the payout was cut. */
export type PayoutFigures = Pick<
  PayoutBreakdown,
  'eligible' | 'ratePercent' | 'gross' | 'carryIn' | 'total' | 'paid' | 'carryOut' | 'formula'
>;

/** What a line states of the payout it booked: its kind, coins, period and the amount as booked. */
export type BookedPayout = {
  kind: BreakdownKind;
  coin: string;
  principalCoin: string;
  /** The amount the engine booked, as stored. */
  recorded: string;
  start: Date;
} & ({ /** An hour's or a day's length. */ seconds: number } | { /** A term's end. */ end: Date });

/** The parts only some lines have: each line passes its own; the rest are none (and carried). */
type OwnParts = Partial<Pick<PayoutBreakdown, 'carried' | 'extras' | 'pool' | 'tiered' | 'interest'>>;

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 86_400;

/**
 * One breakdown from the line's booked payout, the figures its domain rule re-derived and its own
 * parts. Only the eight figures are taken from `figures` (a tiered rule's tiers go in `own.tiered`).
 */
export function payoutBreakdown(
  booked: BookedPayout,
  figures: PayoutFigures,
  own: OwnParts = {},
): PayoutBreakdown {
  const periodStart = unixSeconds(booked.start);
  return {
    kind: booked.kind,
    coin: booked.coin,
    principalCoin: booked.principalCoin,
    periodStart,
    periodEnd: 'end' in booked ? unixSeconds(booked.end) : periodStart + booked.seconds,
    recorded: dec(booked.recorded).toFixed(),
    carried: own.carried ?? true,
    extras: own.extras ?? [],
    pool: own.pool ?? null,
    tiered: own.tiered ?? null,
    interest: own.interest ?? null,
    eligible: figures.eligible,
    ratePercent: figures.ratePercent,
    gross: figures.gross,
    carryIn: figures.carryIn,
    total: figures.total,
    paid: figures.paid,
    carryOut: figures.carryOut,
    formula: figures.formula,
  };
}

/** A tiered rule's tiers and yearly figure, for the seconds it ran (and the price ratio of a bonus in another coin). */
export function tieredOf(
  b: TieredPayoutBreakdown,
  seconds: number,
  priceRatio: string | null = null,
): NonNullable<PayoutBreakdown['tiered']> {
  return { tiers: b.tiers, perYear: b.perYear, seconds, priceRatio };
}

type Asked = Exclude<keyof BreakdownQuery, 'kind' | 'userId'>;

/**
 * The fields a kind needs, refused together when any is missing: "coin and hour are required for
 * flexible_hour" (field "coin,hour").
 */
export function requireAsked<K extends Asked>(
  q: BreakdownQuery,
  names: readonly K[],
): asserts q is BreakdownQuery & Required<Pick<BreakdownQuery, K>> {
  if (names.every((n) => q[n] !== undefined)) return;
  const listed =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const verb = names.length === 1 ? 'is' : 'are';
  throw errors.invalidParams(`${listed} ${verb} required for ${q.kind}`, { field: names.join(',') });
}
