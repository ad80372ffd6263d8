import { queryOptions } from '@tanstack/react-query';
import { BALANCE_POLL_MS } from '../../../api/queries';
import { getData } from '../../../api/typed';
import type { ApiData, ApiItem } from '../../../api/types';

export const SOFT_STAKING_BASE = '/apiw/v2/earn/soft-staking';

export type SoftStakingStatus = ApiData<'/apiw/v2/earn/soft-staking/status'>;
export type CoinAmount = SoftStakingStatus['total_payout'][number];
export type SoftStakingCoin = ApiItem<'/apiw/v2/earn/soft-staking/products'>;
export type Payout = ApiItem<'/apiw/v2/earn/soft-staking/payout-history'>;

export const softStakingKeys = {
  all: ['soft-staking'] as const,
  status: ['soft-staking', 'status'] as const,
  products: ['soft-staking', 'products'] as const,
  payouts: (page: number) => ['soft-staking', 'payouts', page] as const,
};

export const softStakingQueries = {
  status: () =>
    queryOptions({
      queryKey: softStakingKeys.status,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/soft-staking/status', { signal }),
    }),
  products: () =>
    queryOptions({
      queryKey: softStakingKeys.products,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/soft-staking/products', { signal }),
      refetchInterval: BALANCE_POLL_MS,
    }),
  payouts: (page: number) =>
    queryOptions({
      queryKey: softStakingKeys.payouts(page),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/soft-staking/payout-history', { query: { page, limit: 10 }, signal }),
    }),
};

/** The agreement, locale-prefixed when the language is not English (section 2). */
export function agreementPath(language: string): string {
  return language === 'en' || language.startsWith('en-')
    ? '/soft-staking/agreement'
    : `/${language}/soft-staking/agreement`;
}
