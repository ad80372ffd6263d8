import { Badge, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../../api/http';
import { adminKeys, adminQueries } from '../../../api/queries';
import type { DualProduct } from '../../../api/types';
import { DataTable } from '../../../components/DataTable';
import { Amount, formatUtc } from '../../../components/format';
import { ListToolbar, matches } from '../../../components/ListToolbar';
import { RowActions } from '../../../components/RowActions';
import { WriteButton } from '../../../components/WriteButton';
import { dualProductSpecs } from '../../../forms/dual-specs';
import { formBody } from '../../../forms/fields';
import { RecordForm } from '../../../forms/RecordForm';
import { useRecordDialog } from '../../../forms/useRecordDialog';
import { CancelProductDialog } from './CancelProductDialog';
import { DualExposure } from './DualExposure';
import { DualPairs } from './DualPairs';

const STATUS_COLOR: Record<DualProduct['status'], string> = {
  open: 'blue',
  settling: 'yellow',
  settled: 'teal',
  failed: 'red',
  canceled: 'gray',
};

/** Dual products: create (fixed APR or quoted), cancel before settlement; pairs; exposure. */
export function DualProductsTab() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.dualProducts());
  const [search, setSearch] = useState('');
  const d = useRecordDialog<DualProduct>();
  const [canceling, setCanceling] = useState<DualProduct | null>(null);
  const rows = matches(q.data, search, (r) => [r.id, r.base_coin, r.direction, r.status]);
  return (
    <Stack gap="xl">
      <div>
        <ListToolbar search={search} onSearch={setSearch}>
          <WriteButton area="catalogue" onClick={d.create} testId="dualp-create">
            {t('admin.dualp.create')}
          </WriteButton>
        </ListToolbar>
        <DataTable
          caption={t('admin.tab.dualProducts')}
          testId="dualp-table"
          rows={rows}
          rowKey={(r) => String(r.id)}
          loading={q.isPending}
          error={q.error}
          onRetry={() => void q.refetch()}
          minWidth={1180}
          columns={[
            { key: 'id', title: 'ID', render: (r) => r.id },
            {
              key: 'pair',
              title: t('admin.dualp.pair'),
              render: (r) => `${r.base_coin}/USDT · ${t(`admin.dualp.${r.direction}`)}`,
            },
            {
              key: 'target',
              title: t('admin.dual.target'),
              align: 'right',
              render: (r) => <Amount value={r.target_price} unit="USDT" />,
            },
            { key: 'settle', title: t('admin.dualp.settleTime'), render: (r) => formatUtc(r.settle_time) },
            {
              key: 'apr',
              title: 'APR',
              align: 'right',
              render: (r) => `${r.apr} % (${t(`admin.dualp.${r.apr_type}`)})`,
            },
            {
              key: 'sold',
              title: t('admin.dualp.sold'),
              align: 'right',
              render: (r) => (
                <>
                  <Amount value={r.sold} unit={r.invest_coin} /> /{' '}
                  <Amount value={r.total_quota} unit={r.invest_coin} />
                </>
              ),
            },
            { key: 'orders', title: t('admin.dualp.orders'), align: 'right', render: (r) => r.orders },
            {
              key: 'status',
              title: t('admin.f.status'),
              render: (r) => (
                <Badge variant="light" color={STATUS_COLOR[r.status]} data-testid={`dualp-status-${r.id}`}>
                  {t(`admin.dualp.status.${r.status}`)}
                </Badge>
              ),
            },
            {
              key: 'fixing',
              title: t('admin.dualp.fixing'),
              align: 'right',
              render: (r) =>
                r.fixing_price !== null ? (
                  <Amount value={r.fixing_price} unit="USDT" />
                ) : r.status === 'failed' ? (
                  t('admin.dualp.retry', { n: r.attempts, time: formatUtc(r.retry_time) })
                ) : (
                  '—'
                ),
            },
          ]}
          actions={(r) =>
            r.status === 'open' ? (
              <RowActions id={`dualp-${r.id}`}>
                <WriteButton
                  area="catalogue"
                  size="xs"
                  variant="default"
                  color="red"
                  onClick={() => setCanceling(r)}
                  testId={`dualp-${r.id}-cancel`}
                >
                  {t('admin.dualp.cancel')}
                </WriteButton>
              </RowActions>
            ) : null
          }
        />
      </div>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('admin.dualp.pairs')}
        </Title>
        <DualPairs />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('admin.dualp.exposure')}
        </Title>
        <DualExposure />
      </Stack>
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={t('admin.dualp.create')}
        specs={dualProductSpecs}
        subject={(wire) => t('admin.dualp.subject', { coin: String(wire.invest_coin ?? '') })}
        mode="create"
        row={null}
        area="catalogue"
        invalidate={[adminKeys.products]}
        submit={(body, idempotencyKey) =>
          adminSend('post', '/admin/api/dual/products', { body: formBody(body), idempotencyKey })
        }
        testId="dualp-form"
      />
      <CancelProductDialog product={canceling} onClose={() => setCanceling(null)} />
    </Stack>
  );
}
