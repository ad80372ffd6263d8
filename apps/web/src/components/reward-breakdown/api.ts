import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../api/typed';
import type { ApiData, ApiItem } from '../../api/types';

/**
 * Which payout: a soft-staking day (coin and day), a flexible hour or its bonus (coin and the hour's
 * end), a launch-pool hour's reward or auto-earn interest, a staking reward record (base or campaign)
 * or a fixed order (id).
 */
export type BreakdownTarget =
  | { kind: 'soft_staking_day'; coin: string; day: number }
  | { kind: 'flexible_hour'; coin: string; hour: number }
  /** A flexible hour's bonus: the holding's coin (which may differ from the award coin) and the hour's end. */
  | { kind: 'flexible_bonus_hour'; coin: string; hour: number }
  /** A launch-pool hour's auto-earn interest: the pool and the hour's start. */
  | { kind: 'launchpool_interest_hour'; rid: number; hour: number }
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

/** A statement row's "why" as the server answers it (the statement and each line's records). */
export type StatementWhy = NonNullable<ApiItem<'/api/web/v1/earn/statements'>['why']>;

/**
 * What a statement row's "why" opens: its payout, or each reward record a staking day's payment sums.
 * A dual settlement's why carries its facts (fixing price, target, rule) itself: no breakdown to open.
 */
export function targetsOfWhy(why: StatementWhy): BreakdownTarget[] {
  if (why.kind === 'dual_settlement') return [];
  return why.kind === 'staking_day' ? why.ids.map((id) => ({ kind: 'staking_day', id })) : [why];
}
