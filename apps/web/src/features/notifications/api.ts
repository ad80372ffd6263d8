import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { ApiData } from '../../api/types';

export type Inbox = ApiData<'/api/web/v1/notifications'>;
export type InboxItem = Inbox['list'][number];
export type NotificationKind = InboxItem['kind'];
export type Prefs = ApiData<'/api/web/v1/notifications/preferences'>;
export type AprAlert = ApiData<'/api/web/v1/earn/apr-alerts'>['list'][number];

/** Every kind, in the order the preferences list them (the server's order). */
export const KINDS: NotificationKind[] = [
  'fixed_matured',
  'redemption_arrived',
  'daily_earnings',
  'apr_changed',
  'launchpool_start',
  'launchpool_end',
  'security_changed',
  'new_device',
  'apr_alert',
];

/** How often the bell asks for the unread count when the event stream is not open. */
export const UNREAD_POLL_MS = 60_000;
export const INBOX_PAGE = 20;

export const notifyKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (filter: { kind?: string; unread: boolean; lang: string }) =>
    ['notifications', 'list', filter.kind ?? '', filter.unread, filter.lang] as const,
  prefs: ['notifications', 'prefs'] as const,
  alerts: ['notifications', 'apr-alerts'] as const,
};

export const notifyQueries = {
  unread: () =>
    queryOptions({
      queryKey: notifyKeys.unread,
      queryFn: async ({ signal }) =>
        (await request<Inbox>({ path: '/api/web/v1/notifications', query: { limit: 1 }, signal })).unread,
      refetchInterval: UNREAD_POLL_MS,
      staleTime: 10_000,
      meta: { silent: true },
    }),
  prefs: () =>
    queryOptions({
      queryKey: notifyKeys.prefs,
      queryFn: ({ signal }) => request<Prefs>({ path: '/api/web/v1/notifications/preferences', signal }),
    }),
  alerts: () =>
    queryOptions({
      queryKey: notifyKeys.alerts,
      queryFn: ({ signal }) =>
        request<ApiData<'/api/web/v1/earn/apr-alerts'>>({ path: '/api/web/v1/earn/apr-alerts', signal }),
    }),
};

export function fetchInboxPage(
  filter: { kind?: string; unread: boolean; lang: string },
  cursor: number | undefined,
  signal?: AbortSignal,
) {
  return request<Inbox>({
    path: '/api/web/v1/notifications',
    query: {
      limit: INBOX_PAGE,
      kind: filter.kind,
      unread: filter.unread ? 1 : undefined,
      cursor,
      lang: filter.lang,
    },
    signal,
  });
}

export const markRead = (body: { ids: number[] } | { all: true }) =>
  request<{ unread: number }>({ method: 'POST', path: '/api/web/v1/notifications/read', body });

export const savePrefs = (body: { language?: string; mail_kinds?: NotificationKind[] }) =>
  request<Prefs>({ method: 'POST', path: '/api/web/v1/notifications/preferences', body });

export const addAlert = (body: {
  line: 'flexible' | 'fixed';
  asset: string;
  product_id?: number;
  direction: 'above' | 'below';
  apr: string;
}) => request<AprAlert>({ method: 'POST', path: '/api/web/v1/earn/apr-alerts', body });

export const deleteAlert = (id: number) =>
  request<{ id: number }>({ method: 'DELETE', path: `/api/web/v1/earn/apr-alerts/${id}` });
