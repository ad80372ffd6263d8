import { date, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { assetSymbol, createdAt, money, ts, userRef } from './columns';

/** One day's proof of liabilities: the Merkle root over every user's earn balances. */
export const liabilitySnapshots = pgTable('liability_snapshots', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** The instant the balances were read (the job's run, shortly after the day began). */
  takenAt: ts('taken_at').notNull(),
  root: text('root').notNull(),
  leafCount: integer('leaf_count').notNull(),
  createdAt: createdAt(),
});

/** Per-asset sum of the day's leaves: what the root publishes. */
export const liabilityTotals = pgTable(
  'liability_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    asset: assetSymbol('asset'),
    total: money('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.asset] })],
);

/** A user's earn balance of one asset on that day, as hashed into their leaf. */
export const liabilityBalances = pgTable(
  'liability_balances',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: userRef(),
    asset: assetSymbol('asset'),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.asset] })],
);

/** A user's leaf: the salt (fresh per user per day), its position and its hash. */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: userRef(),
    salt: text('salt').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId] }),
    uniqueIndex('liability_leaves_day_idx').on(t.day, t.idx),
  ],
);

/** Every node of the day's tree, level 0 being the leaves; the single node of the top level is the root. */
export const liabilityNodes = pgTable(
  'liability_nodes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    level: integer('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.level, t.idx] })],
);
