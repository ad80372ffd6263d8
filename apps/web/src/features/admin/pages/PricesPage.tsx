import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../api/http';
import { adminKeys, adminQueries } from '../api/queries';
import type { MarketAsset } from '../api/types';
import { DataTable } from '../components/DataTable';
import { Amount } from '../components/format';
import { ListToolbar, matches } from '../components/ListToolbar';
import { PageHeader } from '../components/PageHeader';
import { RowActions } from '../components/RowActions';
import { WriteButton } from '../components/WriteButton';
import { formBody } from '../forms/fields';
import { RecordForm } from '../forms/RecordForm';
import { priceSpecs } from '../forms/specs';
import { useRecordDialog } from '../forms/useRecordDialog';

/** Every listed asset's USDT price; an edit sets it, a new symbol lists the asset. */
export default function PricesPage() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.prices());
  const [search, setSearch] = useState('');
  const d = useRecordDialog<MarketAsset>();
  const rows = matches(q.data, search, (r) => [r.asset, r.name]);
  const row = d.dialog?.row ?? null;
  return (
    <>
      <PageHeader title={t('admin.nav.prices')} intro={t('admin.prices.intro')} />
      <ListToolbar search={search} onSearch={setSearch}>
        <WriteButton area="catalogue" onClick={d.create} testId="price-create">
          {t('admin.prices.list')}
        </WriteButton>
      </ListToolbar>
      <DataTable
        caption={t('admin.nav.prices')}
        testId="prices-table"
        rows={rows}
        rowKey={(r) => r.asset}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        minWidth={560}
        columns={[
          { key: 'asset', title: t('admin.f.asset'), render: (r) => <strong>{r.asset}</strong> },
          { key: 'name', title: t('admin.f.asset_name'), render: (r) => r.name },
          {
            key: 'price',
            title: t('admin.f.price_usdt'),
            align: 'right',
            render: (r) => <Amount value={r.price_usdt} unit="USDT" decimals={12} />,
          },
          { key: 'precision', title: t('admin.f.precision'), align: 'right', render: (r) => r.precision },
        ]}
        actions={(r) => <RowActions id={`price-${r.asset}`} onEdit={() => d.edit(r)} />}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={
          d.dialog?.mode === 'create'
            ? t('admin.prices.list')
            : t('admin.prices.edit', { asset: row?.asset ?? '' })
        }
        specs={priceSpecs}
        mode={d.dialog?.mode ?? 'edit'}
        row={row}
        area="catalogue"
        invalidate={[adminKeys.prices, adminKeys.dashboard]}
        submit={(body, idempotencyKey) => {
          const asset = d.dialog?.mode === 'create' ? String(body.asset) : row?.asset;
          const { asset: _, ...rest } = body;
          // The price is the call's one required field: an edit of the name alone sends the price as it is.
          return adminSend('put', '/admin/api/prices/{asset}', {
            params: { asset: String(asset) },
            body: formBody({ usdt: row?.price_usdt, ...rest }),
            idempotencyKey,
          });
        }}
        testId="price-form"
      />
    </>
  );
}
