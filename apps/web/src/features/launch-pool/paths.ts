import type { PoolStakeMode } from '@earn/domain';

/** The page the brief names; the shell's navigation also links /launch-pool, which shows the same page. */
export const LAUNCHPOOL_PATH = '/launchpool';

/** The full mobile stake page of a pool. */
export const stakePagePath = (pid: number, rid: number) => `${LAUNCHPOOL_PATH}/stake/${pid}?rid=${rid}`;

export function successPagePath(r: {
  pid: number;
  rid: number;
  amount: string;
  mode: PoolStakeMode;
  period: number;
}): string {
  const q = new URLSearchParams({
    rid: String(r.rid),
    amount: r.amount,
    mode: r.mode,
    period: String(r.period),
  });
  return `${LAUNCHPOOL_PATH}/success/${r.pid}?${q.toString()}`;
}
