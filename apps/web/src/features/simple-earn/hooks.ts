import { SimpleEarnProductType } from '@earn/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMe } from '../../app/auth';
import { useServerClock } from '../../components/serverTime';
import { seKeys, subscribeCheckQuery } from './api/queries';
import type { FixedProduct } from './api/types';

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

/**
 * A special product's eligibility for the signed-in user: true or false once the server has said,
 * null while unknown (loading, failed, a visitor) and for any other product (`special` false). The
 * query is for a screen to show its state (QueryState).
 */
export function useSpecialEligibility(product: Pick<FixedProduct, 'id' | 'type'> | undefined) {
  const { isLoggedIn } = useMe();
  const special = product?.type === SimpleEarnProductType.special;
  const query = useQuery({ ...subscribeCheckQuery(product?.id ?? 0), enabled: isLoggedIn && special });
  return { special, eligible: special && isLoggedIn ? (query.data ?? null) : null, query };
}
