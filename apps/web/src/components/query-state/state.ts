import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** What a screen shows for one or more queries. */
export type QueryPhase = 'loading' | 'offline' | 'error' | 'empty' | 'ready';

/** The parts of a TanStack query the state needs (a real `UseQueryResult` fits). */
export type QueryLike = Pick<
  UseQueryResult<unknown, unknown>,
  'data' | 'isError' | 'isPending' | 'fetchStatus' | 'failureCount' | 'refetch'
> & { isEnabled?: boolean };

/** The browser's online flag, as TanStack Query sees it (it pauses queries while offline). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * The phase of a screen fed by `queries`. A query without data that failed once is shown as an
 * error at once, even while TanStack Query keeps retrying behind it (10 tries with back-off would
 * otherwise leave a skeleton for about a minute); a query TanStack paused because the browser is
 * offline is shown as offline. A query that is disabled (signed out) counts as settled.
 */
export function phaseOf(queries: readonly QueryLike[], online: boolean, empty = false): QueryPhase {
  const active = queries.filter((q) => q.isEnabled !== false);
  const missing = active.filter((q) => q.data === undefined);
  if (missing.some((q) => q.fetchStatus === 'paused') || (!online && missing.length > 0)) return 'offline';
  if (missing.some((q) => q.isError || q.failureCount > 0)) return 'error';
  if (missing.some((q) => q.isPending)) return 'loading';
  return empty ? 'empty' : 'ready';
}

/** Fetches every query again from scratch (a new fetch resets the failure count). */
export function retryAll(queries: readonly QueryLike[]): void {
  for (const q of queries) if (q.isEnabled !== false) void q.refetch();
}

export function useQueryPhase(queries: readonly QueryLike[], empty = false) {
  const online = useOnline();
  return { phase: phaseOf(queries, online, empty), retry: () => retryAll(queries) };
}
