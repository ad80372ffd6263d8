import type { Job } from '../infra/jobs/scheduler';
import type { AppDeps } from '../kernel/deps';
import { reconcileAndRecord } from '../ledger/reconcile';
import { priceHistoryJob } from '../market/prices';
import { partitionsJob } from './partitions/partitions';
import { retentionJob } from './retention/retention';

/**
 * Hourly reconciliation (a kept report per hour tells the operator when the books last agreed), the
 * hourly price record of every asset, the cleanup of rows past their retention window, and the
 * histories' partitions made ahead of the clock. Reconciliation coalesces: hours due at once (a clock
 * advance, a restart after downtime) are checked once, at the last one's end, by one report whose
 * period_start is the first hour it covers. It reads the books as they stand, so checking each hour
 * of a year's advance on its way would cost a scan of the whole history per hour and tell no more.
 */
export function coreJobs(_deps: AppDeps): Job[] {
  return [
    {
      name: 'ledger.reconcile',
      periodSeconds: 3600,
      coalesce: true,
      run: async (tx, period) => {
        await reconcileAndRecord(tx, { at: period.end, trigger: 'job', periodStart: period.start });
      },
    },
    retentionJob(),
    priceHistoryJob(),
    partitionsJob(),
  ];
}
