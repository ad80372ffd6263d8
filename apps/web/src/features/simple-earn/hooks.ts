import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMe } from '../../app/auth';
import { useServerClock } from '../../components/serverTime';
import { seKeys } from './api/queries';

/** The server's clock (see components/serverTime.ts): maturity locks and chart ranges follow it. */
export function useServerTime(): ReturnType<typeof useServerClock> {
  return useServerClock();
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
