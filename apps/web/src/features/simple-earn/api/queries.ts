import { SimpleEarnChartType, SimpleEarnPageSize } from '@earn/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../../api/client';
import { BALANCE_POLL_MS } from '../../../api/queries';
import { callApi, getData } from '../../../api/typed';
import type { ApiData } from '../../../api/types';
import type { FixedProduct, ProductDetail, TradeInfo } from './types';

export const API = '/apiw/v2' as const;
/** Fixed-earn calls; the VIP theme inserts /vip (section 7). */
export function fixedBase(vip = false) {
  return vip ? (`${API}/vip/fixed_earn/api` as const) : (`${API}/fixed_earn/api` as const);
}

/** Every key starts with 'simple-earn' so one invalidation refreshes the line after a money move. */
export const seKeys = {
  all: ['simple-earn'] as const,
  products: ['simple-earn', 'products'] as const,
  lendable: (pid: number) => ['simple-earn', 'lendable', pid] as const,
  vouchers: (pid: number) => ['simple-earn', 'vouchers', pid] as const,
  flexHoldings: ['simple-earn', 'holdings', 'flexible'] as const,
  fixedHoldings: (orderType: number) => ['simple-earn', 'holdings', 'fixed', orderType] as const,
  fixedOrder: (asset: string, orderId: number) => ['simple-earn', 'order', asset, orderId] as const,
  history: (q: HistoryQuery) => ['simple-earn', 'history', q] as const,
  historyCoins: (productType: number) => ['simple-earn', 'history-coins', productType] as const,
  autoInvest: ['simple-earn', 'autoivest'] as const,
  chart: (asset: string, range: ChartRange, minute: number) =>
    ['simple-earn', 'chart', asset, range, minute] as const,
  upgradeWay: (pid?: number) => ['simple-earn', 'upgrade-way', pid ?? 0] as const,
  faq: (lang: string) => ['simple-earn', 'faq', lang] as const,
  held: ['simple-earn', 'held'] as const,
  vip: ['simple-earn', 'vip'] as const,
  subscribeCheck: (pid: number) => ['simple-earn', 'subscribe-check', pid] as const,
};

export type ChartRange = '24h' | '7d' | '30d';
/** Section 9: 24 hours and 7 days hourly, 30 days daily. */
export const CHART_RANGES: Record<ChartRange, { seconds: number; type: number }> = {
  '24h': { seconds: 86_400, type: SimpleEarnChartType.hour },
  '7d': { seconds: 7 * 86_400, type: SimpleEarnChartType.hour },
  '30d': { seconds: 30 * 86_400, type: SimpleEarnChartType.day },
};

export interface HistoryQuery {
  tab: 'flexible' | 'fixed';
  type: number;
  asset?: string;
  start_at?: number;
  end_at?: number;
  page: number;
  limit: number;
  daily?: boolean;
}

