import { DUAL_OPEN_STATUSES, DUAL_ORDER_STATUSES, type DualOrderStatus } from '@earn/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getData } from '../../../api/typed';
import type { ApiItem } from '../../../api/types';
import { useApiAction } from '../../../api/useApiAction';

export type DualOrder = ApiItem<'/apiw/v2/earn/dual/orders'>;

export type StatusFilter = 'all' | 'open' | DualOrderStatus;

/** The list's orders as the server sorts them. */
export type OrderSort = 'newest' | 'apr_desc' | 'apr_asc' | 'expire_asc' | 'expire_desc';

/** A search the server can take as a coin (letters and digits), upper-cased; null when it cannot be one. */
export function coinSearch(text: string): string | null {
  const coin = text.trim().toUpperCase();
  return /^[A-Z0-9]{0,20}$/.test(coin) ? coin : null;
}

/** The status filter as the list call's comma list (undefined for all). */
export function statusParam(filter: StatusFilter): string | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'open') return DUAL_OPEN_STATUSES.join(',');
  return filter;
}

/** How each of the ten statuses looks: waiting (blue), done (teal), failed (red), closed (gray). */
export function statusColor(status: DualOrderStatus): string {
  switch (status) {
    case 'INIT':
    case 'PROCESSING':
    case 'SETTLEMENT_PROCESSING':
    case 'CANCELING':
      return 'blue';
    case 'SETTLEMENT_SUCCESS':
      return 'teal';
    case 'SETTLEMENT_FAILED':
    case 'FAILED':
    case 'INTERNAL_ERROR':
      return 'red';
    case 'CANCELED':
    case 'EXPIRED':
      return 'gray';
  }
}

export { DUAL_ORDER_STATUSES };

export const dualQueries = {
  /** Dual orders are read at order-detail, sniper orders at dual-sniper/order. */
  detail: (orderId: number, kind: DualOrder['kind']) =>
    queryOptions({
      queryKey: ['dual', 'detail', kind, orderId] as const,
      queryFn: ({ signal }) =>
        kind === 'sniper'
          ? getData('/apiw/v2/earn/dual-sniper/order', { query: { order_id: orderId }, signal })
          : getData('/apiw/v2/earn/dual/order-detail', { query: { order_id: orderId }, signal }),
    }),
  orders: (filter: StatusFilter, page: number, coin = '', sort: OrderSort = 'newest') =>
    queryOptions({
      queryKey: ['dual', 'orders', filter, page, coin, sort] as const,
      queryFn: ({ signal }) =>
        getData('/apiw/v2/earn/dual/orders', {
          query: { status: statusParam(filter), page, limit: 10, coin: coin || undefined, sort },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

/** The coin a dual order's target price is quoted in: the pair's stablecoin (95,000 USDT a BTC). */
export function priceCoin(o: Pick<DualOrder, 'invest_coin' | 'exercise_coin'>): string {
  return /^(USDT|USDC|USD)$/.test(o.invest_coin) ? o.invest_coin : o.exercise_coin;
}

export type DualProduct = ApiItem<'/apiw/v2/earn/dual/products'>;
export type DualDirection = DualProduct['direction'];

/** The coins the page offers; a product of another base coin is not listed. */
export const DUAL_COINS = ['BTC', 'ETH'] as const;
export type DualCoin = (typeof DUAL_COINS)[number];

/** How often the grid reads the quotes again: a quoted APR lives 60 s on the server. */
export const QUOTE_REFRESH_MS = 10_000;

export const dualProductQueries = {
  products: (coin: DualCoin, direction: DualDirection) =>
    queryOptions({
      queryKey: ['dual', 'products', coin, direction] as const,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/dual/products', { query: { coin, direction }, signal }),
      refetchInterval: QUOTE_REFRESH_MS,
      placeholderData: keepPreviousData,
    }),
};

/** The subscription: product, amount and the quote the user was shown (issue 29's fixed names). */
export const useDualSubscribe = () =>
  useApiAction({ name: 'dual.subscribe', path: '/apiw/v2/earn/dual/subscribe', silent: true });
