import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../../api/typed';
import type { ApiData } from '../../../api/types';

/** The newest published liabilities root, null before the first snapshot. */
export type LiabilitiesRoot = NonNullable<ApiData<'/api/web/v1/earn/liabilities/root'>>;
/** The signed-in user's leaf and its path to the root. */
export type LiabilitiesLeaf = NonNullable<ApiData<'/api/web/v1/earn/liabilities/proof'>['leaf']>;

export const liabilitiesQueries = {
  root: () =>
    queryOptions({
      queryKey: ['liabilities', 'root'] as const,
      queryFn: ({ signal }) => getData('/api/web/v1/earn/liabilities/root', { signal }),
    }),
  proof: () =>
    queryOptions({
      queryKey: ['liabilities', 'proof'] as const,
      queryFn: ({ signal }) => getData('/api/web/v1/earn/liabilities/proof', { signal }),
    }),
};
