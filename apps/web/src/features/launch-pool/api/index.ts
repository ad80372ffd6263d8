import { queryOptions } from '@tanstack/react-query';
import { STALE_MS } from '../../../api/queries';
import { callApi, getData } from '../../../api/typed';
import type { ApiBody, ApiData, ApiItem } from '../../../api/types';

/**
 * The launch-pool calls (launch-pool.md section 7). The answers' types come from the API document
 * (apps/web/src/api/schema.d.ts, generated from the server's response schemas).
 */
export const LAUNCHPOOL_BASE = '/apiw/v2/earn/launch-pool';

export type Project = ApiData<'/apiw/v2/earn/launch-pool/project-info'>;
export type RewardPool = Project['reward_pools'][number];
/** Simple earn's live auto-earn offer for the pool's coin. */
export type PoolSimpleEarn = NonNullable<RewardPool['simple_earn']>;
/**
 * The pool's APR derived live by the server (@earn/domain derivedPoolApr): per reward coin reward per
 * hour × price × 8,760 ÷ (total staked × stake price), summed. Percent; null with the reason.
 */
export type DerivedApr = NonNullable<RewardPool['derived_apr']>;
/** A signed-in user's limits in a pool. */
export type PoolUserLimits = NonNullable<RewardPool['user']>;
/** A coin a pool pays: the project's token first; a multi-mining pool pays further coins too. */
export type PoolRewardCoin = RewardPool['reward_coins'][number];
export type PoolStat = ApiData<'/apiw/v2/earn/launch-pool/user-project-statistics'>[number];
export type CoinReward = PoolStat['rewards'][number];
export type MyStake = ApiItem<'/apiw/v2/earn/launch-pool/my-stakes'>;
export type MyReward = ApiItem<'/apiw/v2/earn/launch-pool/my-rewards'>;
export type EarnMoreItem = ApiItem<'/apiw/v2/earn/launch-pool/earn-more'>;
export type BorrowCoinSetting = ApiData<'/apiw/v2/earn/borrow-coin-settings'>[number];
export type StakeAnswer = ApiData<'/apiw/v2/earn/launch-pool/create-order', 'post'>;
export type StakeBody = ApiBody<'/apiw/v2/earn/launch-pool/create-order'>;
export type RedeemAnswer = ApiData<'/apiw/v2/earn/launch-pool/redeem', 'post'>;
export type RedeemBody = ApiBody<'/apiw/v2/earn/launch-pool/redeem'>;

export interface Paged<T> {
  list: T[];
  total: number;
}

export const CANDYDROP_SUBSCRIBED = 1;
export const CANDYDROP_UNSUBSCRIBED = 2;
export const STARTUP_MINING_SWITCH = 'startup_mining_switch';
export const HODLER_NOTIFY = 'HODLER_AIRDROP_NOTIFY';

/** Every launch-pool answer sits under this first key segment, so one invalidation refreshes them all. */
export const lpKeys = {
  all: ['launchpool'] as const,
  projects: (state: number) => ['launchpool', 'projects', state] as const,
  project: (pid: number) => ['launchpool', 'project', pid] as const,
  stats: (pid: number) => ['launchpool', 'stats', pid] as const,
  userStat: ['launchpool', 'user-stat'] as const,
  earnMore: (coin: string) => ['launchpool', 'earn-more', coin] as const,
  borrowSettings: (coin: string) => ['launchpool', 'borrow-coin-settings', coin] as const,
  serverTime: ['launchpool', 'server-time'] as const,
  candydrop: ['notifications', 'candydrop'] as const,
  herald: ['notifications', 'herald'] as const,
  hodler: ['notifications', 'hodler'] as const,
};

/** Projects come in small numbers; one page holds every project of a state. */
const PROJECTS_PAGE_LIMIT = 50;
export const MY_TABLE_PAGE_SIZE = 10;

export const lpQueries = {
  projects: (state: number) =>
    queryOptions({
      queryKey: lpKeys.projects(state),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/launch-pool/projects', {
          query: { state, page: 1, limit: PROJECTS_PAGE_LIMIT },
          signal,
        }),
      staleTime: STALE_MS.projectInfo,
    }),
  project: (pid: number) =>
    queryOptions({
      queryKey: lpKeys.project(pid),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/launch-pool/project-info', { query: { projectId: pid }, signal }),
      staleTime: STALE_MS.projectInfo,
    }),
  stats: (pid: number) =>
    queryOptions({
      queryKey: lpKeys.stats(pid),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/launch-pool/user-project-statistics', { query: { pid }, signal }),
      staleTime: STALE_MS.projectInfo,
    }),
  userStat: () =>
    queryOptions({
      queryKey: lpKeys.userStat,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/launch-pool/user-stat', { signal }),
      staleTime: 60_000,
    }),
  earnMore: (coin: string) =>
    queryOptions({
      queryKey: lpKeys.earnMore(coin),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/launch-pool/earn-more', { query: { coin, type: 'launchpool' }, signal }),
      staleTime: 60_000,
      // A missing 'want more' card is no failure worth a toast.
      meta: { silent: true },
    }),
  borrowSettings: (coin: string) =>
    queryOptions({
      queryKey: lpKeys.borrowSettings(coin),
      queryFn: ({ signal }) => getData('/apiw/v2/earn/borrow-coin-settings', { query: { coin }, signal }),
      staleTime: 5 * 60_000,
    }),
  /**
   * The server's clock (the test clock in tests): countdowns count against it, not the browser's,
   * which may differ by minutes or, on a test clock, by days.
   */
  serverTime: () =>
    queryOptions({
      queryKey: lpKeys.serverTime,
      queryFn: async ({ signal }) => {
        const sent = Date.now();
        const data = await getData('/api/health', { signal });
        const received = Date.now();
        return { offsetMs: data.now * 1000 - (sent + received) / 2 };
      },
      staleTime: 60_000,
      refetchInterval: 60_000,
      meta: { silent: true },
    }),
  candydrop: () =>
    queryOptions({
      queryKey: lpKeys.candydrop,
      queryFn: ({ signal }) => getData('/api/web/v1/task-square/global-subscribe-status', { signal }),
    }),
  herald: () =>
    queryOptions({
      queryKey: lpKeys.herald,
      queryFn: ({ signal }) => getData('/apiw/v2/herald/category/switch', { signal }),
    }),
  hodler: () =>
    queryOptions({
      queryKey: lpKeys.hodler,
      queryFn: ({ signal }) =>
        callApi('post', '/apiw/v2/earn/hodler-airdrop/config', {
          body: { action: 'config' },
          form: true,
          signal,
        }),
    }),
};

const DEVICE_TOKEN_KEY = 'earn.device-token';

/** The device-token header create-order carries: one random id per browser, kept across visits. */
export function deviceToken(): string {
  try {
    const kept = localStorage.getItem(DEVICE_TOKEN_KEY);
    if (kept) return kept;
    const fresh =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : String(Math.random()).slice(2);
    localStorage.setItem(DEVICE_TOKEN_KEY, fresh);
    return fresh;
  } catch {
    return 'unavailable';
  }
}
