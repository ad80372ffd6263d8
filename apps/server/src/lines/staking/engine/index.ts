import type { Job } from '../../../infra/jobs/scheduler';
import { idleBatch } from '../../../kernel/jobs';
import { nextArrival, settleArrivals } from './arrivals';
import { DAY_SECONDS } from './day-terms';
import { runRewardDay, stakingDay } from './rewards';

/**
 * Staking's periodic jobs, one a file: the day's rewards (rewards.ts, the base rate by earn_day_reward
 * and each campaign by earn_campaign_reward; the terms and shards in day-terms.ts), the day's APR
 * points (rate-points.ts) and redemptions' arrivals (arrivals.ts).
 */
export { nextArrival, settleArrivals } from './arrivals';
export { recordRatePoints, recordTodayPoint } from './rate-points';
export { runRewardDay, stakingDay } from './rewards';

export function stakingJobs(): Job[] {
  return [
    {
      name: 'staking.rewards',
      periodSeconds: DAY_SECONDS,
      run: (tx, period) => runRewardDay(tx, period),
      sharded: stakingDay,
      // It reads staking's own rows only and books its rewards (balances added to, accounts made if
      // missing), which no other line's batch reads: such a batch may run ahead of its day. (A batch
      // plans only when every account it posts to exists, so an account the day would make first
      // only keeps a batch from planning.)
      independent: true,
    },
    {
      // Arrivals land at their exact time through `due` (every scheduler pass, and every arrival a test
      // clock passes). The hourly period is a sweep of the same state-based work, a safety net.
      name: 'staking.arrivals',
      periodSeconds: 3600,
      run: async (tx, period) => {
        await settleArrivals(tx, period.end);
      },
      due: { next: nextArrival, run: settleArrivals },
      // The hours before the next arrival settle nothing: a clock advance records them at once.
      batch: idleBatch(async (db, first, max) => {
        const at = await nextArrival(db);
        return at ? Math.ceil((at.getTime() - first.start.getTime()) / 3_600_000) - 1 : max;
      }),
      // Until the next arrival, its hours move nothing (another line's batch may run ahead of them).
      independent: async (db, _from, to) => {
        const at = await nextArrival(db);
        return !at || at.getTime() > to.getTime();
      },
    },
  ];
}
