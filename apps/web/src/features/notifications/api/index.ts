import { queryOptions } from '@tanstack/react-query';
import { callApi, getData } from '../../../api/typed';
import type { ApiBody, ApiData } from '../../../api/types';
import { LANGUAGES, type LanguageCode } from '../../../i18n';

export type Inbox = ApiData<'/api/web/v1/notifications'>;
export type InboxItem = Inbox['list'][number];
export type NotificationKind = InboxItem['kind'];
export type Prefs = ApiData<'/api/web/v1/notifications/preferences'>;

/**
 * Every kind, in the order the preferences list them (the server's order). A record over the API's
 * own kinds, so a kind the server adds fails the typecheck here until it is listed (and worded).
 */
const KIND_ORDER: { [K in NotificationKind]: true } = {
  fixed_matured: true,
  redemption_arrived: true,
  daily_earnings: true,
  apr_changed: true,
  launchpool_start: true,
  launchpool_end: true,
  security_changed: true,
  new_device: true,
  apr_alert: true,
  dual_settled: true,
};
export const KINDS = Object.keys(KIND_ORDER) as NotificationKind[];

/** How often the bell asks for the unread count when the event stream is not open. */
export const UNREAD_POLL_MS = 60_000;
export const INBOX_PAGE = 20;

export const notifyKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (filter: { kind?: string; unread: boolean; lang: string }) =>
    ['notifications', 'list', filter.kind ?? '', filter.unread, filter.lang] as const,
  prefs: ['notifications', 'prefs'] as const,
};

export const notifyQueries = {
  unread: () =>
    queryOptions({
      queryKey: notifyKeys.unread,
      queryFn: async ({ signal }) =>
        (await getData('/api/web/v1/notifications', { query: { limit: 1 }, signal })).unread,
      refetchInterval: UNREAD_POLL_MS,
      staleTime: 10_000,
      meta: { silent: true },
    }),
  prefs: () =>
    queryOptions({
      queryKey: notifyKeys.prefs,
      queryFn: ({ signal }) => getData('/api/web/v1/notifications/preferences', { signal }),
    }),
};

/** The catalogue a language code names; the first (English) for any other. */
export const languageOf = (code: string): LanguageCode =>
  LANGUAGES.find((l) => l.code === code)?.code ?? LANGUAGES[0].code;

export function fetchInboxPage(
  filter: { kind?: NotificationKind; unread: boolean; lang: string },
  cursor: number | undefined,
  signal?: AbortSignal,
) {
  return getData('/api/web/v1/notifications', {
    query: {
      limit: INBOX_PAGE,
      kind: filter.kind,
      unread: filter.unread ? '1' : undefined,
      cursor,
      lang: languageOf(filter.lang),
    },
    signal,
  });
}

export const markRead = (body: ApiBody<'/api/web/v1/notifications/read'>) =>
  callApi('post', '/api/web/v1/notifications/read', { body });

export const savePrefs = (body: ApiBody<'/api/web/v1/notifications/preferences'>) =>
  callApi('post', '/api/web/v1/notifications/preferences', { body });
