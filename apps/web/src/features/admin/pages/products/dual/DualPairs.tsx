import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../../api/http';
import { adminKeys, adminQueries } from '../../../api/queries';
import type { DualPair } from '../../../api/types';
import { DataTable } from '../../../components/DataTable';
import { RowActions } from '../../../components/RowActions';
import { WriteButton } from '../../../components/WriteButton';
import { dualPairSpecs } from '../../../forms/dual-specs';
import { RecordForm } from '../../../forms/RecordForm';
import { useRecordDialog } from '../../../forms/useRecordDialog';

/** Each pair's yearly volatility and margin, from which its quoted products' APRs follow. */
export function DualPairs() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.dualPairs());
  const d = useRecordDialog<DualPair>();
  const row = d.dialog?.row ?? null;
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <WriteButton area="catalogue" onClick={d.create} testId="dualpair-create">
          {t('admin.dualp.pairAdd')}
        </WriteButton>
      </Group>
      <DataTable
        caption={t('admin.dualp.pairs')}
        testId="dualpair-table"
        rows={q.data}
        rowKey={(r) => r.base_coin}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        columns={[
          {
            key: 'coin',
            title: t('admin.dualp.baseCoin'),
            render: (r) => <strong>{r.base_coin}/USDT</strong>,
          },
          {
            key: 'vol',
            title: t('admin.dualp.volatility'),
            align: 'right',
            render: (r) => `${r.volatility} %`,
          },
          { key: 'margin', title: t('admin.dualp.margin'), align: 'right', render: (r) => `${r.margin} %` },
        ]}
        actions={(r) => <RowActions id={`dualpair-${r.base_coin}`} onEdit={() => d.edit(r)} />}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={
          d.dialog?.mode === 'create'
            ? t('admin.dualp.pairAdd')
            : t('admin.dualp.pairEdit', { coin: row?.base_coin ?? '' })
        }
        specs={dualPairSpecs}
        subject={(wire) =>
          t('admin.dualp.pairSubject', { coin: row?.base_coin ?? String(wire.base_coin ?? '') })
        }
        mode={d.dialog?.mode ?? 'edit'}
        row={row as Record<string, unknown> | null}
        area="catalogue"
        invalidate={[adminKeys.products]}
        submit={(body, idempotencyKey) => {
          const coin = d.dialog?.mode === 'create' ? String(body.base_coin) : (row?.base_coin ?? '');
          const { base_coin: _, ...rest } = body;
          // An edit sends only what changed: the other setting goes as it is.
          const full = { volatility: row?.volatility, margin: row?.margin, ...rest };
          return adminSend('put', '/admin/api/dual/pairs/{coin}', {
            params: { coin },
            body: { volatility: String(full.volatility), margin: String(full.margin) },
            idempotencyKey,
          });
        }}
        testId="dualpair-form"
      />
    </>
  );
}
