import { pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { assetSymbol, money, ts, userRef } from './columns';

/**
 * Each user's statement movements summed per UTC day, line, asset and movement type (overview/rollup.ts):
 * the closed days' earnings read from here instead of the whole history. Rewritten whole per day by the
 * daily job, so a rerun of a day leaves the same rows.
 */
export const earnDailyRollup = pgTable(
  'earn_daily_rollup',
  {
    userId: userRef(),
    /** The UTC day's start. */
    day: ts('day').notNull(),
    line: text('line').notNull(),
    asset: assetSymbol('asset'),
    /** The statement's movement type (subscribe, redeem, interest, reward, bonus, fee, loss). */
    type: text('type').notNull(),
    /** Σ of the day's movements' signed amounts. */
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.line, t.asset, t.type] })],
);

/**
 * How far the rollup reaches: every UTC day before `rolled_until` is in earn_daily_rollup, and readers
 * take the movements from it onwards live. One row (id 1).
 */
export const earnRollupState = pgTable('earn_rollup_state', {
  id: smallint('id').primaryKey(),
  rolledUntil: ts('rolled_until').notNull(),
});
