import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/client';
import { BALANCE_POLL_MS, queries, STALE_MS } from '../api/queries';
import { backoffMs, createQueryClient, GET_RETRY_LIMIT } from '../api/queryClient';
import { retriesAction } from '../api/useApiAction';
import { createAdminQueryClient } from '../features/admin/api/http';

describe('spec constants as TanStack Query settings', () => {
  test('a GET is retried up to 10 times, only for failures that may pass, with growing backoff', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      n: number,
      e: unknown,
    ) => boolean;
    expect(GET_RETRY_LIMIT).toBe(10);
    expect(retry(0, new ApiError('network', 'x'))).toBe(true);
    expect(retry(9, new ApiError('timeout', 'x'))).toBe(true);
    expect(retry(10, new ApiError('network', 'x'))).toBe(false);
    expect(retry(0, new ApiError('api', 'x', 50000, 503))).toBe(true);
    expect(retry(0, new ApiError('api', 'x', 401, 401))).toBe(false);
    expect(retry(0, new ApiError('api', 'x', 42200, 422))).toBe(false);
    // A funding-password lock (429) lasts 15 minutes: another try only hides it.
    expect(retry(0, new ApiError('api', 'x', 10010112, 429))).toBe(false);
    expect(backoffMs(0)).toBeLessThan(backoffMs(3));
    expect(backoffMs(20)).toBe(8000);
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  test('an action (POST) is retried only for a failure that may pass, never a 4xx (issue 18 §3)', () => {
    expect(retriesAction(0, new ApiError('network', 'x'))).toBe(true);
    expect(retriesAction(2, new ApiError('api', 'x', 50300, 503))).toBe(true);
    expect(retriesAction(3, new ApiError('api', 'x', 50300, 503))).toBe(false);
    for (const [code, status] of [
      [10010106, 403],
      [10010107, 403],
      [10010111, 403],
      [10010112, 429],
      [42900, 429],
      [42200, 422],
      [40901, 409],
      [40000, 400],
      [40111, 401],
    ] as const)
      expect(retriesAction(0, new ApiError('api', 'x', code, status)), `${code}`).toBe(false);
  });

  test('dedupe windows and balance polling', () => {
    expect(STALE_MS).toEqual({ ticker: 0, projectInfo: 5000, balance: 10_000 });
    expect(queries.tickers(['BTC_USDT']).staleTime).toBe(0);
    expect(queries.balances().staleTime).toBe(10_000);
    expect(queries.balances().refetchInterval).toBe(BALANCE_POLL_MS);
    expect(BALANCE_POLL_MS).toBe(60_000);
  });

  test('a write made offline is tried at once and fails, never held to go out on reconnecting', async () => {
    for (const client of [createQueryClient(), createAdminQueryClient()]) {
      const send = vi.fn(async () => {
        throw new ApiError('network', 'offline');
      });
      onlineManager.setOnline(false);
      try {
        const observer = new MutationObserver(client, { mutationFn: send, meta: { silent: true } });
        const outcome = await Promise.race([
          observer.mutate().then(
            () => 'sent',
            () => 'failed',
          ),
          new Promise((resolve) => setTimeout(() => resolve('held'), 100)),
        ]);
        expect(outcome).toBe('failed');
      } finally {
        onlineManager.setOnline(true);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(send).toHaveBeenCalledTimes(1);
    }
  });
});
