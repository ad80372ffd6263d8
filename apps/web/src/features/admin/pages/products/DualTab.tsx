import { Badge, Group, Pagination } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { DualOrder } from '../../api/types';
import { CodeLabel } from '../../components/CodeLabel';
import { DataTable } from '../../components/DataTable';
import { Amount, dualPriceCoin, formatUtc } from '../../components/format';
import { ListToolbar, matches } from '../../components/ListToolbar';
import { RowActions } from '../../components/RowActions';
import { formBody } from '../../forms/fields';
import { RecordForm } from '../../forms/RecordForm';
import { dualStatusSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

const PAGE = 20;

/** Dual and sniper order records: their status and settlement, which the operator moves. */
export function DualTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useQuery(adminQueries.dual(page, PAGE));
  const [search, setSearch] = useState('');
  const d = useRecordDialog<DualOrder>();
  const rows = matches(q.data?.list, search, (r) => [
    r.id,
    r.user_id,
    r.invest_coin,
    r.exercise_coin,
    r.status,
  ]);
  const row = d.dialog?.row ?? null;
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE));
  return (
    <>
      <ListToolbar search={search} onSearch={setSearch} />
      <DataTable
        caption={t('admin.tab.dual')}
        testId="dual-table"
        rows={rows}
        rowKey={(r) => String(r.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        minWidth={980}
        columns={[
          { key: 'id', title: 'ID', render: (r) => r.id },
          { key: 'user', title: t('admin.f.user'), render: (r) => r.user_id },
          { key: 'kind', title: t('admin.dual.kind'), render: (r) => t(`admin.dual.${r.kind}`) },
          {
            key: 'amount',
            title: t('admin.f.amount'),
            align: 'right',
            render: (r) => <Amount value={r.amount} unit={r.invest_coin} />,
          },
          {
            key: 'target',
            title: t('admin.dual.target'),
            align: 'right',
            render: (r) => <Amount value={r.target_price} unit={dualPriceCoin(r)} />,
          },
          { key: 'apr', title: 'APR', align: 'right', render: (r) => `${r.apr} %` },
          {
            key: 'status',
            title: t('admin.f.status'),
            render: (r) => (
              <Badge variant="light" color={r.is_open ? 'blue' : 'gray'}>
                <CodeLabel family="pstatus" code={r.status} withCode={false} />
              </Badge>
            ),
          },
          {
            key: 'settle',
            title: t('admin.f.settle_amount'),
            align: 'right',
            render: (r) =>
              r.settle_amount ? <Amount value={r.settle_amount} unit={r.settle_coin ?? ''} /> : '—',
          },
          { key: 'expire', title: t('admin.dual.expires'), render: (r) => formatUtc(r.expire_time) },
        ]}
        actions={(r) => <RowActions id={`dual-${r.id}`} onEdit={() => d.edit(r)} />}
      />
      <Group justify="flex-end" mt="md">
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': t(
              control === 'previous' || control === 'first' ? 'admin.pager.previous' : 'admin.pager.next',
            ),
          })}
        />
      </Group>
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={t('admin.dual.edit', { id: row?.id ?? '' })}
        specs={dualStatusSpecs}
        mode="edit"
        row={row as Record<string, unknown> | null}
        area="catalogue"
        invalidate={[adminKeys.products]}
        submit={(body, idempotencyKey) =>
          adminSend('put', '/admin/api/dual/orders/{id}', {
            params: { id: String(row?.id) },
            body: formBody(body),
            idempotencyKey,
          })
        }
        testId="dual-form"
      />
    </>
  );
}
