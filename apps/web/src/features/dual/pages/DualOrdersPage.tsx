import '../i18n/register';
import { Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { queries } from '../../../api/queries';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { ListControls, NoMatch } from '../../../components/list-controls/ListControls';
import { isNarrowed, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { useTableState } from '../../../components/query-state/QueryState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import {
  coinSearch,
  DUAL_ORDER_STATUSES,
  type DualOrder,
  dualQueries,
  type OrderSort,
  type StatusFilter,
} from '../api/index';
import { DualOrderDetail } from './DualOrderDetail';
import { dualOrderColumns } from './dualOrderColumns';

const SORTS: readonly SortKey[] = ['newest', 'apr-desc', 'apr-asc', 'expire-asc', 'expire-desc'];
const SERVER_SORT: Partial<Record<SortKey, OrderSort>> = {
  newest: 'newest',
  'apr-desc': 'apr_desc',
  'apr-asc': 'apr_asc',
  'expire-asc': 'expire_asc',
  'expire-desc': 'expire_desc',
};
const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'open', ...DUAL_ORDER_STATUSES];

/** `/dual/orders`: the user's dual-investment orders and each one's status (all the spec shows of dual). */
export default function DualOrdersPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { me, isLoggedIn } = useMe();
  const list = useListQuery(SORTS, 'newest', { resetOnChange: ['page'], resetOnClear: ['status'] });
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'all';
  const filter: StatusFilter = STATUS_FILTERS.includes(status as StatusFilter)
    ? (status as StatusFilter)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Status and page live in the URL beside the search and sort; a new filter starts at page 1. */
  const setView = (next: { status?: StatusFilter; page?: number }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next.status !== undefined) {
          if (next.status === 'all') out.delete('status');
          else out.set('status', next.status);
        }
        const p = next.page ?? 1;
        if (p > 1) out.set('page', String(p));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );
  const setPage = (p: number) => setView({ page: p });
  const [opened, setOpened] = useState<Pick<DualOrder, 'order_id' | 'kind'> | null>(null);
  const [typed] = useDebouncedValue(list.q, 250);
  const coin = coinSearch(typed);
  const orders = useQuery({
    ...dualQueries.orders(filter, page, coin ?? '', SERVER_SORT[list.sort] ?? 'newest'),
    enabled: isLoggedIn && coin !== null,
  });
  // Signed-in only: while the session is unknown (offline, failed) the table says so too.
  const session = useQuery(queries.me());
  const ordersState = useTableState([session, orders]);

  if (me === null) return <Navigate to={`/login?redirect=${encodeURIComponent('/dual/orders')}`} replace />;

  const columns = dualOrderColumns(t, setOpened);

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
            onChange={(v) => setView({ status: (v ?? 'all') as StatusFilter })}
            aria-label={t('dual.filter.label')}
            data-testid="dual-filter"
          />
        </Group>
        <Stack mb="sm">
          <ListControls list={list} showMine={false} testId="dual-list" />
        </Stack>
        <ResponsiveTable
          caption={t('dual.orders')}
          columns={columns}
          rows={coin === null ? [] : (orders.data?.list ?? [])}
          emptyText={
            isNarrowed(list) || filter !== 'all' ? <NoMatch list={list} testId="dual-list" /> : undefined
          }
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
