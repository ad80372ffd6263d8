import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiData } from '../../../api/types';
import '../i18n/register';
import { notifyKeys, notifyQueries } from '../api/index';

const STREAM_PATH = '/api/web/v1/notifications/stream';

function BellIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * Keeps the unread count live: the server's event stream pushes the count and new items to every
 * open tab; where it cannot stay open (or before it opens) the count is polled.
 */
function useUnreadStream() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(STREAM_PATH);
    source.addEventListener('unread', (e) => {
      // The stream's `unread` event carries the count the inbox list answers (the document's type).
      const { unread } = JSON.parse((e as MessageEvent<string>).data) as Pick<
        ApiData<'/api/web/v1/notifications'>,
        'unread'
      >;
      client.setQueryData(notifyKeys.unread, unread);
    });
    source.addEventListener('notification', () => {
      void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
    });
    return () => source.close();
  }, [client]);
}

/** The header's bell with the unread count; a click opens the inbox. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useQuery(notifyQueries.unread());
  useUnreadStream();
  const label = unread > 0 ? t('notify.bellUnread', { count: unread }) : t('notify.bell');
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      color="red"
      offset={4}
      data-testid="bell-count"
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="default"
        size="lg"
        aria-label={label}
        title={label}
        data-testid="notification-bell"
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
