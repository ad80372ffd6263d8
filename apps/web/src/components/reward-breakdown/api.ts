import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../api/typed';
import type { ApiData } from '../../api/types';

/**
 * Which payout: a soft-staking day (coin and day), a flexible hour (coin and the hour's end), a
 * launch-pool hour, a staking
 * reward record or a fixed order (id).
 */
export type BreakdownTarget =
  | { kind: 'soft_staking_day'; coin: string; day: number }
  | { kind: 'flexible_hour'; coin: string; hour: number }
  /** A launch-pool hour: the pool, the reward coin and the hour's start as the reward history shows it. */
  | { kind: 'launchpool_hour'; rid: number; coin: string; hour: number }
  | { kind: 'staking_day' | 'fixed_maturity'; id: number };

/** How a payout was computed: principal, rate, period, formula and the carried fractions. */
export type RewardBreakdown = ApiData<'/api/web/v1/earn/rewards/breakdown'>;

export const breakdownQuery = (target: BreakdownTarget) =>
  queryOptions({
    queryKey: ['reward-breakdown', target] as const,
    queryFn: ({ signal }) =>
      getData('/api/web/v1/earn/rewards/breakdown', {
        query: 'id' in target ? { kind: target.kind, id: target.id } : { ...target },
        signal,
      }),
    // A paid record never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
