import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getData } from '../../../api/typed';
import { adminGet } from './http';
import type { HistoryLine, ImpactCall, ImpactView } from './types';

/** The pagers keep any cursor; the operator API's are the ids it answered as next_cursor. */
const idCursor = (cursor: string | number | null) => (cursor === null ? null : Number(cursor));

/** Every key starts with 'admin', so the console's cache never mixes with the user app's. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  flexible: ['admin', 'products', 'flexible'] as const,
  fixed: ['admin', 'products', 'fixed'] as const,
  vouchers: (user: string) => ['admin', 'products', 'vouchers', user] as const,
  projects: ['admin', 'products', 'launch-pool'] as const,
  staking: ['admin', 'products', 'staking'] as const,
  wealth: ['admin', 'products', 'wealth'] as const,
  softStaking: ['admin', 'products', 'soft-staking'] as const,
  dual: (page: number) => ['admin', 'products', 'dual', page] as const,
  dualProducts: ['admin', 'products', 'dual-products'] as const,
  products: ['admin', 'products'] as const,
  users: (q: string, cursor: string | number | null) => ['admin', 'users', 'search', q, cursor] as const,
  user: (ref: string) => ['admin', 'users', ref] as const,
  positions: (ref: string) => ['admin', 'users', ref, 'positions'] as const,
  history: (ref: string, line: string, cursor: string | number | null) =>
    ['admin', 'users', ref, 'history', line, cursor] as const,
  prices: ['admin', 'prices'] as const,
  clock: ['admin', 'clock'] as const,
  advances: ['admin', 'clock', 'advances'] as const,
  advance: (id: string | number) => ['admin', 'clock', 'advance', id] as const,
  audit: (actor: string, target: string, cursor: number | null) =>
    ['admin', 'audit', actor, target, cursor] as const,
  outbox: (status: string | undefined, page: number) => ['admin', 'outbox', status ?? 'all', page] as const,
  operators: ['admin', 'operators'] as const,
  settings: ['admin', 'settings'] as const,
  impact: (path: string, params: object, query: object) => ['admin', 'impact', path, params, query] as const,
};

export const USERS_PAGE = 20;
export const HISTORY_PAGE = 20;
export const AUDIT_PAGE = 25;
export const OUTBOX_PAGE = 25;

export const adminQueries = {
  me: () =>
    queryOptions({
      queryKey: adminKeys.me,
      queryFn: ({ signal }) => getData('/admin/api/auth/me', { signal }),
      staleTime: 60_000,
      retry: false,
    }),
  dashboard: () =>
    queryOptions({
      queryKey: adminKeys.dashboard,
      queryFn: ({ signal }) => getData('/admin/api/dashboard', { signal }),
      refetchInterval: 30_000,
    }),
  flexible: () =>
    queryOptions({
      queryKey: adminKeys.flexible,
      queryFn: ({ signal }) => getData('/admin/api/simple-earn/flexible-products', { signal }),
      select: (d) => d.list,
    }),
  fixed: () =>
    queryOptions({
      queryKey: adminKeys.fixed,
      queryFn: ({ signal }) => getData('/admin/api/simple-earn/fixed-products', { signal }),
      select: (d) => d.list,
    }),
  vouchers: (user: string) =>
    queryOptions({
      queryKey: adminKeys.vouchers(user),
      queryFn: ({ signal }) => getData('/admin/api/simple-earn/vouchers', { query: { user }, signal }),
      select: (d) => d.list,
      enabled: user.length > 0,
    }),
  projects: () =>
    queryOptions({
      queryKey: adminKeys.projects,
      queryFn: ({ signal }) => getData('/admin/api/launch-pool/projects', { signal }),
      select: (d) => d.list,
    }),
  staking: () =>
    queryOptions({
      queryKey: adminKeys.staking,
      queryFn: ({ signal }) => getData('/admin/api/staking/products', { signal }),
      select: (d) => d.list,
    }),
  wealth: () =>
    queryOptions({
      queryKey: adminKeys.wealth,
      queryFn: ({ signal }) => getData('/admin/api/wealth/products', { signal }),
      select: (d) => d.list,
    }),
  softStaking: () =>
    queryOptions({
      queryKey: adminKeys.softStaking,
      queryFn: ({ signal }) => getData('/admin/api/soft-staking/coins', { signal }),
      select: (d) => d.list,
    }),
  dualProducts: () =>
    queryOptions({
      queryKey: [...adminKeys.dualProducts, 'list'] as const,
      queryFn: ({ signal }) => getData('/admin/api/dual/products', { signal }),
      select: (d) => d.list,
    }),
  dualPairs: () =>
    queryOptions({
      queryKey: [...adminKeys.dualProducts, 'pairs'] as const,
      queryFn: ({ signal }) => getData('/admin/api/dual/pairs', { signal }),
      select: (d) => d.list,
    }),
  dualExposure: () =>
    queryOptions({
      queryKey: [...adminKeys.dualProducts, 'exposure'] as const,
      queryFn: ({ signal }) => getData('/admin/api/dual/exposure', { signal }),
    }),
  dual: (page: number, limit: number) =>
    queryOptions({
      queryKey: adminKeys.dual(page),
      queryFn: ({ signal }) => getData('/admin/api/dual/orders', { query: { page, limit }, signal }),
      // Its total, every order's count, gives the pages.
      placeholderData: keepPreviousData,
    }),
  users: (q: string, cursor: string | number | null) =>
    queryOptions({
      queryKey: adminKeys.users(q, cursor),
      queryFn: ({ signal }) =>
        getData('/admin/api/users', {
          query: { q: q || undefined, limit: USERS_PAGE, cursor: idCursor(cursor) },
          signal,
        }),
    }),
  user: (ref: string) =>
    queryOptions({
      queryKey: adminKeys.user(ref),
      queryFn: ({ signal }) => getData('/admin/api/users/{user}', { params: { user: ref }, signal }),
    }),
  positions: (ref: string) =>
    queryOptions({
      queryKey: adminKeys.positions(ref),
      queryFn: ({ signal }) =>
        getData('/admin/api/users/{user}/positions', { params: { user: ref }, signal }),
    }),
  history: (ref: string, line: string, cursor: string | number | null) =>
    queryOptions({
      queryKey: adminKeys.history(ref, line, cursor),
      queryFn: ({ signal }) =>
        getData('/admin/api/users/{user}/history', {
          params: { user: ref },
          // The line select offers HISTORY_LINES only.
          query: {
            line: (line || undefined) as Exclude<HistoryLine, 'other'> | undefined,
            cursor: idCursor(cursor),
            limit: HISTORY_PAGE,
          },
          signal,
        }),
    }),
  /** The listed assets and their prices come from the market's public list. */
  prices: () =>
    queryOptions({
      queryKey: adminKeys.prices,
      queryFn: ({ signal }) => getData('/api/web/v1/market/assets', { signal }),
    }),
  clock: () =>
    queryOptions({
      queryKey: adminKeys.clock,
      queryFn: ({ signal }) => getData('/admin/api/clock', { signal }),
      staleTime: 0,
    }),
  /** The newest background advances: a reloaded page finds one still running. */
  advances: () =>
    queryOptions({
      queryKey: adminKeys.advances,
      queryFn: ({ signal }) => getData('/admin/api/clock/advances', { query: { limit: 1 }, signal }),
      select: (d) => d.list,
    }),
  advance: (id: string | number) =>
    queryOptions({
      queryKey: adminKeys.advance(id),
      queryFn: ({ signal }) => getData('/admin/api/clock/advances/{id}', { params: { id }, signal }),
      refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 1000 : false),
    }),
  audit: (actor: string, target: string, cursor: number | null) =>
    queryOptions({
      queryKey: adminKeys.audit(actor, target, cursor),
      queryFn: ({ signal }) =>
        getData('/admin/api/audit', {
          query: { limit: AUDIT_PAGE, cursor, actor: actor || undefined, target: target || undefined },
          signal,
        }),
    }),
  outbox: (status: 'pending' | 'sent' | 'failed' | undefined, page: number) =>
    queryOptions({
      queryKey: adminKeys.outbox(status, page),
      queryFn: ({ signal }) =>
        getData('/admin/api/outbox', { query: { status, page, limit: OUTBOX_PAGE }, signal }),
    }),
  rateSettings: () =>
    queryOptions({
      queryKey: [...adminKeys.settings, 'rates'],
      queryFn: ({ signal }) => getData('/admin/api/settings/rates', { signal }),
    }),
  securitySettings: () =>
    queryOptions({
      queryKey: [...adminKeys.settings, 'security'],
      queryFn: ({ signal }) => getData('/admin/api/settings/security', { signal }),
    }),
  operators: () =>
    queryOptions({
      queryKey: adminKeys.operators,
      queryFn: ({ signal }) => getData('/admin/api/operators', { signal }),
      select: (d) => d.list,
    }),
  impact: (call: ImpactCall) =>
    queryOptions({
      queryKey: adminKeys.impact(call.path, call.params, call.query),
      queryFn: ({ signal }): Promise<ImpactView> =>
        adminGet(call.path, { params: call.params, query: call.query, signal }),
      staleTime: 0,
    }),
};
