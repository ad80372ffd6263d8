import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { assetSymbol, bigintId, createdAt, money, ts, updatedAt, userRef } from './columns';

/** A coin that earns soft-staking payouts while it sits in spot. `rate` is percent a year. */
export const softStakingCoins = pgTable('soft_staking_coins', {
  coin: text('coin').primaryKey(),
  rate: money('rate').notNull(),
  /** Below this eligible balance a day earns nothing. */
  minAmount: money('min_amount').notNull(),
  /** The most of a balance that earns; -1 for no cap. */
  maxAmount: money('max_amount').notNull(),
  status: text('status').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
});

/** The user's switch; `enabledAt` is when it was last turned on (a day earns only if on all day). */
export const softStakingUsers = pgTable('soft_staking_users', {
  userId: bigintId('user_id').primaryKey(),
  enabled: boolean('enabled').notNull(),
  enabledAt: ts('enabled_at'),
  disabledAt: ts('disabled_at'),
  updatedAt: updatedAt(),
});

/** Eligible spot balances of switched-on users, taken at each UTC midnight. */
export const softStakingSnapshots = pgTable(
  'soft_staking_snapshots',
  {
    at: ts('at').notNull(),
    userId: userRef(),
    coin: assetSymbol('coin'),
    balance: money('balance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.at, t.userId, t.coin] })],
);

/** A day's payout: on the lower of the day's opening snapshot and the closing balance. */
export const softStakingPayouts = pgTable(
  'soft_staking_payouts',
  {
    day: ts('day').notNull(),
    userId: userRef(),
    coin: assetSymbol('coin'),
    eligible: money('eligible').notNull(),
    rate: money('rate').notNull(),
    gross: money('gross').notNull(),
    amount: money('amount').notNull(),
    carry: money('carry').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.coin] }),
    index('soft_staking_payouts_user').on(t.userId, t.day),
  ],
);

export const softStakingCarries = pgTable(
  'soft_staking_carries',
  {
    userId: userRef(),
    coin: assetSymbol('coin'),
    carry: money('carry').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coin] })],
);
