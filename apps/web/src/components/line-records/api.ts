import { infiniteQueryOptions } from '@tanstack/react-query';
import { getData } from '../../api/typed';
import type { ApiItem } from '../../api/types';

export type RecordRow = ApiItem<'/api/web/v1/earn/statements'>;
/** The lines with an all-coin record list of their own. */
export type RecordLine = 'staking' | 'launch_pool';
export type RecordType = RecordRow['type'];

/** A line's records, narrowed by coin, type and a range of UTC days; empty strings mean "any". */
export interface RecordFilter {
  line: RecordLine;
  coin: string;
  type: RecordType | '';
  /** YYYY-MM-DD, UTC, inclusive. */
  from: string;
  /** YYYY-MM-DD, UTC, inclusive. */
  to: string;
}

export const RECORD_PAGE = 20;
const DAY_SECONDS = 86_400;

/** A UTC day's first second, unix seconds; undefined for no day. */
export function dayStart(day: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/** The statement's query: `to` is exclusive there, so the range ends after its last day. */
export function statementQuery(f: RecordFilter) {
  const from = dayStart(f.from);
  const toDay = dayStart(f.to);
  return {
    line: f.line,
    asset: f.coin.trim().toUpperCase() || undefined,
    from: from === undefined ? undefined : String(from),
    to: toDay === undefined ? undefined : String(toDay + DAY_SECONDS),
  };
}

/**
 * The line's stakes, redemptions and rewards, newest first, paged by the statement's cursor (the
 * ledger's movements: GET /api/web/v1/earn/statements with the line fixed).
 */
export const recordQueries = {
  list: (f: RecordFilter) =>
    infiniteQueryOptions({
      queryKey: ['earn', 'statements', 'line', f] as const,
      queryFn: ({ signal, pageParam }) =>
        getData('/api/web/v1/earn/statements', {
          query: { ...statementQuery(f), type: f.type || undefined, limit: RECORD_PAGE, cursor: pageParam },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
};

/** The export of the same rows (every type; the CSV has a column for it), times in UTC as the screen shows them. */
export function recordsCsvUrl(f: RecordFilter): string {
  const params = new URLSearchParams({ tz: 'UTC' });
  for (const [k, v] of Object.entries(statementQuery(f))) if (v !== undefined) params.set(k, v);
  return `/api/web/v1/earn/statements.csv?${params}`;
}
