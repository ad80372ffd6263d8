import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DisabledReason } from '../../../components/DisabledReason';
import { QueryState } from '../../../components/query-state/QueryState';
import { formatServerTime } from '../../../components/serverTime';
import '../i18n/register';
import {
  fetchInboxPage,
  type InboxItem,
  KINDS,
  markRead,
  type NotificationKind,
  notifyKeys,
} from '../api/index';

function Item({ item, onRead }: { item: InboxItem; onRead: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="inbox-item" data-read={item.read ? 'true' : 'false'}>
      <UnstyledButton onClick={() => !item.read && onRead(item.id)} style={{ width: '100%' }}>
        {!item.read && <VisuallyHidden>{`${t('notify.markRead')}: `}</VisuallyHidden>}
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              {!item.read && <Badge size="xs" color="red" variant="filled" circle aria-hidden="true" />}
              <Text fw={item.read ? 500 : 700}>{item.title}</Text>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.body}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge variant="light" size="sm">
              {t(`notify.kind.${item.kind}`)}
            </Badge>
            <Text size="xs" c="dimmed" data-testid="inbox-time">
              {formatServerTime(item.created_at)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </Card>
  );
}

/** The inbox: newest first, filter by kind or unread, read on click, mark all read, load more. */
export default function InboxPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [kind, setKind] = useState<NotificationKind | undefined>();
  const [unread, setUnread] = useState(false);
  const filter = { kind, unread, lang: i18n.language };
  const pages = useInfiniteQuery({
    queryKey: notifyKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchInboxPage(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const read = useMutation({
    mutationFn: markRead,
    onSuccess: ({ unread: count }) => {
      client.setQueryData(notifyKeys.unread, count);
      void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
  const items = pages.data?.pages.flatMap((p) => p.list) ?? [];
  // Unknown until the first page is in: neither "nothing unread" nor a count.
  const unreadCount = pages.data?.pages[0]?.unread;

  return (
    <Stack gap="md" maw={860} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('notify.title')}
        </Title>
        <Anchor component={Link} to="/notifications/preferences" size="sm">
          {t('notify.preferences')}
        </Anchor>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="wrap">
          <Select
            aria-label={t('notify.filterKind')}
            data-testid="kind-filter"
            w={220}
            value={kind ?? 'all'}
            onChange={(v) => setKind(!v || v === 'all' ? undefined : (v as NotificationKind))}
            data={[
              { value: 'all', label: t('notify.kind.all') },
              ...KINDS.map((k) => ({ value: k, label: t(`notify.kind.${k}`) })),
            ]}
            allowDeselect={false}
          />
          <Switch
            label={t('notify.unreadOnly')}
            checked={unread}
            onChange={(e) => setUnread(e.currentTarget.checked)}
          />
        </Group>
        <DisabledReason
          reason={unreadCount === 0 ? t('notify.nothingUnread') : null}
          testId="mark-all-reason"
        >
          <Button
            variant="light"
            disabled={!unreadCount}
            loading={read.isPending}
            onClick={() => read.mutate({ all: true })}
          >
            {t('notify.markAllRead')}
          </Button>
        </DisabledReason>
      </Group>
      <QueryState
        queries={pages}
        empty={items.length === 0}
        emptyText={t('notify.empty')}
        loading={[0, 1, 2].map((i) => <Skeleton key={i} h={84} radius="md" />)}
        data-testid="inbox"
      >
        <Stack gap="sm">
          {items.map((item) => (
            <Item key={item.id} item={item} onRead={(id) => read.mutate({ ids: [id] })} />
          ))}
        </Stack>
      </QueryState>
      {pages.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {t('notify.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
