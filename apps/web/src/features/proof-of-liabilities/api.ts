import type { LiabilityBalance, ProofStep } from '@earn/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

export interface LiabilitiesRoot {
  day: string;
  taken_at: number;
  root: string;
  leaf_count: number;
  totals: { asset: string; total: string }[];
}

export interface LiabilitiesLeaf {
  user_id: number;
  salt: string;
  index: number;
  leaf_hash: string;
  balances: LiabilityBalance[];
  path: ProofStep[];
}

export const liabilitiesQueries = {
  root: () =>
    queryOptions({
      queryKey: ['liabilities', 'root'] as const,
      queryFn: ({ signal }) =>
        request<LiabilitiesRoot | null>({ path: '/api/web/v1/earn/liabilities/root', signal }),
    }),
  proof: () =>
    queryOptions({
      queryKey: ['liabilities', 'proof'] as const,
      queryFn: ({ signal }) =>
        request<{ root: LiabilitiesRoot | null; leaf: LiabilitiesLeaf | null }>({
          path: '/api/web/v1/earn/liabilities/proof',
          signal,
        }),
    }),
};
