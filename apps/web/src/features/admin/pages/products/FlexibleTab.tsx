import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { FlexProduct } from '../../api/types';
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
import { flexibleSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

/**
 * A live product's rate edits are previewed: holders, principal and the hour's interest (or bonus)
 * before and after.
 */
export function flexibleImpact(row: FlexProduct | null) {
  return (changes: Change[]): ImpactRequest[] => {
    if (row?.status !== 1) return [];
    const params = { asset: row.asset };
    const requests: ImpactRequest[] = [];
    const rate = changes.find((c) => c.spec.key === 'next_time_rate_year');
    if (rate)
      requests.push({
        path: '/admin/api/simple-earn/flexible-products/{asset}/impact',
        params,
        query: { next_time_rate_year: String(rate.after) },
        rateUnit: 'fraction',
      });
    const bonus = changes.find((c) => c.spec.key === 'ext_award_rate_year');
    if (bonus)
      requests.push({
        path: '/admin/api/simple-earn/flexible-products/{asset}/bonus-impact',
        params,
        query: { ext_award_rate_year: String(bonus.after) },
        title: 'admin.impact.bonusTitle',
        rateUnit: 'fraction',
      });
    return requests;
  };
}

export function FlexibleTab() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.flexible());
  const [search, setSearch] = useState('');
  const d = useRecordDialog<FlexProduct>();
  const rows = matches(q.data, search, (r) => [r.asset]);
  const row = d.dialog?.row ?? null;
  return (
    <>
      <ListToolbar search={search} onSearch={setSearch}>
        <WriteButton area="catalogue" onClick={d.create} testId="flexible-create">
          {t('admin.products.createFlexible')}
        </WriteButton>
      </ListToolbar>
      <DataTable
        caption={t('admin.tab.flexible')}
        testId="flexible-table"
        rows={rows}
        rowKey={(r) => r.asset}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        columns={[
          { key: 'asset', title: t('admin.f.asset'), render: (r) => <strong>{r.asset}</strong> },
          {
            key: 'rate',
            title: t('admin.f.next_time_rate_year'),
            align: 'right',
            render: (r) => fractionAsPercent(r.next_time_rate_year),
          },
          {
            key: 'last',
            title: t('admin.products.lastRate'),
            align: 'right',
            render: (r) => fractionAsPercent(r.last_rate_year),
          },
          {
            key: 'supplied',
            title: t('admin.products.supplied'),
            align: 'right',
            render: (r) => <Amount value={r.last_supplied} unit={r.asset} />,
          },
          {
            key: 'demand',
            title: t('admin.f.borrow_demand'),
            align: 'right',
            render: (r) => <Amount value={r.borrow_demand} unit={r.asset} />,
          },
          {
            key: 'min',
            title: t('admin.f.min_lend_amount'),
            align: 'right',
            render: (r) => <Amount value={r.min_lend_amount} unit={r.asset} />,
          },
          {
            key: 'accrued',
            title: t('admin.products.accruedUntil'),
            render: (r) => formatUtc(r.accrued_until),
          },
          { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
        ]}
        actions={(r) => (
          <RowActions
            id={`flexible-${r.asset}`}
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
            ? t('admin.products.createFlexible')
            : t('admin.products.editFlexible', { asset: row?.asset ?? '' })
        }
        specs={flexibleSpecs}
        subject={(wire) => t('admin.subject.flexible', { asset: row?.asset ?? wire.asset ?? '' })}
        mode={d.dialog?.mode ?? 'edit'}
        row={row as Record<string, unknown> | null}
        preset={d.dialog?.preset}
        reviewFirst={d.dialog?.reviewFirst}
        defaults={DEFAULTS}
        area="catalogue"
        invalidate={[adminKeys.flexible, adminKeys.dashboard]}
        impact={flexibleImpact(row)}
        submit={(body, idempotencyKey) =>
          d.dialog?.mode === 'create'
            ? adminSend('post', '/admin/api/simple-earn/flexible-products', {
                body: formBody(body),
                idempotencyKey,
              })
            : adminSend('put', '/admin/api/simple-earn/flexible-products/{asset}', {
                params: { asset: String(row?.asset) },
                body: formBody(body),
                idempotencyKey,
              })
        }
        testId="flexible-form"
      />
    </>
  );
}

const DEFAULTS = { status: 1, sort: 0, is_open_award_pool: false, ladder_apr: [] };
