import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { assetSymbol, bigintId, createdAt, idPrimaryKey, money, ts, updatedAt, userRef } from './columns';

/**
 * A dual-investment product (lines/dual): a pair (base/USDT), a direction, a target price and a
 * settlement time. `status`: open → settling → settled, failed (no fixing price; retried) or
 * canceled (withdrawn by the operator). `sold` is what orders hold of `total_quota`, moved by the
 * subscription's conditional UPDATE, so the quota is never oversold.
 */
export const dualProducts = pgTable(
  'dual_products',
  {
    id: serial('id').primaryKey(),
    baseCoin: assetSymbol('base_coin'),
    investCoin: assetSymbol('invest_coin'),
    exerciseCoin: assetSymbol('exercise_coin'),
    direction: text('direction').notNull(),
    targetPrice: money('target_price').notNull(),
    settleAt: ts('settle_at').notNull(),
    minAmount: money('min_amount').notNull(),
    /** Per user; NULL: no cap but the quota. */
    maxPerUser: money('max_per_user'),
    totalQuota: money('total_quota').notNull(),
    sold: money('sold').notNull().default('0'),
    /** A fixed APR in percent, or NULL: quoted from the pair's volatility and margin. */
    fixedApr: money('fixed_apr'),
    status: text('status').notNull(),
    fixingPrice: money('fixing_price'),
    /** Tries that found no fixing price, and when the next one is due. */
    attempts: integer('attempts').notNull().default(0),
    retryAt: ts('retry_at'),
    settledAt: ts('settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dual_products_due').on(t.status, t.settleAt),
    check('dual_products_sold', sql`${t.sold} >= 0 AND ${t.sold} <= ${t.totalQuota}`),
  ],
);

/** What the operator sets per pair for quoted products: yearly volatility and the house's margin, percents. */
export const dualPairSettings = pgTable('dual_pair_settings', {
  baseCoin: text('base_coin').primaryKey(),
  volatility: money('volatility').notNull(),
  margin: money('margin').notNull(),
  updatedAt: updatedAt(),
});

/** One settlement run of a product (or a try that found no fixing price): what the operator sees. */
export const dualSettlements = pgTable(
  'dual_settlements',
  {
    id: idPrimaryKey(),
    productId: integer('product_id').notNull(),
    /** settled | failed | canceled */
    outcome: text('outcome').notNull(),
    fixingPrice: money('fixing_price'),
    reached: boolean('reached'),
    orders: integer('orders').notNull(),
    totals: jsonb('totals').$type<Record<string, string>>().notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('dual_settlements_product').on(t.productId, t.at)],
);

/**
 * A dual-investment order (kind 'dual') or a dual sniper order ('sniper'). Orders with a product are
 * subscriptions whose money the line books (lines/dual); those without are the operator's records of
 * the spec's statuses, which move no money.
 */
export const dualOrders = pgTable(
  'dual_orders',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    kind: text('kind').notNull(),
    investCoin: assetSymbol('invest_coin'),
    exerciseCoin: assetSymbol('exercise_coin'),
    amount: money('amount').notNull(),
    targetPrice: money('target_price').notNull(),
    apr: money('apr').notNull(),
    status: text('status').notNull(),
    settleCoin: text('settle_coin'),
    settleAmount: money('settle_amount'),
    createdAt: createdAt(),
    expireAt: ts('expire_at').notNull(),
    updatedAt: updatedAt(),
    productId: integer('product_id'),
    direction: text('direction'),
    quoteId: text('quote_id'),
    /** Both outcomes, fixed at subscription (8 decimals down): what the settlement pays. */
    payoutReached: money('payout_reached'),
    payoutNotReached: money('payout_not_reached'),
    settlePrice: money('settle_price'),
    autoCompound: boolean('auto_compound').notNull().default(false),
    /** The order an auto-roll made from this one's proceeds, and the one this was rolled from. */
    rolledTo: bigintId('rolled_to'),
    rolledFrom: bigintId('rolled_from'),
    settledAt: ts('settled_at'),
  },
  (t) => [
    index('dual_orders_user').on(t.userId, t.createdAt),
    index('dual_orders_product').on(t.productId, t.status),
  ],
);
