import { Card, Group, Select, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../../api/queries';
import { HISTORY_LINES } from '../../api/types';
import { CodeLabel } from '../../components/CodeLabel';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { DataTable } from '../../components/DataTable';
import { Amount, formatUtc } from '../../components/format';

/** The user's ledger history, newest first, by line, paged by cursor. */
export function HistoryCard({ userRef }: { userRef: string }) {
  const { t } = useTranslation();
  const [line, setLine] = useState('');
  const pages = useCursorPages();
  const q = useQuery({
    ...adminQueries.history(userRef, line, pages.cursor),
    placeholderData: keepPreviousData,
  });
  return (
    <Card className="surface">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('admin.users.history')}
        </Title>
        <Select
          aria-label={t('admin.users.historyLine')}
          data={[
            { value: '', label: t('admin.users.allLines') },
            ...HISTORY_LINES.map((l) => ({ value: l, label: t(`admin.line.${l}`) })),
          ]}
          value={line}
          onChange={(v) => {
            setLine(v ?? '');
            pages.reset();
          }}
          w={240}
          allowDeselect={false}
          data-testid="history-line"
        />
      </Group>
      <DataTable
        caption={t('admin.users.history')}
        testId="user-history"
        rows={q.data?.list}
        rowKey={(h) => String(h.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('admin.users.noHistory')}
        columns={[
          { key: 'at', title: t('admin.audit.at'), render: (h) => formatUtc(h.at) },
          {
            key: 'reason',
            title: t('admin.users.reason'),
            render: (h) => <CodeLabel family="reason" code={h.reason} />,
          },
          {
            key: 'line',
            title: t('admin.users.line'),
            render: (h) => t(`admin.line.${h.line}`, { defaultValue: h.line }),
          },
          {
            key: 'account',
            title: t('admin.users.account'),
            render: (h) => t(`admin.purpose.${h.account}`, { defaultValue: h.account }),
          },
          {
            key: 'amount',
            title: t('admin.f.amount'),
            align: 'right',
            render: (h) => (
              // The light-variant text colours: the app sets them to reach 4.5:1 on a light row
              // (Mantine's teal is 2.5:1 on white), and Mantine's lighter shades on a dark one.
              <Amount
                value={h.amount}
                unit={h.asset}
                c={
                  h.amount.startsWith('-')
                    ? 'var(--mantine-color-red-light-color)'
                    : 'var(--mantine-color-teal-light-color)'
                }
              />
            ),
          },
          { key: 'entry', title: t('admin.users.entry'), align: 'right', render: (h) => h.entry_id },
        ]}
      />
      <CursorPager
        page={pages.page}
        nextCursor={q.data?.next_cursor}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </Card>
  );
}
