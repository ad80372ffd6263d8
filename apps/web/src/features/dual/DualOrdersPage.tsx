import './i18n';
import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { queries } from '../../api/queries';
import { useMe } from '../../app/auth';
import { MOBILE_QUERY } from '../../app/breakpoints';
import { formatAmount } from '../../components/format';
import { useTableState } from '../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../components/ResponsiveTable';
import { formatDate } from '../../i18n';
import { DUAL_ORDER_STATUSES, type DualOrder, dualQueries, type StatusFilter, statusColor } from './api';
import { DualOrderDetail } from './DualOrderDetail';

/** `/dual/orders`: the user's dual-investment orders and each one's status (all the spec shows of dual). */
export default function DualOrdersPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { me, isLoggedIn } = useMe();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Pick<DualOrder, 'order_id' | 'kind'> | null>(null);
  const orders = useQuery({ ...dualQueries.orders(filter, page), enabled: isLoggedIn });
  // Signed-in only: while the session is unknown (offline, failed) the table says so too.
  const session = useQuery(queries.me());
  const ordersState = useTableState([session, orders]);

  if (me === null) return <Navigate to={`/login?redirect=${encodeURIComponent('/dual/orders')}`} replace />;

  const columns: Column<DualOrder>[] = [
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
    {
      key: 'target',
      title: t('dual.col.target'),
      align: 'right',
      render: (o) => formatAmount(o.target_price),
    },
    { key: 'apr', title: t('dual.col.apr'), align: 'right', render: (o) => `${formatAmount(o.apr, 2)}%` },
    { key: 'expire', title: t('dual.col.expire'), render: (o) => formatDate(o.expire_time, true) },
    {
      key: 'settle',
      title: t('dual.col.settlement'),
      align: 'right',
      render: (o) =>
        o.settle_amount !== null && o.settle_coin ? `${formatAmount(o.settle_amount)} ${o.settle_coin}` : '—',
    },
    {
      key: 'actions',
      title: t('dual.col.actions'),
      align: 'right',
      render: (o) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => setOpened({ order_id: o.order_id, kind: o.kind })}
          aria-label={t('dual.detail.viewLabel', { id: o.order_id })}
          data-testid={`dual-view-${o.order_id}`}
        >
          {t('dual.detail.view')}
        </Button>
      ),
    },
  ];

  const options = [
    { value: 'all', label: t('dual.filter.all') },
    { value: 'open', label: t('dual.filter.open') },
    ...DUAL_ORDER_STATUSES.map((s) => ({ value: s, label: t(`dual.status.${s}`) })),
  ];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('dual.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('dual.subtitle')}
        </Text>
      </Stack>
      <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text fw={650}>{t('dual.orders')}</Text>
          <Select
            size="xs"
            w={220}
            data={options}
            value={filter}
            allowDeselect={false}
            onChange={(v) => {
              setFilter((v ?? 'all') as StatusFilter);
              setPage(1);
            }}
            aria-label={t('dual.filter.label')}
            data-testid="dual-filter"
          />
        </Group>
        <ResponsiveTable
          caption={t('dual.orders')}
          columns={columns}
          rows={orders.data?.list ?? []}
          rowKey={(o) => String(o.order_id)}
          {...ordersState}
          page={page}
          total={orders.data?.total ?? 0}
          onPageChange={setPage}
          data-testid="dual-orders"
        />
      </Card>
      <DualOrderDetail order={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
