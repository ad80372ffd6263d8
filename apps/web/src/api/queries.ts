import { queryOptions } from '@tanstack/react-query';
import { callApi, getData } from './typed';
import type { ApiData } from './types';

/** The specs' dedupe windows, as `staleTime`. */
export const STALE_MS = { ticker: 0, projectInfo: 5000, balance: 10_000 } as const;
/** The specs' balance polling, as `refetchInterval`. */
export const BALANCE_POLL_MS = 60_000;

/** Query keys: the first segment names the owner, so a feature can invalidate its own at once. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  earnHome: ['earn', 'home'] as const,
  balances: ['wallet', 'balances'] as const,
  outable: (assets: readonly string[]) => ['account', 'outable', [...assets].sort().join(',')] as const,
  compliance: ['account', 'compliance'] as const,
  referral: ['account', 'referral'] as const,
  tickers: (pairs: readonly string[]) => ['market', 'tickers', [...pairs].sort().join(',')] as const,
  assets: ['market', 'assets'] as const,
};

export type Me = ApiData<'/api/web/v1/auth/me'>;
export type BestOffer = ApiData<'/api/web/v1/earn/home'>['lines'][number];
export type WalletBalances = ApiData<'/api/web/v1/wallet/balances'>;
export type OutableEntry = ApiData<'/apiw/v2/account/spot/asset/outable', 'post'>[number];
export type Compliance = ApiData<'/api/web/v1/compliance/check'>;
export type Ticker = ApiData<'/apiw/v2/market/tickers'>[number];
export type MarketAsset = ApiData<'/api/web/v1/market/assets'>[number];

export const queries = {
  /** The signed-in user, or null for a visitor. A 401 here is the normal visitor answer, not an error. */
  me: () =>
    queryOptions({
      queryKey: queryKeys.me,
      // The session call answers 200 for a visitor too (user null): no failed request in the console.
      queryFn: async ({ signal }) => (await getData('/api/web/v1/auth/session', { signal })).user,
      staleTime: 60_000,
      meta: { silent: true },
    }),
  earnHome: () =>
    queryOptions({
      queryKey: queryKeys.earnHome,
      queryFn: ({ signal }) => getData('/api/web/v1/earn/home', { signal }),
      staleTime: 30_000,
    }),
  balances: () =>
    queryOptions({
      queryKey: queryKeys.balances,
      queryFn: ({ signal }) => getData('/api/web/v1/wallet/balances', { signal }),
      staleTime: STALE_MS.balance,
      refetchInterval: BALANCE_POLL_MS,
    }),
  /** The specs' availability call (POST, but a read: safe to retry). */
  outable: (assets: readonly string[]) =>
    queryOptions({
      queryKey: queryKeys.outable(assets),
      queryFn: ({ signal }) =>
        callApi('post', '/apiw/v2/account/spot/asset/outable', { body: { assets: [...assets] }, signal }),
      staleTime: STALE_MS.balance,
      refetchInterval: BALANCE_POLL_MS,
    }),
  compliance: () =>
    queryOptions({
      queryKey: queryKeys.compliance,
      queryFn: ({ signal }) => getData('/api/web/v1/compliance/check', { signal }),
      staleTime: 5 * 60_000,
    }),
  referral: () =>
    queryOptions({
      queryKey: queryKeys.referral,
      queryFn: ({ signal }) => getData('/api/web/v1/rebate/get_user_info', { signal }),
      staleTime: 5 * 60_000,
    }),
  tickers: (pairs: readonly string[]) =>
    queryOptions({
      queryKey: queryKeys.tickers(pairs),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/market/tickers', {
          query: { currency_pairs: pairs.length ? pairs.join(',') : undefined },
          signal,
        }),
      staleTime: STALE_MS.ticker,
    }),
  assets: () =>
    queryOptions({
      queryKey: queryKeys.assets,
      queryFn: ({ signal }) => getData('/api/web/v1/market/assets', { signal }),
      staleTime: 5 * 60_000,
    }),
};
