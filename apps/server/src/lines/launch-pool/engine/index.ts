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
      // An hour that ends no project interleaves with another line's batch (Job.interleaves): it writes
      // the pools' own rows (launchpool_pools, _pool_coins, _positions, _rewards, _interest, the
      // staged _hour_paid), its payouts' journal entries (balances of users' spot and the house's
      // accounts, accounts it creates: a flexible window's resume checks again that the accounts it
      // posts to exist, and an account once created stays) and the line's own rate observations
      // (apr_observations of 'launchpool'). Of simple earn it only reads the products (live.ts: the
      // auto-earn rates, terms a flexible hour does not write), at its own instant as it would alone.
      // It touches none of what the flexible plan reads: positions, pending amounts, frozen
      // redemptions, auto-earn switches, products. (Spot balances it credits matter to the flexible
      // hour only through an auto-earn sweep, and a window with auto-earn on is never resumed.)
      // An hour that ends a project does: settle.ts returns auto-earn stakes into simple earn
      // (subscribeFlexible: a position, a pending amount whose sum the window's plan books with, a
      // fixed order), so such an hour (an unsettled project whose end_at is by the hour's end, as
      // settleEndedProjects selects them) ends the batch's resume and the next flexible hour is planned
      // afresh.
      interleaves: async (db, _from, to) => {
        const [found] = await rows<{ any: boolean }>(
          db,
          sql`SELECT EXISTS (SELECT 1 FROM launchpool_projects WHERE settled_at IS NULL AND end_at <= ${to.toISOString()}::timestamptz) AS any`,
        );
        return found?.any === false;
      },
    },
  ];
}
