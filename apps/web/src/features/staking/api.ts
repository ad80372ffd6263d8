import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';
import { BALANCE_POLL_MS, STALE_MS } from '../../api/queries';

/** The staking calls of staking-wealth.md section 7, and the shapes the server answers. */
export const STAKING_BASE = '/apiw/v2/earn/staking';

export interface MoneyTier {
  money_min: string;
  money_max: string;
  money_rate: string;
}

export interface BonusLabel {
  label: string;
  value: string;
  rate: string;
  moneyMin: string;
}

/** An extra-interest campaign (bonus); status 0 not started, 1 processing, 2 finished. */
export interface Campaign {
  id: number;
  status: 0 | 1 | 2;
  max_interest: string;
  reward_coin: string;
  start_time: number;
  end_time: number;
  interest: MoneyTier[];
  labels: BonusLabel[];
  award_asset: string;
  ext_award_limit: string;
  ext_award_rate_year: string;
}

export interface DefiProtocol {
  pid: number;
  id: number;
  protocol_name: string;
  mortgage_coin: string;
  reward_coin: string;
  rate: string;
  base_rate: string;
  apr: string;
  reward: { reward_coin: string; reward_delay_days: number; interest_delay_days: number; fee_rate: string }[];
  income_days: number;
  extra_interest: Campaign | null;
  personal_mortgage_limit: string;
}

export interface VipConfigRow {
  min_tier: number;
  max_tier: number;
  vip_sale: string;
}

export interface StakingProduct {
  id: number;
  coin: string;
  mortgage_coin: string;
  type: 0 | 1 | 2;
  is_defi: 0 | 1;
  defi: DefiProtocol[];
  debt: { coin: string; rate: string; amount: string }[];
  reward_coin: string;
  rate: string;
  base_rate: string;
  most_rate: string;
  apr: string;
  min_mortgage_amount: string;
  min_redeem_amount: string;
  personal_mortgage_limit: string;
  crowd_mortgage_limit: string;
  is_crowd: 0 | 1;
  agreement: string;
  reward_delay_days: number;
  interest_days: number;
  income_days: number;
  borrow_support: 0 | 1;
  extra: {
    redeem_period_txt: string;
    redeem_quick: 0 | 1;
    redeem_quick_long: number;
    redeem_control: string;
    redeem_minday: number;
    redeem_maxday: number;
    redeem_fee: string;
    redeem_quick_fee: string;
  };
  extra_interest: Campaign | null;
  vip_config: VipConfigRow[];
  exchange_type: 'default' | 'asset';
  /** The receipt token of an exchange_type 'asset' product ('' otherwise). */
  exchange_coin?: string;
  exchange_rate: string;
  exchange_rate_reverse: string;
  tips: string;
  redeem_config: {
    redeem_coin: string;
    redeem_fee: string;
    redeem_quick_fee: string;
    redeem_quick: 0 | 1;
    /** Today's quick quota left; "-1" unlimited. */
    redeem_quick_daily: string;
    redeem_quick_daily_total: string;
    redeem_quick_long: number;
    quick_selectable: 0 | 1;
  };
  precision: number;
  protocol: string;
  status: 'online' | 'offline';
}

export interface UserInfo {
  coin: string;
  hold_amount: string;
  tier: number;
  is_crowd: 0 | 1;
  /** What may be staked now: spot less loans unless the unified account supports the coin. */
  available: string;
}

export interface HoldingBalance {
  coin: string;
  pid: number;
  protocol_name: string;
  mortgage_amount: string;
  /** What may be redeemed now: for a receipt-token product, what the tokens in spot cover. */
  redeemable_amount?: string;
  receipt_coin?: string;
  receipt_amount?: string;
  accrued_reward: string;
  reward_coin: string;
}

export interface CoinAmount {
  coin: string;
  amount: string;
}

export interface Statistics {
  coin: string;
  pid: number;
  mortgage_amount: string;
  accrued_reward: string;
  redeeming_amount: string;
  total_profit: CoinAmount[];
  yesterday_profit: CoinAmount[];
  total_mortgage_amount: string;
}

export interface TrendRow {
  time: number;
  rate: string;
  base_rate: string;
  extra_rate: string;
  extra_coin: string;
  coins: string;
  reward_coin: string;
}

export interface FaqEntry {
  ask: string;
  answer: string;
  cate: string;
  unfold: boolean;
}

export interface ProfitRecord {
  id: number;
  time: number;
  day: number;
  pid: number;
  protocol_name: string;
  reward_coin: string;
  amount: string;
  mortgage_amount: string;
  type: 'interest' | 'bonus';
  status: 'paid' | 'accrued';
}

export interface LockBalances {
  list: HoldingBalance[];
  redeeming: CoinAmount[];
  total: number;
}

