import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { SoftStakingCoin } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Amount, amountOrUnlimited } from '../../components/format';
import { ListToolbar, matches } from '../../components/ListToolbar';
import { RowActions } from '../../components/RowActions';
import { StatusBadge } from '../../components/StatusBadge';
import { WriteButton } from '../../components/WriteButton';
import type { Change } from '../../forms/fields';
import { formBody } from '../../forms/fields';
import type { ImpactRequest } from '../../forms/ImpactPanel';
import { RecordForm } from '../../forms/RecordForm';
import { softStakingSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

const DEFAULTS = { status: 'online', min_amount: '0', max_amount: '-1' };

export function SoftStakingTab() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.softStaking());
  const [search, setSearch] = useState('');
  const d = useRecordDialog<SoftStakingCoin>();
  const rows = matches(q.data, search, (r) => [r.coin]);
  const row = d.dialog?.row ?? null;
  const impact = (changes: Change[]): ImpactRequest[] => {
    const rate = changes.find((c) => c.spec.key === 'rate');
    if (row?.status !== 'online' || !rate) return [];
    return [
      {
        path: '/admin/api/soft-staking/coins/{coin}/impact',
        params: { coin: row.coin },
        query: { rate: String(rate.after) },
        rateUnit: '%',
      },
    ];
  };
  return (
    <>
      <ListToolbar search={search} onSearch={setSearch}>
        <WriteButton area="catalogue" onClick={d.create} testId="soft-create">
          {t('admin.products.createSoft')}
        </WriteButton>
      </ListToolbar>
      <DataTable
        caption={t('admin.tab.softStaking')}
        testId="soft-table"
        rows={rows}
        rowKey={(r) => r.coin}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        columns={[
          { key: 'coin', title: t('admin.f.coin'), render: (r) => <strong>{r.coin}</strong> },
          { key: 'rate', title: t('admin.f.rate_percent'), align: 'right', render: (r) => `${r.rate} %` },
          {
            key: 'min',
            title: t('admin.f.min_amount'),
            align: 'right',
            render: (r) => <Amount value={r.min_amount} unit={r.coin} />,
          },
          {
            key: 'max',
            title: t('admin.f.max_amount'),
            align: 'right',
            render: (r) => amountOrUnlimited(r.max_amount, r.coin, t('admin.unlimited')),
          },
          { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
        ]}
        actions={(r) => (
          <RowActions
            id={`soft-${r.coin}`}
            onEdit={() => d.edit(r)}
            open={r.status === 'online'}
            onToggle={() => d.act(r, { status: r.status === 'online' ? 'offline' : 'online' })}
          />
        )}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={
          d.dialog?.mode === 'create'
            ? t('admin.products.createSoft')
            : t('admin.products.editSoft', { coin: row?.coin ?? '' })
        }
        specs={softStakingSpecs}
        subject={(wire) => t('admin.subject.softStaking', { coin: row?.coin ?? wire.coin ?? '' })}
        mode={d.dialog?.mode ?? 'edit'}
        row={row as Record<string, unknown> | null}
        preset={d.dialog?.preset}
        reviewFirst={d.dialog?.reviewFirst}
        defaults={DEFAULTS}
        area="catalogue"
        invalidate={[adminKeys.softStaking, adminKeys.dashboard]}
        impact={impact}
        submit={(body, idempotencyKey) => {
          const coin = d.dialog?.mode === 'create' ? String(body.coin) : row?.coin;
          const { coin: _, ...rest } = body;
          return adminSend('put', '/admin/api/soft-staking/coins/{coin}', {
            params: { coin: String(coin) },
            body: formBody(rest),
            idempotencyKey,
          });
        }}
        testId="soft-form"
      />
    </>
  );
}
