import { rows, sql } from '../../../infra/db/client';
import type { Job } from '../../../infra/jobs/scheduler';
import { idleBatch } from '../../../kernel/jobs';
import { rateWatch } from '../../../kernel/notices';
import { launchPoolHour, payHour } from './hour';
import { settleEndedProjects } from './settle';

/**
 * Launch pool's hourly job, one step a file: the pools' indices (indices.ts: the reward accumulators
 * and the auto-earn interest indices) brought to a moment (advance.ts), the hour paid (hour.ts, each
 * further coin of a multi-mining pool in hour-coins.ts) and ended projects settled (settle.ts).
 */
export type { PoolCoinRow, PoolRow, ProjectRow } from '../model';
export { advancePoolCoins } from './advance';
export { launchPoolHour, payHour } from './hour';
export {
  type AutoEarnRates,
  accruedAt,
  accruedInterestAt,
  accumulatorAt,
  interestIndexFor,
  type PoolIndices,
  poolIndicesSet,
  rewardAccAt,
} from './indices';
export { settleEndedProjects } from './settle';

/**
 * Hourly: pay the hour, then end what has ended (its last hour is paid first), then look at the pools'
 * derived APRs: they move with every stake and price, and alerts on them fire at the hour.
 */
export function launchPoolJobs(): Job[] {
  return [
    {
      name: 'launchpool.hourly',
      periodSeconds: 3600,
      run: async (tx, period) => {
        await payHour(tx, period);
        await settleEndedProjects(tx, period.end);
        await rateWatch().observeRates(tx, 'launchpool', period.end, { tell: false });
      },
      sharded: launchPoolHour,
      // With no project unsettled, an hour pays, ends and observes nothing: a clock advance records such hours at once.
      batch: idleBatch(async (db, _first, max) => {
        const [found] = await rows<{ any: boolean }>(
          db,
          sql`SELECT EXISTS (SELECT 1 FROM launchpool_projects WHERE settled_at IS NULL) AS any`,
        );
        return found?.any === false ? max : 0;
      }),
      // With no project started and unsettled, its hours pay nothing and end nothing (a project's end
      // returns stakes into flexible): another line's batch may run ahead of them.
      independent: async (db, _from, to) => {
        const [found] = await rows<{ any: boolean }>(
          db,
          sql`SELECT EXISTS (SELECT 1 FROM launchpool_projects WHERE settled_at IS NULL AND start_at < ${to.toISOString()}::timestamptz) AS any`,
        );
        return found?.any === false;
      },
    },
  ];
}
