import type { DualDirection } from '@earn/domain';

/** What a product is in: open for subscriptions, then settling, settled, failed (retried) or canceled. */
export const PRODUCT_STATUSES = ['open', 'settling', 'settled', 'failed', 'canceled'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Journal reasons of the dual line. */
export const DualReason = {
  subscribe: 'dual_subscribe',
  settle: 'dual_settle',
  cancel: 'dual_cancel',
  roll: 'dual_roll',
} as const;

/** The user's account holding what is invested in dual orders (a liability, like every user account). */
export const DUAL_PURPOSE = 'dual';

/**
 * The house's sides of a settlement: `dual_interest` pays the interest of orders settled in the coin
 * they invested (and of canceled ones); `dual_conversion` is the desk that takes the invested coin of
 * a converted order and pays the other coin at the target.
 */
export const DualHouse = {
  interest: 'dual_interest',
  conversion: 'dual_conversion',
} as const;

/**
 * How long a quote stands: a subscription carrying an older one is refused as expired (with the new
 * quote), so the APR a user confirms is at most this old.
 */
export const QUOTE_TTL_SECONDS = 60;
/** A product stops taking subscriptions this long before its settlement time. */
export const SUBSCRIBE_CUTOFF_SECONDS = 3600;
/** How long a settlement that found no fixing price waits before it tries again. */
export const RETRY_SECONDS = 3600;
/**
 * A fixing price is the latest price recorded at or before the settlement time, and no older than
 * this (the hourly record plus slack): an older one was not "in force" but a feed that stopped.
 */
export const FIXING_MAX_AGE_SECONDS = 2 * 3600;

export interface ProductRow {
  id: number;
  baseCoin: string;
  investCoin: string;
  exerciseCoin: string;
  direction: DualDirection;
  targetPrice: string;
  settleAt: Date;
  minAmount: string;
  maxPerUser: string | null;
  totalQuota: string;
  sold: string;
  fixedApr: string | null;
  status: ProductStatus;
  fixingPrice: string | null;
  attempts: number;
  retryAt: Date | null;
  settledAt: Date | null;
  createdAt: Date;
}

export interface PairSettings {
  baseCoin: string;
  volatility: string;
  margin: string;
}

/** A product's quote: the APR it pays for a subscription made within the quote's life. */
export interface Quote {
  quoteId: string;
  /** Percent a year, 2 decimals. */
  apr: string;
  issuedAt: number;
  expiresAt: number;
}

export interface OrderRow {
  id: number;
  userId: number;
  kind: string;
  investCoin: string;
  exerciseCoin: string;
  amount: string;
  targetPrice: string;
  apr: string;
  /** One of DUAL_ORDER_STATUSES. */
  status: string;
  settleCoin: string | null;
  settleAmount: string | null;
  createdAt: Date;
  expireAt: Date;
  updatedAt: Date;
  productId: number | null;
  direction: string | null;
  /** The quote subscribed at (`<product>-<issued>-<digest>`), `roll` for an auto-roll, null for a record. */
  quoteId: string | null;
  payoutReached: string | null;
  payoutNotReached: string | null;
  settlePrice: string | null;
  autoCompound: boolean;
  rolledTo: number | null;
  rolledFrom: number | null;
  settledAt: Date | null;
}
