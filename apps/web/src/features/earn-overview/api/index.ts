import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { LINES } from '../../../api/lines';
import { getData } from '../../../api/typed';
import type { ApiData, ApiItem, ApiQuery } from '../../../api/types';

export type EarnOverview = ApiData<'/api/web/v1/earn/overview'>;
export type EarnEarnings = ApiData<'/api/web/v1/earn/earnings'>;
export type StatementPage = ApiData<'/api/web/v1/earn/statements'>;
export type StatementRow = ApiItem<'/api/web/v1/earn/statements'>;
export type EarnLine = EarnOverview['lines'][number]['line'];
type StatementQuery = ApiQuery<'/api/web/v1/earn/statements'>;
/** The lines a statement can be filtered by, in the filter's order. */
export const STATEMENT_LINES: readonly NonNullable<StatementQuery['line']>[] = LINES;
/** The movement types a statement can be filtered by, in the filter's order. */
export const STATEMENT_TYPES = [
  'subscribe',
  'redeem',
  'interest',
  'reward',
  'bonus',
  'fee',
  'loss',
  'convert',
] as const satisfies readonly NonNullable<StatementQuery['type']>[];

/** Filters of the statement and of its export; empty strings mean "any". */
export interface StatementFilters {
  line: string;
  asset: string;
  type: string;
  /** Unix seconds, inclusive. */
  from?: number;
  /** Unix seconds, exclusive. */
  to?: number;
}

const STATEMENT_PAGE = 20;

const filterQuery = (f: StatementFilters) => ({
  line: STATEMENT_LINES.find((x) => x === f.line),
  asset: f.asset || undefined,
  from: f.from === undefined ? undefined : String(f.from),
  to: f.to === undefined ? undefined : String(f.to),
});

export const earnOverviewQueries = {
  overview: () =>
    queryOptions({
      queryKey: ['earn', 'overview'] as const,
      queryFn: ({ signal }) => getData('/api/web/v1/earn/overview', { signal }),
      staleTime: 30_000,
    }),
  earnings: (days: number) =>
    queryOptions({
      queryKey: ['earn', 'earnings', days] as const,
      queryFn: ({ signal }) => getData('/api/web/v1/earn/earnings', { query: { days }, signal }),
      staleTime: 60_000,
    }),
  statements: (f: StatementFilters) =>
    infiniteQueryOptions({
      queryKey: ['earn', 'statements', f] as const,
      queryFn: ({ signal, pageParam }) =>
        getData('/api/web/v1/earn/statements', {
          query: {
            ...filterQuery(f),
            type: STATEMENT_TYPES.find((x) => x === f.type),
            limit: STATEMENT_PAGE,
            cursor: pageParam,
          },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
};

/** The CSV export's address: a plain download, streamed by the server straight to the file. */
export function statementsCsvUrl(f: StatementFilters, tz: string): string {
  const params = new URLSearchParams({ tz });
  for (const [k, v] of Object.entries(filterQuery(f))) if (v !== undefined) params.set(k, String(v));
  return `/api/web/v1/earn/statements.csv?${params}`;
}

/** The browser's own IANA time zone, the export's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