export interface RedeemRecord {
  id: number;
  coin: string;
  pid: number;
  amount: string;
  fee: string;
  received: string;
  quick: 0 | 1;
  create_time: number;
  redeem_stamp: number;
  arrived_time: number | null;
  status: string;
}

export interface StakeResult {
  order_id: number;
  coin: string;
  pid: number;
  amount: string;
  interest_start: number;
  first_distribution_time: number | null;
  reward_paid_at_redeem: boolean;
  receipt_coin?: string | null;
  receipt_amount?: string;
}

/** A recorded acceptance of a product's agreement or disclaimer (the server refuses a stake without one). */
export interface Acceptance {
  kind: string;
  document: string;
  accepted: 0 | 1;
  accepted_at: number | null;
}

export interface RedeemResult {
  order_id: number;
  coin: string;
  pid: number;
  amount: string;
  fee: string;
  received: string;
  quick: 0 | 1;
  redeem_stamp: number;
  reward_paid: string;
  reward_coin: string;
  /** What arrives: received in the coin, or converted into the product's redeem_coin. */
  payout_coin?: string;
  payout_amount?: string;
  receipt_coin?: string | null;
  receipt_burned?: string;
}

export interface Paged<T> {
  list: T[];
  total: number;
}

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
      queryFn: ({ signal }) => request<Paged<StakingProduct>>({ path: `${STAKING_BASE}/products`, signal }),
      staleTime: 30_000,
    }),
  product: (coin: string) =>
    queryOptions({
      queryKey: stakingKeys.product(coin),
      queryFn: ({ signal }) =>
        request<StakingProduct>({ path: `${STAKING_BASE}/product`, query: { coin }, signal }),
      staleTime: STALE_MS.projectInfo,
    }),
  userInfo: (coin: string, pid?: number) =>
    queryOptions({
      queryKey: stakingKeys.userInfo(coin, pid),
      queryFn: ({ signal }) =>
        request<UserInfo>({
          path: `${STAKING_BASE}/coin-user-info`,
          query: { coin, pid: pidParam(pid) },
          signal,
        }),
      staleTime: STALE_MS.balance,
      // The spec's balance refresh.
      refetchInterval: BALANCE_POLL_MS,
    }),
  balances: (coin: string) =>
    queryOptions({
      queryKey: stakingKeys.balances(coin),
      queryFn: ({ signal }) =>
        request<HoldingBalance[]>({
          path: `${STAKING_BASE}/balances`,
          query: { coin, hide_zero_hold: 1 },
          signal,
        }),
      staleTime: STALE_MS.balance,
      refetchInterval: BALANCE_POLL_MS,
    }),
  statistics: (coin: string, pid?: number) =>
    queryOptions({
      queryKey: stakingKeys.statistics(coin, pid),
      queryFn: ({ signal }) =>
        request<Statistics>({
          path: `${STAKING_BASE}/statistics`,
          query: { coin, pid: pidParam(pid) },
          signal,
        }),
    }),
  lines: (coin: string, pid: number | undefined, days: number) =>
    queryOptions({
      queryKey: stakingKeys.lines(coin, pid, days),
      queryFn: ({ signal }) =>
        request<Paged<TrendRow>>({
          path: `${STAKING_BASE}/coin-lines`,
          query: { coin, pid: pidParam(pid), limit: days, page: 1 },
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
  ask: (coin: string) =>
    queryOptions({
      queryKey: stakingKeys.ask(coin),
      queryFn: ({ signal }) =>
        request<Paged<FaqEntry>>({ path: `${STAKING_BASE}/coin-ask`, query: { coin }, signal }),
      staleTime: 5 * 60_000,
    }),
  profits: (coin: string, page: number, nowMs: number) =>
    queryOptions({
      queryKey: stakingKeys.profits(coin, page),
      queryFn: ({ signal }) =>
        request<Paged<ProfitRecord>>({
          path: `${STAKING_BASE}/coin-user-profit-records`,
          query: { coin, page, limit: 10, to: endOfTodaySeconds(nowMs) },
          signal,
        }),
    }),
  lockBalances: () =>
    queryOptions({
      queryKey: stakingKeys.lockBalances,
      queryFn: ({ signal }) => request<LockBalances>({ path: `${STAKING_BASE}/lock-balances`, signal }),
      staleTime: STALE_MS.balance,
      refetchInterval: BALANCE_POLL_MS,
    }),
  redeemRecords: (page: number) =>
    queryOptions({
      queryKey: stakingKeys.redeemRecords(page),
      queryFn: ({ signal }) =>
        request<Paged<RedeemRecord>>({
          path: `${STAKING_BASE}/redeem-records`,
          query: { page, limit: 10 },
          signal,
        }),
    }),
};
