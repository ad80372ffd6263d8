import type { HistoryQuery } from '../store/history';

/** The history filters both history routes take, as their query strings name them. */
interface HistoryFilters {
  page: number;
  limit: number;
  type: number;
  asset?: string;
  start_at?: number;
  end_at?: number;
}

/**
 * A history route's query string as the store reads it. Only flexible history has daily rows and a
 * time zone; fixed history leaves them at hourly rows in UTC.
 */
export function historyQuery(
  q: HistoryFilters,
  rows: { daily: boolean; tzMinutes: number } = { daily: false, tzMinutes: 0 },
): HistoryQuery {
  return {
    page: q.page,
    limit: q.limit,
    type: q.type,
    asset: q.asset?.toUpperCase(),
    startAt: q.start_at,
    endAt: q.end_at,
    daily: rows.daily,
    tzMinutes: rows.tzMinutes,
  };
}
