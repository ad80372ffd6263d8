import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isTransient } from './client';
import { handleApiError } from './errors';

/** The specs: a failed GET is retried up to 10 times. */
export const GET_RETRY_LIMIT = 10;
/** A POST is retried only with its Idempotency-Key (see `useApiAction`), and only a few times. */
export const POST_RETRY_LIMIT = 3;

/** Exponential backoff from 500 ms, capped at 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8000);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean; action?: string };
  }
}

/**
 * Spec constants as TanStack Query settings: retries here, dedupe windows as `staleTime` and polling
 * as `refetchInterval` in `queries.ts`. Every failure reaches `handleApiError` once, after its retries,
 * unless the query or mutation says `meta: {silent: true}`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) handleApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) handleApiError(error, { action: mutation.meta?.action });
      },
    }),
    defaultOptions: {
      queries: {
        // Only failures that may pass on another try: retrying a 401 or a rule failure changes nothing.
        retry: (failureCount, error) => failureCount < GET_RETRY_LIMIT && isTransient(error),
        retryDelay: backoffMs,
        refetchOnWindowFocus: false,
      },
      // A write is sent now or fails now: TanStack's default ('online') holds a write made offline
      // and sends it on reconnecting, after its dialog may have been cancelled (two launch-pool
      // stakes went out that way). The dialogs also say they are offline and keep submit off.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
