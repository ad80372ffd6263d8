import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPrimaryKey, ts } from './columns';

/**
 * A long test-clock advance that runs in the background on one instance. Its progress is kept here,
 * so any instance answers for it; at most one runs at a time (the partial unique index).
 */
export const clockAdvances = pgTable(
  'clock_advances',
  {
    id: idPrimaryKey(),
    /** running, done or failed. */
    status: text('status').notNull(),
    /** The clock when the advance started, where it is going, and where it stood after the last chunk. */
    fromAt: ts('from_at').notNull(),
    toAt: ts('to_at').notNull(),
    at: ts('at').notNull(),
    /** job_runs periods that ended within (from_at, at]. */
    periodsRun: integer('periods_run').notNull().default(0),
    error: text('error'),
    /** The instance running it, and who started it (the audit trail's actor). */
    instance: text('instance').notNull(),
    actor: text('actor').notNull(),
    // Wall-clock times of the database (infrastructure, not business time): a running advance whose
    // heartbeat stopped belongs to an instance that died, and no longer blocks the next one.
    createdAt: ts('created_at').notNull(),
    heartbeatAt: ts('heartbeat_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('clock_advances_one_running').on(t.status).where(sql`${t.status} = 'running'`),
    check('clock_advances_status', sql`${t.status} IN ('running', 'done', 'failed')`),
  ],
);
