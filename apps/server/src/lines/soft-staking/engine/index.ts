import type { Job } from '../../../infra/jobs/scheduler';
import { runSoftStakingDay, softStakingDay } from './day';
import { SOFT_STAKING_DAILY_JOB } from './reasons';

/** Soft staking's daily job (day.ts: the day's payout by earn_day_reward, carried, and the snapshots). */
export { runSoftStakingDay, softStakingDay } from './day';
export { SOFT_STAKING_DAILY_JOB, SOFT_STAKING_REWARDS, SoftStakingReason } from './reasons';

export function softStakingJobs(): Job[] {
  return [
    {
      name: SOFT_STAKING_DAILY_JOB,
      periodSeconds: 86_400,
      run: (tx, period) => runSoftStakingDay(tx, period),
      sharded: softStakingDay,
      // Soft staking's own rows and its payouts' entries: another line's batch goes on across its day.
      interleaves: true,
    },
  ];
}
