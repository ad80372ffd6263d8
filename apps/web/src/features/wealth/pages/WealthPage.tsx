import '../i18n/register';
import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { ExportCsv } from '../../../components/export-csv';
import { ListControls, NoMatch } from '../../../components/list-controls/ListControls';
import { applyListQuery, isNarrowed, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { useTableState } from '../../../components/query-state/QueryState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { wealthQueries } from '../api/index';
import { DetailModal } from '../dialogs/DetailModal';
import { WealthRedeemModal } from '../dialogs/RedeemModal';
import { SubscribeModal } from '../dialogs/SubscribeModal';
import { type Dialog, useOrderColumns, useProductColumns } from './wealthColumns';

/** Wealth products have no term: they sort by the last 30 days' annualised rate. */
const SORTS: readonly SortKey[] = ['apr-desc', 'apr-asc', 'coin'];

/** `/wealth`: private wealth (4) and asset management (5) products, the user's holdings and their dialogs. */
export default function WealthPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { me, isLoggedIn } = useMe();
  const [params, setParams] = useSearchParams();
  const type: '4' | '5' = params.get('type') === '5' ? '5' : '4';
  const setType = (v: '4' | '5') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (v === '4') next.delete('type');
        else next.set('type', v);
        return next;
      },
      { replace: true },
    );
  const list = useListQuery(SORTS);
  const products = useQuery(wealthQueries.products());
  const orders = useQuery({ ...wealthQueries.orders(), enabled: isLoggedIn });
  const ordersState = useTableState(orders);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const productOf = (pid: number) => products.data?.list.find((p) => p.pid === pid);
  const ofType = (products.data?.list ?? []).filter((p) => String(p.project_type) === type);
  const heldPids = new Set((orders.data?.list ?? []).filter((o) => Number(o.unit) > 0).map((o) => o.pid));
  const shown = applyListQuery(ofType, list, {
    searchable: (p) => [p.coin, p.name],
    coin: (p) => p.coin,
    mine: (p) => heldPids.has(p.pid),
    figures: { apr: (p) => p.recent_30_days_rate },
  });
  const listState = useTableState(list.mine && isLoggedIn ? [products, orders] : products);
  const tier = me?.vip_tier ?? 0;
  const productColumns = useProductColumns({ isLoggedIn, tier, setDialog });
  const orderColumns = useOrderColumns({ productOf, setDialog });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('wealth.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('wealth.subtitle')}
        </Text>
      </Stack>
      {isLoggedIn && (
        <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text fw={650}>{t('wealth.holdings')}</Text>
            <ExportCsv line="wealth" />
          </Group>
          <ResponsiveTable
            caption={t('wealth.holdings')}
            columns={orderColumns}
            rows={orders.data?.list ?? []}
            rowKey={(o) => String(o.order_id)}
            {...ordersState}
            emptyText={t('wealth.noHoldings')}
            mobileVisibleFields={4}
            data-testid="wealth-orders"
          />
        </Card>
      )}
      <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text fw={650}>{t('wealth.products')}</Text>
          <SegmentedControl
            size="xs"
            value={type}
            onChange={(v) => setType(v as '4' | '5')}
            data={[
              { value: '4', label: t('wealth.type.4') },
              { value: '5', label: t('wealth.type.5') },
            ]}
            data-testid="wealth-type"
          />
        </Group>
        <Stack mb="sm">
          <ListControls list={list} showMine={isLoggedIn} testId="wealth-list" />
        </Stack>
        <ResponsiveTable
          caption={t('wealth.products')}
          columns={productColumns}
          rows={shown}
          rowKey={(p) => String(p.pid)}
          {...listState}
          emptyText={
            ofType.length > 0 && isNarrowed(list) ? <NoMatch list={list} testId="wealth-list" /> : undefined
          }
          mobileVisibleFields={5}
          data-testid="wealth-products"
        />
      </Card>
      {dialog?.kind === 'subscribe' && (
        <SubscribeModal product={dialog.product} opened onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'redeem' && (
        <WealthRedeemModal order={dialog.order} opened onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'detail' && (
        <DetailModal
          order={dialog.order}
          product={productOf(dialog.order.pid)}
          opened
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
