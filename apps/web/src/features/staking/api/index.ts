import { queryOptions } from '@tanstack/react-query';
import { BALANCE_POLL_MS, STALE_MS } from '../../../api/queries';
import { getData } from '../../../api/typed';
import type { ApiData, ApiItem } from '../../../api/types';

/** The staking calls of staking-wealth.md section 7, and the shapes the server answers. */
export const STAKING_BASE = '/apiw/v2/earn/staking';

type Product = ApiData<'/apiw/v2/earn/staking/product'>;
export type StakingProduct = ApiItem<'/apiw/v2/earn/staking/products'>;
export type DefiProtocol = StakingProduct['defi'][number];
/** An extra-interest campaign (bonus); status 0 not started, 1 processing, 2 finished. */
export type Campaign = NonNullable<Product['extra_interest']>;
export type MoneyTier = Campaign['interest'][number];
export type BonusLabel = Campaign['labels'][number];
export type VipConfigRow = StakingProduct['vip_config'][number];
export type UserInfo = ApiData<'/apiw/v2/earn/staking/coin-user-info'>;
type BalanceRow = ApiData<'/apiw/v2/earn/staking/balances'>[number];
/** A position: the balances call adds redeemable_amount, the lock-balances call does not. */
export type HoldingBalance = Omit<BalanceRow, 'redeemable_amount'> &
  Partial<Pick<BalanceRow, 'redeemable_amount'>>;
export type Statistics = ApiData<'/apiw/v2/earn/staking/statistics'>;
export type CoinAmount = Statistics['total_profit'][number];
export type TrendRow = ApiItem<'/apiw/v2/earn/staking/coin-lines'>;
export type FaqEntry = ApiItem<'/apiw/v2/earn/staking/coin-ask'>;
export type ProfitRecord = ApiItem<'/apiw/v2/earn/staking/coin-user-profit-records'>;
export type LockBalances = ApiData<'/apiw/v2/earn/staking/lock-balances'>;
export type RedeemRecord = ApiItem<'/apiw/v2/earn/staking/redeem-records'>;
/** A stake's or a redeem's answer: both calls answer either shape. */
export type ActionResult = ApiData<'/apiw/v2/earn/staking/coin-swap-verify', 'post'>;
export type StakeResult = Extract<ActionResult, { interest_start: number }>;
export const isStakeResult = (r: ActionResult): r is StakeResult => 'interest_start' in r;
/** A recorded acceptance of a product's agreement or disclaimer (the server refuses a stake without one). */
export type Acceptance = ApiData<'/apiw/v2/earn/staking/agreement', 'post'>;
export type RedeemResult = Extract<ActionResult, { redeem_stamp: number }>;
export const isRedeemResult = (r: ActionResult): r is RedeemResult => 'redeem_stamp' in r;

const pidParam = (pid: number | undefined) => (pid === undefined || pid === -1 ? undefined : pid);

export const stakingKeys = {
  all: ['staking'] as const,
  products: ['staking', 'products'] as const,
  product: (coin: string) => ['staking', 'product', coin] as const,
  userInfo: (coin: string, pid?: number) => ['staking', 'user-info', coin, pid ?? -1] as const,
  balances: (coin: string) => ['staking', 'balances', coin] as const,
  statistics: (coin: string, pid?: number) => ['staking', 'statistics', coin, pid ?? -1] as const,
  lines: (coin: string, pid: number | undefined, days: number) =>
    ['staking', 'lines', coin, pid ?? -1, days] as const,
  ask: (coin: string) => ['staking', 'ask', coin] as const,
  profits: (coin: string, page: number) => ['staking', 'profits', coin, page] as const,
  lockBalances: ['staking', 'lock-balances'] as const,
  redeemRecords: (page: number) => ['staking', 'redeem-records', page] as const,
};

/** End of today (UTC) as unix seconds: the `to` of the profit records (section 7). */
export function endOfTodaySeconds(nowMs: number): number {
  return Math.floor(nowMs / 86_400_000) * 86_400 + 86_399;
}

export const stakingQueries = {
  products: () =>
    queryOptions({
      queryKey: stakingKeys.products,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/staking/products', { signal }),
      staleTime: 30_000,
    }),
  product: (coin: string) =>
    queryOptions({
      queryKey: stakingKeys.product(coin),
      queryFn: ({ signal }) => getData('/apiw/v2/earn/staking/product', { query: { coin }, signal }),
      staleTime: STALE_MS.projectInfo,
    }),
  userInfo: (coin: string, pid?: number) =>
    queryOptions({
      queryKey: stakingKeys.userInfo(coin, pid),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/staking/coin-user-info', { query: { coin, pid: pidParam(pid) }, signal }),
      staleTime: STALE_MS.balance,
      // The spec's balance refresh.
      refetchInterval: BALANCE_POLL_MS,
    }),
  balances: (coin: string) =>
    queryOptions({
      queryKey: stakingKeys.balances(coin),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/staking/balances', { query: { coin, hide_zero_hold: 1 }, signal }),
      staleTime: STALE_MS.balance,
      refetchInterval: BALANCE_POLL_MS,
    }),
  statistics: (coin: string, pid?: number) =>
    queryOptions({
      queryKey: stakingKeys.statistics(coin, pid),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/staking/statistics', { query: { coin, pid: pidParam(pid) }, signal }),
    }),
  lines: (coin: string, pid: number | undefined, days: number) =>
    queryOptions({
      queryKey: stakingKeys.lines(coin, pid, days),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/staking/coin-lines', {
          query: { coin, pid: pidParam(pid), limit: days, page: 1 },
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
  ask: (coin: string) =>
    queryOptions({
      queryKey: stakingKeys.ask(coin),
      queryFn: ({ signal }) => getData('/apiw/v2/earn/staking/coin-ask', { query: { coin }, signal }),
      staleTime: 5 * 60_000,
    }),
  profits: (coin: string, page: number, nowMs: number) =>
    queryOptions({
      queryKey: stakingKeys.profits(coin, page),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/staking/coin-user-profit-records', {
          query: { coin, page, limit: 10, to: endOfTodaySeconds(nowMs) },
          signal,
        }),
    }),
  lockBalances: () =>
    queryOptions({
      queryKey: stakingKeys.lockBalances,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/staking/lock-balances', { signal }),
      staleTime: STALE_MS.balance,
      refetchInterval: BALANCE_POLL_MS,
    }),
  redeemRecords: (page: number) =>
    queryOptions({
      queryKey: stakingKeys.redeemRecords(page),
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/staking/redeem-records', { query: { page, limit: 10 }, signal }),
    }),
};
