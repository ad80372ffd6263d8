import type { AppDeps } from '../http/context';
import { reconcileAndRecord } from '../ledger/reconcile';
import { priceHistoryJob } from '../market/prices';
import { partitionsJob } from '../partitions/partitions';
import { retentionJob } from '../retention/retention';
import type { Job } from './scheduler';

/**
 * Hourly reconciliation (a kept report per hour tells the operator when the books last agreed), the
 * hourly price record of every asset, the cleanup of rows past their retention window, and the histories' partitions made ahead of the clock.
 */
export function coreJobs(_deps: AppDeps): Job[] {
  return [
    {
      name: 'ledger.reconcile',
      periodSeconds: 3600,
      run: async (tx, period) => {
        await reconcileAndRecord(tx, { at: period.end, trigger: 'job', periodStart: period.start });
      },
    },
    retentionJob(),
    priceHistoryJob(),
    partitionsJob(),
  ];
}
