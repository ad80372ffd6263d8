import type { PoolTransactionTier, PoolVipConfig } from '@earn/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';
import { STALE_MS } from '../../api/queries';

/** The launch-pool calls (launch-pool.md section 7) and the shapes the server answers with. */
export const LAUNCHPOOL_BASE = '/apiw/v2/earn/launch-pool';

export interface PoolSimpleEarn {
  /** 1: the pool's auto-earn is fixed-term; 0: flexible. */
  status: number;
  /** The fixed period (days) the user already chose in this pool; 0 none. */
  user_period: number;
  fixed_period: number;
  fixed_rate: string;
  rate: string;
  ext_rate: string;
  /** 1 while simple earn has an open flexible product of the coin (older answers: absent = offered). */
  flexible_offered?: number;
  /** Simple earn's flexible offer the coins join on leaving: up to rate_year % on the first amount. */
  flexible_up_to?: { rate_year: string; amount: string | null } | null;
  fixed_product_id?: number;
}

/**
 * The pool's APR derived live by the server (@earn/domain derivedPoolApr): per reward coin reward per
 * hour × price × 8,760 ÷ (total staked × stake price), summed. Percent; null with the reason.
 */
export interface DerivedApr {
  rate_year: string | null;
  missing: 'no_price' | 'no_stake' | 'ended' | null;
  missing_prices: string[];
  staked_total: string;
  stake_price: string | null;
  coins: { coin: string; reward_per_hour: string; price: string | null; rate_year: string | null }[];
}

export interface PoolUserLimits {
  staked: string;
  personal_max_amount: string;
  remaining_quota: string;
  /** '-1' when the pool has no volume tiers. */
  staking_cap: string;
  is_vip_quota: number;
}

/** A coin a pool pays: the project's token first; a multi-mining pool pays further coins too. */
export interface PoolRewardCoin {
  coin: string;
  reward_per_hour: string;
  /** Percent, for display. */
  rate_year: string;
  total_reward_amount: string;
}

export interface RewardPool {
  rid: number;
  pid: number;
  coin: string;
  reward_coin: string;
  personal_max_amount: string;
  personal_min_amount: string;
  decimal_place: number;
  /** '-1' = no total limit. */
  left_buy_total_amount: string;
  buy_total_amount: string;
  rate_year: string;
  /** 1 real, 2 estimate, 3 none. */
  rate_year_type: number;
  /** 0 lock pool, 1 multi mining. */
  reward_pool_type: number;
  vip_config: PoolVipConfig | null;
  simple_earn: PoolSimpleEarn | null;
  isApply: number;
  transaction_config: PoolTransactionTier[];
  limit_rule: number;
  reward_per_hour: string;
  total_reward_amount: string;
  /** Every coin the pool pays, the project's token first (one entry for a lock pool). */
  reward_coins?: PoolRewardCoin[];
  staked_total: string;
  /** The APR derived from the reward rate, the total staked and the prices, with its inputs. */
  derived_apr?: DerivedApr;
  /** Present when signed in. */
  user: PoolUserLimits | null;
}

export interface Project {
  pid: number;
  name: string;
  /** The reward coin. */
  coin: string;
  icon: string;
  start_timest: number;
  end_timest: number;
  /** 1 in progress, 2 not started, 3 completed. */
  state: number;
  reward_pools: RewardPool[];
}

export interface PoolStat {
  rid: number;
  coin: string;
  reward_coin: string;
  amount: string;
  valid_amount: string;
  lastRewardAmount: string;
  lastHourRewardAmount: string;
  /** The same two figures per reward coin, the project's token first. */
  rewards?: CoinReward[];
  simpleEarnStatus: number;
  simpleEarnPeriod: number;
}

export interface CoinReward {
  coin: string;
  lastRewardAmount: string;
  lastHourRewardAmount: string;
}

export interface MyStake {
  pid: number;
  rid: number;
  name: string;
  icon: string;
  coin: string;
  reward_coin: string;
  state: number;
  start_timest: number;
  end_timest: number;
  amount: string;
  total_reward: string;
  /** Paid per reward coin, the project's token first. */
  rewards?: { coin: string; total_reward: string }[];
  simpleEarnStatus: number;
  simpleEarnPeriod: number;
}

export interface MyReward {
  pid: number;
  rid: number;
  /** The project's name and the pool's stake coin. */
  name: string;
  coin: string;
  reward_coin: string;
  amount: string;
  hour_start: number;
}

export interface EarnMoreItem {
  id: number;
  popup_msg: string;
  popup_high_light: string[] | string;
  url: string;
}

export interface BorrowCoinSetting {
  coin: string;
  is_support_launchpool: number;
  is_support_staking: number;
}

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
        request<Paged<Project>>({
          path: `${LAUNCHPOOL_BASE}/projects`,
          query: { state, page: 1, limit: PROJECTS_PAGE_LIMIT },
          signal,
        }),
      staleTime: STALE_MS.projectInfo,
    }),
  project: (pid: number) =>
    queryOptions({
      queryKey: lpKeys.project(pid),
      queryFn: ({ signal }) =>
        request<Project>({ path: `${LAUNCHPOOL_BASE}/project-info`, query: { projectId: pid }, signal }),
      staleTime: STALE_MS.projectInfo,
    }),
  stats: (pid: number) =>
    queryOptions({
      queryKey: lpKeys.stats(pid),
      queryFn: ({ signal }) =>
        request<PoolStat[]>({ path: `${LAUNCHPOOL_BASE}/user-project-statistics`, query: { pid }, signal }),
      staleTime: STALE_MS.projectInfo,
    }),
  userStat: () =>
    queryOptions({
      queryKey: lpKeys.userStat,
      queryFn: ({ signal }) =>
        request<{ user_60_day_transaction_amount: string }>({ path: `${LAUNCHPOOL_BASE}/user-stat`, signal }),
      staleTime: 60_000,
    }),
  earnMore: (coin: string) =>
    queryOptions({
      queryKey: lpKeys.earnMore(coin),
      queryFn: ({ signal }) =>
        request<{ list: EarnMoreItem[] }>({
          path: `${LAUNCHPOOL_BASE}/earn-more`,
          query: { coin, type: 'launchpool' },
          signal,
        }),
      staleTime: 60_000,
      // A missing 'want more' card is no failure worth a toast.
      meta: { silent: true },
    }),
  borrowSettings: (coin: string) =>
    queryOptions({
      queryKey: lpKeys.borrowSettings(coin),
      queryFn: ({ signal }) =>
        request<BorrowCoinSetting[]>({ path: '/apiw/v2/earn/borrow-coin-settings', query: { coin }, signal }),
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
        const data = await request<{ now: number }>({ path: '/api/health', signal });
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
      queryFn: ({ signal }) =>
        request<{ global_subscribe_status: number }>({
          path: '/api/web/v1/task-square/global-subscribe-status',
          signal,
        }),
    }),
  herald: () =>
    queryOptions({
      queryKey: lpKeys.herald,
      queryFn: ({ signal }) =>
        request<{ items: { msg_switch: string; switch_status: number }[] }>({
          path: '/apiw/v2/herald/category/switch',
          signal,
        }),
    }),
  hodler: () =>
    queryOptions({
      queryKey: lpKeys.hodler,
      queryFn: ({ signal }) =>
        request<{ hodler_notify: number }>({
          method: 'POST',
          path: '/apiw/v2/earn/hodler-airdrop/config',
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
