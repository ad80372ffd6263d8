import { Badge, Button, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { formatAmount, formatPercent } from '../../../components/format';
import type { Column } from '../../../components/ResponsiveTable';
import { formatDate } from '../../../i18n';
import { type DualOrder, priceCoin, statusColor } from '../api/index';
import { SettledCell } from './DualOrderDetail';

/** The columns of the user's dual orders (`/dual/orders`); `onView` opens an order's detail. */
export function dualOrderColumns(
  t: TFunction,
  onView: (order: Pick<DualOrder, 'order_id' | 'kind'>) => void,
): Column<DualOrder>[] {
  return [
    {
      key: 'product',
      title: t('dual.col.product'),
      render: (o) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {o.invest_coin} → {o.exercise_coin}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`dual.kind.${o.kind}`)} · #{o.order_id}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: t('dual.col.status'),
      render: (o) => (
        <Badge
          variant="light"
          color={statusColor(o.status)}
          data-testid={`dual-status-${o.order_id}`}
          data-status={o.status}
        >
          {t(`dual.status.${o.status}`)}
        </Badge>
      ),
    },
    {
      key: 'amount',
      title: t('dual.col.amount'),
      align: 'right',
      render: (o) => `${formatAmount(o.amount)} ${o.invest_coin}`,
    },
    // APR right after the amount: a mobile card shows it without More, as the list sorts by it.
    { key: 'apr', title: t('dual.col.apr'), align: 'right', render: (o) => formatPercent(o.apr) },
    {
      key: 'target',
      title: t('dual.col.target'),
      align: 'right',
      render: (o) => `${formatAmount(o.target_price)} ${priceCoin(o)}`,
    },
    { key: 'expire', title: t('dual.col.expire'), render: (o) => formatDate(o.expire_time, true) },
    {
      key: 'settle',
      title: t('dual.col.settlement'),
      align: 'right',
      render: (o) => <SettledCell order={o} />,
    },
    {
      key: 'actions',
      title: t('dual.col.actions'),
      align: 'right',
      render: (o) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onView({ order_id: o.order_id, kind: o.kind })}
          aria-label={t('dual.detail.viewLabel', { id: o.order_id })}
          data-testid={`dual-view-${o.order_id}`}
        >
          {t('dual.detail.view')}
        </Button>
      ),
    },
  ];
}
