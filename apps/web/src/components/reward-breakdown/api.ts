import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

/** Which payout: a soft-staking day (coin and day), a staking reward record or a fixed order (id). */
export type BreakdownTarget =
  | { kind: 'soft_staking_day'; coin: string; day: number }
  | { kind: 'staking_day' | 'fixed_maturity'; id: number };

export interface RewardBreakdown {
  kind: BreakdownTarget['kind'];
  coin: string;
  principal: string;
  principal_coin: string;
  rate_percent: string;
  period_start: number;
  period_end: number;
  formula: string;
  gross: string;
  carry_in: string;
  total: string;
  paid: string;
  carry_out: string;
  recorded: string;
  /** false for a term paid once: carry_out is never paid rather than carried. */
  carried: boolean;
  extras: { label: 'coupon' | 'bonus'; amount: string; coin: string }[];
}

export const breakdownQuery = (target: BreakdownTarget) =>
  queryOptions({
    queryKey: ['reward-breakdown', target] as const,
    queryFn: ({ signal }) =>
      request<RewardBreakdown>({
        path: '/api/web/v1/earn/rewards/breakdown',
        query: 'id' in target ? { kind: target.kind, id: target.id } : { ...target },
        signal,
      }),
    // A paid record never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
