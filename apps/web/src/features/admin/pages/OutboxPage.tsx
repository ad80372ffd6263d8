import { Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminQueries, OUTBOX_PAGE } from '../api/queries';
import type { OutboxMail } from '../api/types';
import { CodeLabel } from '../components/CodeLabel';
import { CursorPager, useCursorPages } from '../components/CursorPager';
import { DataTable } from '../components/DataTable';
import { formatUtc } from '../components/format';
import { PageHeader } from '../components/PageHeader';

const STATUSES = ['all', 'pending', 'sent', 'failed'] as const;
type Filter = (typeof STATUSES)[number];

/** Sent once sent_at is set; failed when tried and not sent (waiting for its next try); else pending. */
export function outboxStatus(m: Pick<OutboxMail, 'sent_at' | 'attempts'>): 'sent' | 'failed' | 'pending' {
  if (m.sent_at !== null) return 'sent';
  return m.attempts > 0 ? 'failed' : 'pending';
}

const COLOR = { sent: 'teal', failed: 'red', pending: 'yellow' } as const;

/** A mail's text, or why it is not shown (a reset code is for its owner alone), and the last error. */
function MailBody({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={`outbox-body-${mail.id}`}>
      {mail.body === null ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t('admin.outbox.hidden')}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mail.body}
        </Text>
      )}
      {mail.last_error && (
        <Text size="xs" c="red">
          {t('admin.outbox.lastError', { error: mail.last_error })}
        </Text>
      )}
    </Stack>
  );
}

/** The mail outbox, newest first: what the server wrote, sent or waiting, filtered by status. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: Filter = (STATUSES as readonly string[]).includes(raw ?? '') ? (raw as Filter) : 'all';
  const pages = useCursorPages();
  const page = typeof pages.cursor === 'number' ? pages.cursor : 1;
  const q = useQuery({
    ...adminQueries.outbox(status === 'all' ? undefined : status, page),
    placeholderData: keepPreviousData,
  });
  const more = q.data ? page * OUTBOX_PAGE < q.data.total : false;
  return (
    <>
      <PageHeader title={t('admin.nav.outbox')} intro={t('admin.outbox.intro')} />
      <Group mb="md" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('admin.outbox.status')}
          data-testid="outbox-status"
          value={status}
          onChange={(v) => {
            pages.reset();
            setParams(v === 'all' ? {} : { status: v });
          }}
          data={STATUSES.map((s) => ({ value: s, label: t(`admin.outbox.filter.${s}`) }))}
        />
        {q.data && (
          <Text size="sm" c="dimmed" data-testid="outbox-total">
            {t('admin.outbox.total', { count: q.data.total })}
          </Text>
        )}
      </Group>
      <DataTable
        caption={t('admin.nav.outbox')}
        testId="outbox-table"
        rows={q.data?.list}
        rowKey={(m) => String(m.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('admin.outbox.none')}
        minWidth={900}
        expand={(m) => <MailBody mail={m} />}
        columns={[
          {
            key: 'created',
            title: t('admin.outbox.created'),
            render: (m) => <span className="num">{formatUtc(m.created_at)}</span>,
          },
          { key: 'to', title: t('admin.outbox.to'), render: (m) => m.to },
          { key: 'subject', title: t('admin.outbox.subject'), render: (m) => m.subject, wrap: true },
          {
            key: 'template',
            title: t('admin.outbox.template'),
            render: (m) => <CodeLabel family="outbox.tpl" code={m.template} withCode={false} />,
          },
          { key: 'language', title: t('admin.outbox.language'), render: (m) => m.language },
          {
            key: 'status',
            title: t('admin.outbox.status'),
            render: (m) => {
              const s = outboxStatus(m);
              return (
                <Badge color={COLOR[s]} variant="light" data-status={s}>
                  {t(`admin.outbox.filter.${s}`)}
                </Badge>
              );
            },
          },
          {
            key: 'sent',
            title: t('admin.outbox.sentAt'),
            render: (m) => (m.sent_at === null ? '—' : <span className="num">{formatUtc(m.sent_at)}</span>),
          },
          { key: 'attempts', title: t('admin.outbox.attempts'), render: (m) => m.attempts, align: 'right' },
        ]}
      />
      <CursorPager
        page={pages.page}
        nextCursor={more ? page + 1 : null}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </>
  );
}
