import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

export const WEALTH_BASE = '/apiw/v2/earn/private-wealth';

export interface WealthProduct {
  pid: number;
  project_type: 4 | 5;
  name: string;
  coin: string;
  min_purchase: string;
  vip_min_tier: number;
  net_value_ratio: string | null;
  net_value_time: number | null;
  recent_30_days_rate?: string;
  run_days: number;
  show_interest: 0 | 1;
  disclaimer: string;
  description: string;
  status: 'online' | 'offline';
}

export interface WealthOrder {
  order_id: number;
  pid: number;
  project_type: 4 | 5;
  name: string;
  coin: string;
  amount: string;
  unit: string;
  redeeming_unit: string;
  cost: string;
  show_interest: 0 | 1;
  income_amount: string;
  net_value_ratio: string;
  net_value_ratio_buy: string;
  recent_30_days_rate: string;
  run_days: number;
  client_id: string;
}

export interface LinesAnswer {
  lines: { timestamp: number; value: string; diff: string }[];
  change: string;
}

export interface PurchaseResult {
  order_id: number;
  pid: number;
  amount: string;
  unit: string;
  net_value_ratio: string;
  total_unit: string;
}

export interface RedeemResult {
  redeem_id: number;
  order_id: number;
  pid: number;
  unit: string;
  status: string;
}

export type ChartType = 'balance' | 'rate';
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
      queryFn: ({ signal }) =>
        request<{ list: WealthProduct[]; total: number }>({ path: `${WEALTH_BASE}/products`, signal }),
      staleTime: 30_000,
    }),
  orders: () =>
    queryOptions({
      queryKey: wealthKeys.orders,
      queryFn: ({ signal }) =>
        request<{ list: WealthOrder[]; total: number }>({ path: `${WEALTH_BASE}/orders`, signal }),
    }),
  detail: (orderId: number, projectType: number) =>
    queryOptions({
      queryKey: wealthKeys.detail(orderId),
      queryFn: ({ signal }) =>
        request<WealthOrder>({
          path: `${WEALTH_BASE}/order-detail`,
          query: { order_id: orderId, project_type: projectType },
          signal,
        }),
    }),
  lines: (orderId: number, projectType: number, type: ChartType, range: WealthRange) =>
    queryOptions({
      queryKey: wealthKeys.lines(orderId, type, range),
      queryFn: ({ signal }) =>
        request<LinesAnswer>({
          path: `${WEALTH_BASE}/lines`,
          query: { type, order_id: orderId, range, project_type: projectType },
          signal,
        }),
    }),
};
