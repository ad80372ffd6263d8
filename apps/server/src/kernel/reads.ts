import type { AprAlertLine, Arrival } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import type { BreakdownKind, BreakdownRead } from './breakdown';
import type { Db } from './db';
import { errors } from './errors';
import type { RateImpacts } from './impact';
import type { Line } from './lines';
import type { NotificationKind } from './notices';
import type { WhysRead } from './whys';

export { LINES, type Line } from './lines';

/** Something on its way to a user: a maturity, a redemption, the end of a pool they are in. */
export interface UpcomingRow {
  userId: number;
  kind: 'maturity' | 'redemption' | 'pool_end';
  line: Line;
  asset: string;
  /** What arrives, as the database writes it (private wealth: the units' cost). */
  amount: string;
  /** When, unix seconds. */
  at: number;
  /** True when `at` is an estimate (a NAV not yet published). */
  estimated: boolean;
}

/** The lines a redemption's arrival is asked for (GET /api/web/v1/earn/redeem/arrival). */
export const ARRIVAL_LINES = ['flexible', 'fixed', 'staking', 'wealth', 'launch_pool'] as const;
export type ArrivalLine = (typeof ARRIVAL_LINES)[number];

/** The arrival route's question, as the user asked it: which fields a line needs is its own. */
export interface ArrivalQuery {
  line: ArrivalLine;
  userId: number;
  asset?: string;
  amount?: string;
  orderId?: number;
  early: boolean;
  quick: boolean;
  pid?: number;
  rid?: number;
  simpleEarnStatus: 0 | 1;
}

/** A field the line needs for its arrival; absent: the invalid-params error of the route. */
export function arrivalParam<T>(q: ArrivalQuery, value: T | undefined, name: string): T {
  if (value === undefined)
    throw errors.invalidParams(`${name} is required for line ${q.line}`, { field: name });
  return value;
}

/**
 * One holding or record of a user in a line, as the operator console lists it: amounts as the
 * database writes them (the console trims them); `extra` holds the line's own fields.
 */
export interface ConsolePosition {
  id: string;
  product: string;
  asset: string;
  amount: string;
  status: string;
  since: number;
  extra: Record<string, unknown>;
}

/** Past records (fixed orders done, dual orders) beyond this many per line the console leaves out. */
export const CONSOLE_RECORDS_PER_LINE = 200;

/**
 * Which statement movements a view asks for (views/statements/movements.ts): one user's or every
 * user's (the daily rollup, then always with from and to), of a line, asset, movement type, in
 * [from, to).
 */
export interface MovementScope {
  userId?: number;
  line?: Line;
  asset?: string;
  type?: string;
  from?: Date;
  to?: Date;
  /**
   * The rows are only summed per user, UTC day, line, asset and type (the daily rollup): a line may
   * answer a row per day instead (at: the day's start; id and entry_id NULL), which sums the same.
   */
  perDay?: true;
}

/** A product a user can hold now: its target, asset, product_id (null where the asset names it) and rate (a fraction). */
export interface RateRow {
  target: string;
  asset: string;
  product_id: number | null;
  rate: string;
}

/**
 * Where a product line keeps the APR a user can hold, and who holds it, for the APR alerts and the
 * "APR changed" items (notify/apr-alerts). `current` answers every product of the line a user can
 * hold at `at`, with the rate it shows; `holders` yields (user_id, target). An alert names a target by
 * its asset and product_id.
 */
export interface RateLine {
  line: AprAlertLine;
  current(db: Db, at: Date): Promise<RateRow[]>;
  holders: SQL;
  /** An alert of this line must name its product (several products share an asset). */
  needsProduct: boolean;
  /**
   * The rate moves by itself between the operator's edits (a launch pool's with every stake and
   * price): holders are told of what an edit changes, not of every drift a look finds.
   */
  drifts?: boolean;
}

/**
 * What a line pays its users: the entries of `reason` draw it from the system account `purpose` (or
 * any whose purpose starts with it, when `prefix`), so the amount paid is minus that account's
 * postings in those entries. One posting per entry, whatever the number of users paid.
 */
export interface Payout {
  line: Line;
  reason: string;
  purpose: string;
  prefix: boolean;
}

