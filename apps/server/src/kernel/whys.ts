import type { DualDirection } from '@earn/domain';
import type { Db } from './db';
import type { Line } from './lines';

/*
 * The statement's "why" of a row (which breakdown it opens, or a dual order's facts): the shapes the
 * view answers and the lines that read them (LineReads.whys) share.
 */

/** A dual product's settlement (or withdrawal): the fixing price, the target and the rule applied. */
export interface DualWhy {
  kind: 'dual_settlement';
  product_id: number;
  direction: DualDirection;
  target_price: string;
  fixing_price: string | null;
  reached: boolean | null;
  rule: string;
}

/**
 * A dual order's subscription: what it was subscribed to (the order's target, APR and settle time,
 * the product's fixing price once settled). Same kind as the settlement's, so every reader of a dual
 * why (the statement page's, which opens no breakdown for it) reads both alike.
 */
export interface DualSubscriptionWhy extends DualWhy {
  order_id: number;
  /** Percent a year, as quoted to the order. */
  apr: string;
  settle_time: number;
}

/** Which payout breakdown a statement row opens. */
export type StatementWhy =
  | { kind: 'flexible_hour'; coin: string; hour: number }
  | { kind: 'flexible_bonus_hour'; coin: string; hour: number }
  | { kind: 'launchpool_interest_hour'; rid: number; hour: number }
  | { kind: 'launchpool_hour'; rid: number; coin: string; hour: number }
  | { kind: 'soft_staking_day'; coin: string; day: number }
  /** A staking day's payment to spot: the reward records (base, campaigns, products) it sums. */
  | { kind: 'staking_day'; ids: number[] }
  /** A dual order's subscription, settlement or withdrawal: the fixing price, the target and the rule. */
  | DualWhy
  | DualSubscriptionWhy;

/** What a row's why is read from: its keyset time, line, type, coin and entry reference. */
export interface WhyRow {
  at_us: string;
  src: number;
  asset: string;
  /** The movement type (views/statements/movements.ts MOVEMENT_TYPES). */
  type: string;
  line: Line;
  product: string;
}

/**
 * The whys a line reads for a page of statement rows (the staking days' reward records, the dual
 * orders and products), in a fixed number of reads whatever the number of rows: by the rows' index,
 * for the rows it knows; `userId` undefined: every user's statement (none of those are read).
 */
export type WhysRead = (
  db: Db,
  userId: number | undefined,
  rows: readonly WhyRow[],
) => Promise<Map<number, StatementWhy>>;

/** Unix seconds as `YYYY-MM-DD HH:MM:SS UTC`. */
export function utcText(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
