import type { AprAlertLine } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import type { Db } from './db';

/**
 * What the product lines and accounts tell the notify layer, which sits above them: inbox items (and
 * their mail) written in the causing transaction, and the rate observations APR alerts fire on. The
 * lines call these ports; notify implements them (notify/ports.ts) and the composition root wires
 * them (modules.ts), so no line imports notify. They run inside the caller's transaction, as before:
 * an item commits with the money it tells of, or not at all.
 */

/**
 * What the inbox holds. Each kind is created by the job or call that causes it, with a cause key
 * unique per user and kind, and rendered in the reader's language when read (params are stored).
 */
export const NOTIFICATION_KINDS = [
  'fixed_matured',
  'redemption_arrived',
  'daily_earnings',
  'apr_changed',
  'launchpool_start',
  'launchpool_end',
  'security_changed',
  'new_device',
  'apr_alert',
  'dual_settled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a redemption paid at once, and where: the `redemption_arrived` item's parameters. */
export interface Redeemed {
  userId: number;
  /** flexible, fixed, staking, launchpool … (the item's line name). */
  line: string;
  asset: string;
  amount: string;
  /** spot (default), flexible or fixed. */
  dest?: string;
  at: Date;
}

/** Inbox items (notify/inbox/create.ts, devices.ts). */
export interface Notices {
  /**
   * Items set-based: `select` yields (user_id bigint, cause text, params jsonb); a (user, kind, cause)
   * that exists already is skipped. Answers how many were created.
   */
  notifyMany(tx: Db, kind: NotificationKind, select: SQL, at: Date): Promise<number>;
  /** One item for one user; false when it existed. */
  notify(
    tx: Db,
    item: {
      userId: number;
      kind: NotificationKind;
      cause: string;
      params: Record<string, unknown>;
      at: Date;
    },
  ): Promise<boolean>;
  /** A redemption paid at once: its "redemption arrived" item. */
  notifyRedeemed(tx: Db, cause: string, r: Redeemed): Promise<boolean>;
  /** The same item as a statement of the caller's one-statement entry (no mail). */
  redeemedItemStatement(source: string, causePrefix: string, r: Redeemed): SQL;
  /**
   * The same items for several redemptions at once: `source` yields (id, user_id, line, asset,
   * amount text, at timestamptz), one row a redemption (group commit).
   */
  redeemedItemsStatement(source: string, causePrefix: string): SQL;
  /** The mail of an item written by `redeemedItemStatement`, when the user chose it. */
  mailRedeemed(tx: Db, r: Redeemed): Promise<void>;
  /** A successful sign-in: remembers the device, and tells the user of a new one. */
  recordSignIn(db: Db, sign: { userId: number; userAgent: string; address: string; at: Date }): Promise<void>;
}

/** Rate observations, on which APR-changed items and APR alerts fire (notify/apr-alerts/observe.ts). */
export interface RateWatch {
  observeRates(tx: Db, line: AprAlertLine, at: Date, opts?: { tell?: boolean }): Promise<void>;
  observeSimpleEarnRates(tx: Db, at: Date): Promise<void>;
  /** Observes the line's rates before and after `change`, in the same transaction. */
  watchRates<T>(tx: Db, line: AprAlertLine, at: Date, change: () => Promise<T>): Promise<T>;
}

/**
 * Per process on purpose: the ports are code, not state (every call is given its transaction and
 * time), the same for every server, so servers in one process (tests) share one wiring safely.
 */
const wired: { notices?: Notices; rates?: RateWatch } = {};

/** Called once by the composition root (modules.ts) before anything runs. */
export function wireNotify(ports: { notices: Notices; rates: RateWatch }): void {
  wired.notices = ports.notices;
  wired.rates = ports.rates;
}

export function notices(): Notices {
  if (!wired.notices) throw new Error('the notices port is not wired (modules.ts wires it)');
  return wired.notices;
}

export function rateWatch(): RateWatch {
  if (!wired.rates) throw new Error('the rate-watch port is not wired (modules.ts wires it)');
  return wired.rates;
}