export const seQueries = {
  /** The coins the user holds in flexible or fixed simple earn (the list's "my positions only"). */
  heldAssets: () =>
    queryOptions({
      queryKey: seKeys.held,
      queryFn: ({ signal }) => getData('/api/web/v1/earn/overview', { signal }),
      staleTime: 5000,
      select: (d): Set<string> =>
        new Set(
          d.lines
            .filter((l) => l.line === 'simple_earn_flexible' || l.line === 'simple_earn_fixed')
            .flatMap((l) => l.assets.filter((a) => Number(a.amount) > 0).map((a) => a.asset)),
        ),
    }),
  products: () =>
    queryOptions({
      queryKey: seKeys.products,
      queryFn: ({ signal }) => getData(`${API}/uni-loan/earn/coin-info`, { query: { status: '1' }, signal }),
      staleTime: 30_000,
      select: (d) => d.list,
    }),
  lendable: (pid: number, vip = false) =>
    queryOptions({
      queryKey: seKeys.lendable(pid),
      queryFn: ({ signal }) =>
        getData(`${fixedBase(vip)}/user/lendable`, { query: { product_id: pid }, signal }),
      staleTime: 5000,
    }),
  vouchers: (pid: number) =>
    queryOptions({
      queryKey: seKeys.vouchers(pid),
      queryFn: ({ signal }) => getData(`${API}/uni-loan/earn/coupon-recommend`, { query: { pid }, signal }),
      staleTime: 30_000,
    }),
  flexHoldings: () =>
    queryOptions({
      queryKey: seKeys.flexHoldings,
      queryFn: ({ signal }) =>
        getData(`${API}/uni-loan/earn/subscribe`, { query: { page: 1, limit: 100 }, signal }),
      staleTime: 5000,
    }),
  fixedHoldings: (page: number, orderType = 1) =>
    queryOptions({
      queryKey: [...seKeys.fixedHoldings(orderType), page],
      queryFn: ({ signal }) =>
        getData(`${API}/fixed_earn/api/user/lend`, {
          query: { order_type: orderType, page, limit: SimpleEarnPageSize.holdings },
          signal,
        }),
      staleTime: 5000,
      placeholderData: keepPreviousData,
    }),
  /** One fixed order; null when the user has no such order (a 404 is an answer, not a failure). */
  fixedOrder: (asset: string, orderId: number) =>
    queryOptions({
      queryKey: seKeys.fixedOrder(asset, orderId),
      queryFn: async ({ signal }) => {
        try {
          return await getData(`${API}/fixed_earn/api/user/order`, {
            query: { asset, order_id: orderId },
            signal,
          });
        } catch (e) {
          if (isApiError(e) && e.status === 404) return null;
          throw e;
        }
      },
    }),
  history: (q: HistoryQuery) =>
    queryOptions({
      queryKey: seKeys.history(q),
      queryFn: ({ signal }) => {
        const query = {
          page: q.page,
          limit: q.limit,
          type: q.type,
          asset: q.asset || undefined,
          start_at: q.start_at,
          end_at: q.end_at,
        };
        return q.tab === 'flexible'
          ? getData(`${API}/uni-loan/earn/history`, {
              query: {
                ...query,
                is_daily_log: q.daily ? 1 : 0,
                // Days in UTC, as the rows' dates are written (and every time in the app): the
                // browser's own offset grouped a UTC+8 user's hours into days labelled a day early.
                time_zone: '+00:00',
                is_time_zone: 1,
              },
              signal,
            })
          : getData(`${API}/fixed_earn/api/user/history`, { query, signal });
      },
      placeholderData: keepPreviousData,
    }),
  historyCoins: (productType: number) =>
    queryOptions({
      queryKey: seKeys.historyCoins(productType),
      queryFn: ({ signal }) =>
        getData(`${API}/uni-loan/earn/history/coins`, { query: { product_type: productType }, signal }),
      staleTime: 60_000,
    }),
  autoInvest: () =>
    queryOptions({
      queryKey: seKeys.autoInvest,
      queryFn: ({ signal }) => getData(`${API}/uni-loan/earn/autoivest`, { signal }),
      staleTime: 10_000,
    }),
  chart: (asset: string, range: ChartRange, nowSeconds: number) =>
    queryOptions({
      queryKey: seKeys.chart(asset, range, Math.floor(nowSeconds / 60)),
      queryFn: ({ signal }) =>
        getData(`${API}/uni-loan/earn/chart`, {
          query: {
            asset,
            from: nowSeconds - CHART_RANGES[range].seconds,
            to: nowSeconds,
            type: CHART_RANGES[range].type,
          },
          signal,
        }),
      staleTime: 60_000,
      select: (d) => d.list,
    }),
  upgradeWay: (pid?: number) =>
    queryOptions({
      queryKey: seKeys.upgradeWay(pid),
      queryFn: ({ signal }) => getData(`${API}/uni-loan/earn/upgrade-vip-way`, { query: { pid }, signal }),
    }),
  /** The FAQ in the reader's language (the server keeps it in English and Simplified Chinese). */
  faq: (lang: string) =>
    queryOptions({
      queryKey: seKeys.faq(lang),
      queryFn: ({ signal }) =>
        getData(`${API}/earn/ask`, {
          query: { mold: 'simple-earn', lang: lang === 'zh-CN' ? 'zh-CN' : 'en' },
          signal,
        }),
      staleTime: 5 * 60_000,
      select: (d) => d.list,
    }),
  available: (asset: string) =>
    queryOptions({
      queryKey: ['account', 'outable', asset] as const,
      queryFn: ({ signal }) =>
        callApi('post', `${API}/account/spot/asset/outable`, { body: { assets: [asset] }, signal }),
      staleTime: 10_000,
      refetchInterval: BALANCE_POLL_MS,
      select: (d) => d[0]?.lend_earn_available ?? '0',
    }),
};

/** Section 7's lock check, asked right before a subscribe or redeem. */
export function fetchTradeInfo(): Promise<TradeInfo> {
  return getData(`${API}/account/spot/trading/home`, { query: { market: 'simple-earn' } });
}

export function fetchProducts(): Promise<ProductDetail[]> {
  return getData(`${API}/uni-loan/earn/coin-info`, { query: { status: '1' } }).then((d) => d.list);
}

/**
 * Whether the signed-in user may subscribe a special product (the spec's subscribe check), asked
 * when the product is shown, so an ineligible user is told before typing an amount, not after Subscribe.
 */
export function subscribeCheckQuery(pid: number) {
  return queryOptions({
    queryKey: seKeys.subscribeCheck(pid),
    queryFn: ({ signal }) =>
      getData(`${API}/uni-loan/earn/subscribe/check`, { query: { pid }, signal }).then(
        (d) => d.is_able_subscribe,
      ),
    staleTime: 30_000,
  });
}

export function fetchSubscribeCheck(pid: number): Promise<ApiData<'/apiw/v2/uni-loan/earn/subscribe/check'>> {
  return getData(`${API}/uni-loan/earn/subscribe/check`, { query: { pid } });
}

export type { FixedProduct };
