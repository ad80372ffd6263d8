import type { Job } from '../../../infra/jobs/scheduler';
import { DAY_MS, HOUR_MS } from '../model';
import { anyMaturing, fixedMaturity, runFixedMaturity } from './fixed-maturity';
import { runFlexibleHours } from './flexible-batch';
import { flexibleHour, runFlexibleHour } from './flexible-hour';

export { fixedMaturity, runFixedMaturity } from './fixed-maturity';
export { runFlexibleHours } from './flexible-batch';
export { flexibleHour, runFlexibleHour } from './flexible-hour';
/**
 * Simple earn's periodic jobs, one job a file: the flexible hour (flexible-hour.ts: its plan, the
 * shards' booking and the close in flexible-plan.ts and flexible-book.ts, then frozen redemptions and
 * auto-earn) and the day's fixed maturities (fixed-maturity.ts, the due orders' steps in fixed-due.ts).
 * The money rules are the SQL functions of migration 0043 (the domain's formulas.ts).
 */
export { bonusTiers } from './flexible-plan';

export const FLEX_HOURLY_JOB = 'simple-earn.flexible-hourly';
export const FIXED_DAILY_JOB = 'simple-earn.fixed-maturity';

export function simpleEarnJobs(): Job[] {
  return [
    {
      name: FLEX_HOURLY_JOB,
      periodSeconds: HOUR_MS / 1000,
      run: (tx, period) => runFlexibleHour(tx, period),
      sharded: flexibleHour,
      // Quiet hours of a clock advance booked at once (flexible-batch.ts).
      batch: { run: runFlexibleHours },
    },
    {
      name: FIXED_DAILY_JOB,
      periodSeconds: DAY_MS / 1000,
      offsetSeconds: 1800,
      run: runFixedMaturity,
      sharded: fixedMaturity,
      // A day with no order maturing reads and writes nothing (flexible hours may run ahead of it).
      independent: async (db, _from, to) => !(await anyMaturing(db, to)),
    },
  ];
}
