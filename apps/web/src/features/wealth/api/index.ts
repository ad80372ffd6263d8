import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../../api/typed';
import type { ApiData, ApiItem, ApiQuery } from '../../../api/types';

export const WEALTH_BASE = '/apiw/v2/earn/private-wealth' as const;

export type WealthProduct = ApiItem<'/apiw/v2/earn/private-wealth/products'>;
export type WealthOrder = ApiItem<'/apiw/v2/earn/private-wealth/orders'>;
export type LinesAnswer = ApiData<'/apiw/v2/earn/private-wealth/lines'>;
export type PurchaseResult = ApiData<'/apiw/v2/earn/private-wealth/purchase', 'post'>;
export type RedeemResult = ApiData<'/apiw/v2/earn/private-wealth/redeem', 'post'>;

export type ChartType = NonNullable<ApiQuery<'/apiw/v2/earn/private-wealth/lines'>['type']>;
export const WEALTH_RANGES = [30, 180, 365, 730] as const;
export type WealthRange = (typeof WEALTH_RANGES)[number];

export const wealthKeys = {
  all: ['wealth'] as const,
  products: ['wealth', 'products'] as const,
  orders: ['wealth', 'orders'] as const,
  detail: (orderId: number) => ['wealth', 'detail', orderId] as const,
  lines: (orderId: number, type: ChartType, range: number) =>
    ['wealth', 'lines', orderId, type, range] as const,
};

export const wealthQueries = {
  products: () =>
    queryOptions({
      queryKey: wealthKeys.products,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/private-wealth/products', { signal }),
      staleTime: 30_000,
    }),
  orders: () =>
    queryOptions({
      queryKey: wealthKeys.orders,
      queryFn: ({ signal }) => getData('/apiw/v2/earn/private-wealth/orders', { signal }),
    }),
  detail: (orderId: number, projectType: WealthOrder['project_type']) =>
    queryOptions({
      queryKey: wealthKeys.detail(orderId),
      queryFn: ({ signal }) =>
        getData(`${WEALTH_BASE}/order-detail`, {
          query: { order_id: orderId, project_type: projectType },
          signal,
        }),
    }),
  lines: (orderId: number, projectType: WealthOrder['project_type'], type: ChartType, range: WealthRange) =>
    queryOptions({
      queryKey: wealthKeys.lines(orderId, type, range),
      queryFn: ({ signal }) =>
        getData(`${WEALTH_BASE}/lines`, {
          query: { type, order_id: orderId, range, project_type: projectType },
          signal,
        }),
    }),
};
