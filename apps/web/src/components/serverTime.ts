import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getData } from '../api/typed';
import { formatDate } from '../i18n';
import type { QueryLike } from './query-state/state';

/**
 * An instant as the server states it: in UTC, with the zone written out, so a promised arrival reads
 * the same for every user wherever their browser's clock is set.
 */
export function formatServerTime(unixSeconds: number): string {
  return formatDate(unixSeconds, true);
}

export const SERVER_TIME_KEY = ['server-time'] as const;

/**
 * The server's clock as an offset from the browser's, measured once a minute: every "now" the screens
 * compute (first distribution, record ranges, maturity locks, countdowns) follows the server, so a
 * wrong device clock, or the demo's test clock days ahead, changes nothing the user sees.
 */
export function useServerClock(): { now: () => number; ready: boolean; query: QueryLike } {
  const q = useQuery({
    queryKey: SERVER_TIME_KEY,
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const d = await getData('/api/health', { signal });
      return d.now * 1000 - (sent + Date.now()) / 2;
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
  const offsetMs = q.data ?? 0;
  /** Now on the server's clock, in unix seconds. */
  const now = useCallback(() => Math.floor((Date.now() + offsetMs) / 1000), [offsetMs]);
  // `query` for a screen that waits on the clock (QueryState): its failure is shown, not waited on.
  return { now, ready: q.data !== undefined, query: q };
}
