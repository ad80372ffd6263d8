import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { assetSymbol, createdAt, idPrimaryKey, money, ts, updatedAt, userRef } from './columns';

/**
 * A dual-investment order (kind 'dual') or a dual sniper order ('sniper'), as a record with its status.
 * Only the statuses are in scope: these records move no money.
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
  },
  (t) => [index('dual_orders_user').on(t.userId, t.createdAt)],
);
