import { Card, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../../api/queries';
import { CodeLabel } from '../../components/CodeLabel';
import { DataTable } from '../../components/DataTable';
import { Amount, formatUtc } from '../../components/format';
import { QueryState } from '../../components/QueryState';

/** The user's positions, a tab per product line. */
export function PositionsCard({ userRef }: { userRef: string }) {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.positions(userRef));
  const lines = q.data?.lines ?? [];
  const [tab, setTab] = useState<string | null>(null);
  const current = tab ?? lines.find((l) => l.positions.length > 0)?.line ?? lines[0]?.line ?? null;
  return (
    <Card className="surface">
      <Title order={2} size="h4" mb="sm">
        {t('admin.users.positions')}
      </Title>
      <QueryState
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={lines.length === 0}
        testId="user-positions"
      >
        <Tabs value={current} onChange={setTab}>
          <Tabs.List>
            {lines.map((l) => (
              <Tabs.Tab key={l.line} value={l.line} fz="xs">
                {t(`admin.line.${l.line}`)} ({l.positions.length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {lines.map((l) => (
            <Tabs.Panel key={l.line} value={l.line} pt="sm">
              <DataTable
                caption={t(`admin.line.${l.line}`)}
                rows={l.positions}
                rowKey={(p) => String(p.id)}
                emptyText={t('admin.users.noPositions')}
                minWidth={480}
                columns={[
                  { key: 'product', title: t('admin.users.product'), render: (p) => p.product },
                  {
                    key: 'amount',
                    title: t('admin.f.amount'),
                    align: 'right',
                    render: (p) => <Amount value={p.amount} unit={p.asset} />,
                  },
                  {
                    key: 'status',
                    title: t('admin.f.status'),
                    render: (p) => <CodeLabel family="pstatus" code={p.status} withCode={false} />,
                  },
                  { key: 'since', title: t('admin.users.since'), render: (p) => formatUtc(p.since) },
                ]}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </QueryState>
    </Card>
  );
}
