import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A dual-investment order (kind 'dual') or a dual sniper order ('sniper'), as a record with its status.
 * Only the statuses are in scope: these records move no money.
 */
export const dualOrders = pgTable(
  'dual_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    investCoin: text('invest_coin').notNull(),
    exerciseCoin: text('exercise_coin').notNull(),
    amount: money('amount').notNull(),
    targetPrice: money('target_price').notNull(),
    apr: money('apr').notNull(),
    status: text('status').notNull(),
    settleCoin: text('settle_coin'),
    settleAmount: money('settle_amount'),
    createdAt: ts('created_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('dual_orders_user').on(t.userId, t.createdAt)],
);
