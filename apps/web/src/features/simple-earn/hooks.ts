import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getData } from '../../api/typed';
import { useMe } from '../../app/auth';
import { seKeys } from './api/queries';

/**
 * The server's clock, as an offset from the browser's: the test clock of the demo may run days ahead,
 * and "within one hour of maturity" and chart ranges must follow the server.
 */
export function useServerTime(): { now: () => number; ready: boolean } {
  const q = useQuery({
    queryKey: ['simple-earn', 'server-time'],
    queryFn: async ({ signal }) => {
      const d = await getData('/api/health', { signal });
      return d.now - Math.floor(Date.now() / 1000);
    },
    staleTime: 30_000,
    meta: { silent: true },
  });
  const offset = q.data ?? 0;
  const now = useCallback(() => Math.floor(Date.now() / 1000) + offset, [offset]);
  return { now, ready: q.data !== undefined };
}

export function useServerNow(): () => number {
  return useServerTime().now;
}

export function useVipTier(): number {
  const { me } = useMe();
  return me?.vip_tier ?? 0;
}

/** After a money move: every simple-earn read and the balances are fetched again. */
export function useRefreshEarn(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: seKeys.all }),
      client.invalidateQueries({ queryKey: ['account'] }),
      client.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
  }, [client]);
}
