import type { WealthProjectTypeId } from '@earn/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  assetSymbol,
  bigintId,
  createdAt,
  i18nTexts,
  idPrimaryKey,
  money,
  productRef,
  timestamps,
  ts,
  userRef,
} from './columns';

/** A private-wealth (project type 4) or asset-management (5) fund, bought in units at its NAV. */
export const wealthProducts = pgTable('wealth_products', {
  id: serial('id').primaryKey(),
  projectType: integer('project_type').$type<WealthProjectTypeId>().notNull(),
  name: text('name').notNull(),
  coin: assetSymbol('coin'),
  minPurchase: money('min_purchase').notNull(),
  /** VIP-oriented: users below this tier cannot subscribe. */
  vipMinTier: integer('vip_min_tier').notNull().default(0),
  showInterest: boolean('show_interest').notNull().default(true),
  disclaimer: text('disclaimer').notNull(),
  description: text('description').notNull(),
  i18n: i18nTexts(),
  status: text('status').notNull(),
  runStart: ts('run_start').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** The NAV series the operator publishes; a NAV settles the redemptions requested before it. */
export const wealthNavs = pgTable(
  'wealth_navs',
  {
    productId: productRef(),
    at: ts('at').notNull(),
    nav: money('nav').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.at] }), check('wealth_navs_positive', sql`${t.nav} > 0`)],
);

/** A user's holding in a product (one per user and product; "subscribe more" adds to it). */
export const wealthOrders = pgTable(
  'wealth_orders',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    productId: productRef(),
    coin: assetSymbol('coin'),
    units: money('units').notNull(),
    /** What the held units cost: the sub-ledger of the user's 'wealth' account. */
    cost: money('cost').notNull(),
    redeemingUnits: money('redeeming_units').notNull().default('0'),
    /** Gains (or losses, negative) realised by settled redemptions. */
    realized: money('realized').notNull().default('0'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('wealth_orders_user_product').on(t.userId, t.productId),
    check('wealth_orders_nonneg', sql`${t.units} >= 0 AND ${t.cost} >= 0 AND ${t.redeemingUnits} >= 0`),
  ],
);

export const wealthPurchases = pgTable(
  'wealth_purchases',
  {
    id: idPrimaryKey(),
    orderId: bigintId('order_id').notNull(),
    userId: userRef(),
    productId: productRef(),
    amount: money('amount').notNull(),
    nav: money('nav').notNull(),
    units: money('units').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wealth_purchases_order').on(t.orderId)],
);

export const wealthRedemptions = pgTable(
  'wealth_redemptions',
  {
    id: idPrimaryKey(),
    orderId: bigintId('order_id').notNull(),
    userId: userRef(),
    productId: productRef(),
    coin: assetSymbol('coin'),
    units: money('units').notNull(),
    /** The part of the order's cost these units carried, released at settlement. */
    cost: money('cost').notNull(),
    status: text('status').notNull(),
    nav: money('nav'),
    value: money('value'),
    gain: money('gain'),
    /** The NAV publication that settled it: the key of that settlement's ledger entries. */
    settledBy: text('settled_by'),
    createdAt: createdAt(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    index('wealth_redemptions_pending').on(t.productId, t.status),
    index('wealth_redemptions_order').on(t.orderId),
  ],
);