/** A line's ledger vocabulary, for the views that tell ledger rows apart by line (views/lines.ts). */
export interface LineBook {
  /** Every reason code each of its lines books. */
  reasons: Partial<Record<Line, readonly string[]>>;
  /** The user account purpose whose balances are what each of its lines holds. */
  heldPurpose?: Partial<Record<Line, string>>;
  /** What it pays its users. */
  payouts?: readonly Payout[];
  /**
   * What an entry of each reason pays the user beyond moving their principal, as a statement
   * movement type (views/statements/movements.ts); a reason absent only moves principal.
   */
  income?: Readonly<Record<string, string>>;
  /** Reasons whose cost to the user is a loss, not a fee (a wealth order settled at a loss). */
  lossReasons?: readonly string[];
  /** Reasons that convert one coin into another (a dual order settled at its target). */
  conversionReasons?: readonly string[];
}

/**
 * What a product line lets the cross-line views (overview, liabilities, …) read of its tables: the
 * views loop over the modules' reads and never name a line's table, so a line's tables change with
 * the line alone. Every function takes a set of users (absent: every user) and answers in one query
 * per line, so a view never becomes a query per user.
 */
export interface LineReads {
  /** The line's ledger vocabulary: its reasons, held purposes, payouts and income. */
  book?: LineBook;
  /**
   * The user ledger purposes whose balances are holdings of this line, with the line each is shown
   * under: the view reads all of them from the ledger in one pass.
   */
  heldPurposes?: Readonly<Record<string, Line>>;
  /** User ledger purposes this line holds but values in `holdings` instead (wealth: at its NAV). */
  valuedPurposes?: readonly string[];
  /**
   * What the users hold in the line beyond their ledger balances at `at`, as a relation with the
   * columns (user_id, line, asset, amount): SQL, so that the view unions every line's into the one
   * statement the proof of liabilities needs (one consistent read of ledger and positions).
   */
  holdings?(at: Date, users?: readonly number[]): SQL;
  /** What is on its way to the users as of `now`, in no particular order. */
  upcoming?(db: Db, users: readonly number[], now: Date): Promise<UpcomingRow[]>;
  /**
   * The user's positions for the operator console's user page, per line the module serves: one
   * statement per line, none per position (the page is one user's: no set is asked for).
   */
  consolePositions?(
    db: Db,
    userId: number,
    now: Date,
  ): Promise<{ line: Line; positions: ConsolePosition[] }[]>;
  /**
   * The line's statement movements that the ledger does not show per user (flexible interest is
   * credited to a pooled account: its sub-ledger says whose), as a relation with the columns (user_id,
   * at, src, id, asset, type, amount, line, product, entry_id), src 1 (the ledger's are 0); undefined
   * when the scope asks for none of them. SQL: the view unions it with the ledger's in one statement.
   */
  movements?(scope: MovementScope): SQL | undefined;
  /** The statement rows' whys that the line reads from its records (kernel/whys.ts). */
  whys?: WhysRead;
  /** "Why this reward": the payouts the line books, re-derived from their stored records (kernel/breakdown.ts). */
  breakdown?: Partial<Record<BreakdownKind, BreakdownRead>>;
  /** Previews of the operator's rate edits of the line (kernel/impact.ts). */
  impact?: RateImpacts;
  /**
   * The console dashboard: what the line holds beyond its users' ledger balances of its purposes, as a
   * relation (line, user_id, asset, amount), unioned with the ledger's in one statement.
   */
  consoleHeld?(): SQL;
  /**
   * The console dashboard: the line's reward budgets at `now`, as a relation (line, label, kind, name,
   * ref, asset, left, paid); `left` "-1" for a programme with no funded limit.
   */
  consoleBudgets?(now: Date): SQL;
  /**
   * What the line credited to users in [from, to) as earnings (interest, rewards, bonuses), as a
   * relation (user_id, asset, amount), for the daily earnings summary: unioned in its one statement.
   */
  earnings?(from: Date, to: Date): SQL;
  /**
   * Announcements of the hour [from, to) (a launch-pool project starting or ending): per inbox kind,
   * the items as a relation (user_id, cause, params) for the users who asked for them.
   */
  announcements?(from: Date, to: Date): { kind: NotificationKind; items: SQL }[];
  /** The line's rates an APR alert can watch (simple earn has two: flexible and fixed). */
  rates?: readonly RateLine[];
  /** When a redemption would arrive in spot, by the rule the line pays by, for the arrival lines it serves. */
  redeemArrival?: Partial<Record<ArrivalLine, (db: Db, q: ArrivalQuery, now: Date) => Promise<Arrival>>>;
}
