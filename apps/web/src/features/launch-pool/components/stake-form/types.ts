import type { PoolStakeMode } from '@earn/domain';

export interface StakeResult {
  pid: number;
  rid: number;
  coin: string;
  amount: string;
  mode: PoolStakeMode;
  period: number;
}
