import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { FixedProduct } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Amount, formatUtc, fractionAsPercent } from '../../components/format';
import { ListToolbar, matches } from '../../components/ListToolbar';
import { RowActions } from '../../components/RowActions';
import { StatusBadge } from '../../components/StatusBadge';
import { WriteButton } from '../../components/WriteButton';
import type { Change } from '../../forms/fields';
import { formBody } from '../../forms/fields';
import type { ImpactRequest } from '../../forms/ImpactPanel';
import { RecordForm } from '../../forms/RecordForm';
import { fixedSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

/** A live fixed product's rate applies to new and reinvested orders: the preview says what a day costs. */
export function fixedImpact(row: FixedProduct | null) {
  return (changes: Change[]): ImpactRequest[] => {
    const rate = changes.find((c) => c.spec.key === 'year_rate');
    if (row?.status !== 1 || !rate) return [];
    return [
      {
        path: '/admin/api/simple-earn/fixed-products/{id}/impact',
        params: { id: row.id },
        query: { year_rate: String(rate.after) },
        rateUnit: 'fraction',
      },
    ];
  };
}

const DEFAULTS = {
  type: 1,
  min_vip: 0,
  max_vip: 0,
  reinvest: 1,
  redeem_account: 1,
  pre_redeem: 0,
  status: 1,
  ladder_apr: [],
  special_users: [],
};

export function FixedTab() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.fixed());
  const [search, setSearch] = useState('');
  const d = useRecordDialog<FixedProduct>();
  const rows = matches(q.data, search, (r) => [r.id, r.asset, r.title]);
  const row = d.dialog?.row ?? null;
  return (
    <>
      <ListToolbar search={search} onSearch={setSearch}>
        <WriteButton area="catalogue" onClick={d.create} testId="fixed-create">
          {t('admin.products.createFixed')}
        </WriteButton>
      </ListToolbar>
      <DataTable
        caption={t('admin.tab.fixed')}
        testId="fixed-table"
        rows={rows}
        rowKey={(r) => String(r.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        minWidth={980}
        columns={[
          { key: 'id', title: 'ID', render: (r) => r.id },
          { key: 'asset', title: t('admin.f.asset'), render: (r) => <strong>{r.asset}</strong> },
          {
            key: 'type',
            title: t('admin.f.fixed_type'),
            render: (r) => <Badge variant="light">{t(`admin.opt.fixed.${r.type}`)}</Badge>,
          },
          {
            key: 'days',
            title: t('admin.f.lock_up_period'),
            align: 'right',
            render: (r) => t('admin.daysCount', { count: r.lock_up_period }),
          },
          {
            key: 'rate',
            title: t('admin.f.year_rate'),
            align: 'right',
            render: (r) => fractionAsPercent(r.year_rate),
          },
          {
            key: 'sold',
            title: t('admin.products.soldOfQuota'),
            align: 'right',
            render: (r) => (
              <>
                <Amount value={r.sold_amount} unit="" />/ <Amount value={r.total_quota} unit={r.asset} />
              </>
            ),
          },
          { key: 'start', title: t('admin.f.start_time'), render: (r) => formatUtc(r.start_time) },
          {
            key: 'end',
            title: t('admin.f.end_time'),
            render: (r) => (r.end_time ? formatUtc(r.end_time) : t('admin.review.none')),
          },
          { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
        ]}
        actions={(r) => (
          <RowActions
            id={`fixed-${r.id}`}
            onEdit={() => d.edit(r)}
            open={r.status === 1}
            onToggle={() => d.act(r, { status: r.status === 1 ? 0 : 1 })}
          />
        )}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={
          d.dialog?.mode === 'create'
            ? t('admin.products.createFixed')
            : t('admin.products.editFixed', { id: row?.id ?? '' })
        }
        specs={fixedSpecs}
        subject={(wire) =>
          t('admin.subject.fixed', {
            asset: row?.asset ?? wire.asset ?? '',
            days: wire.lock_up_period ?? row?.lock_up_period ?? '',
          })
        }
        mode={d.dialog?.mode ?? 'edit'}
        row={row as Record<string, unknown> | null}
        preset={d.dialog?.preset}
        reviewFirst={d.dialog?.reviewFirst}
        defaults={DEFAULTS}
        area="catalogue"
        invalidate={[adminKeys.fixed, adminKeys.dashboard]}
        impact={fixedImpact(row)}
        submit={(body, idempotencyKey) =>
          d.dialog?.mode === 'create'
            ? adminSend('post', '/admin/api/simple-earn/fixed-products', {
                body: formBody(body),
                idempotencyKey,
              })
            : adminSend('put', '/admin/api/simple-earn/fixed-products/{id}', {
                params: { id: String(row?.id) },
                body: formBody(body),
                idempotencyKey,
              })
        }
        testId="fixed-form"
      />
    </>
  );
}
