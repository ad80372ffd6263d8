import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../../../api/queries';
import { DataTable } from '../../../components/DataTable';
import { Amount, formatUtc } from '../../../components/format';

/** Amounts per coin, one line each, with their units. */
function Coins({ amounts }: { amounts: Record<string, string> }) {
  const entries = Object.entries(amounts);
  if (entries.length === 0) return <>—</>;
  return (
    <Stack gap={0} align="flex-end">
      {entries.map(([coin, value]) => (
        <Amount key={coin} value={value} unit={coin} />
      ))}
    </Stack>
  );
}

/**
 * What the house owes per pair, direction and settlement time: the open amount and what it pays if
 * every target is reached or none is; below, the settlement runs.
 */
export function DualExposure() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.dualExposure());
  return (
    <Stack gap="md">
      <DataTable
        caption={t('admin.dualp.exposure')}
        testId="dualexp-table"
        rows={q.data?.exposure}
        rowKey={(r) => `${r.base_coin}-${r.direction}-${r.settle_time}`}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        minWidth={900}
        columns={[
          {
            key: 'pair',
            title: t('admin.dualp.pair'),
            render: (r) => `${r.base_coin}/USDT · ${t(`admin.dualp.${r.direction}`)}`,
          },
          { key: 'settle', title: t('admin.dualp.settleTime'), render: (r) => formatUtc(r.settle_time) },
          {
            key: 'count',
            title: t('admin.dualp.orders'),
            align: 'right',
            render: (r) => `${r.orders} (${t('admin.dualp.productsN', { n: r.products })})`,
          },
          {
            key: 'open',
            title: t('admin.dualp.open'),
            align: 'right',
            render: (r) => <Coins amounts={r.open_amount} />,
          },
          {
            key: 'reached',
            title: t('admin.dualp.paysReached'),
            align: 'right',
            render: (r) => <Coins amounts={r.pays_if_reached} />,
          },
          {
            key: 'notReached',
            title: t('admin.dualp.paysNotReached'),
            align: 'right',
            render: (r) => <Coins amounts={r.pays_if_not_reached} />,
          },
        ]}
      />
      <Text fw={600} size="sm">
        {t('admin.dualp.runs')}
      </Text>
      <DataTable
        caption={t('admin.dualp.runs')}
        testId="dualrun-table"
        rows={q.data?.runs}
        rowKey={(r) => String(r.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        columns={[
          { key: 'time', title: t('admin.dualp.runTime'), render: (r) => formatUtc(r.time) },
          { key: 'product', title: t('admin.dualp.product'), render: (r) => `#${r.product_id}` },
          {
            key: 'outcome',
            title: t('admin.dualp.outcome'),
            render: (r) => (
              <Group gap={4}>
                {t(`admin.dualp.run.${r.outcome}`)}
                {r.reached !== null && (
                  <Text span size="xs" c="dimmed">
                    {r.reached ? t('admin.dualp.reached') : t('admin.dualp.notReached')}
                  </Text>
                )}
              </Group>
            ),
          },
          {
            key: 'fixing',
            title: t('admin.dualp.fixing'),
            align: 'right',
            render: (r) => <Amount value={r.fixing_price} unit="USDT" />,
          },
          { key: 'orders', title: t('admin.dualp.orders'), align: 'right', render: (r) => r.orders },
          {
            key: 'totals',
            title: t('admin.dualp.paid'),
            align: 'right',
            render: (r) => <Coins amounts={r.totals} />,
          },
        ]}
      />
    </Stack>
  );
}
