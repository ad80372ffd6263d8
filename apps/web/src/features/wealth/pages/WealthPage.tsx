import '../i18n/register';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { trackClick } from '../../../api/analytics';
import { requireLogin } from '../../../api/session';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DisabledReason } from '../../../components/DisabledReason';
import { ExportCsv } from '../../../components/export-csv';
import { formatAmount, formatPercent } from '../../../components/format';
import { ListControls, NoMatch } from '../../../components/list-controls/ListControls';
import { applyListQuery, isNarrowed, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { useTableState } from '../../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../../components/ResponsiveTable';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { type WealthOrder, type WealthProduct, wealthQueries } from '../api/index';
import { DetailModal } from '../dialogs/DetailModal';
import { WealthRedeemModal } from '../dialogs/RedeemModal';
import { SubscribeModal } from '../dialogs/SubscribeModal';

/** Wealth products have no term: they sort by the last 30 days' annualised rate. */
const SORTS: readonly SortKey[] = ['apr-desc', 'apr-asc', 'coin'];

type Dialog =
  | { kind: 'subscribe'; product: WealthProduct }
  | { kind: 'redeem'; order: WealthOrder }
  | { kind: 'detail'; order: WealthOrder };

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
  // Why a product cannot be bought now, shown at its greyed button; null when it can.
  const subscribeBlock = (p: WealthProduct): string | null =>
    p.status !== 'online'
      ? t('wealth.product.offline')
      : isLoggedIn && tier < p.vip_min_tier
        ? t('wealth.product.vipOnly', { tier: p.vip_min_tier })
        : null;

  const productColumns: Column<WealthProduct>[] = [
    {
      key: 'name',
      title: t('wealth.col.product'),
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={p.coin} size={30} />
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {p.name}
            </Text>
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                {p.coin}
              </Text>
              {p.vip_min_tier > 0 && (
                <Badge size="xs" color="yellow" variant="light">
                  VIP {p.vip_min_tier}+
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'nav',
      title: t('wealth.field.nav'),
      render: (p) => (p.net_value_ratio ? `${formatAmount(p.net_value_ratio)} ${p.coin}` : '—'),
    },
    {
      key: 'rate',
      title: t('wealth.field.rate30'),
      render: (p) => (
        <Text className="apr" fw={700} size="sm">
          {p.recent_30_days_rate ? formatPercent(p.recent_30_days_rate) : '—'}
        </Text>
      ),
    },
    {
      key: 'min',
      title: t('wealth.field.minPurchase'),
      render: (p) => `${formatAmount(p.min_purchase)} ${p.coin}`,
    },
    {
      key: 'action',
      title: t('wealth.col.action'),
      align: 'right',
      render: (p) => (
        <DisabledReason reason={subscribeBlock(p)} testId={`wealth-subscribe-reason-${p.pid}`}>
          <Button
            size="compact-sm"
            disabled={subscribeBlock(p) !== null}
            onClick={() => {
              if (!isLoggedIn) return requireLogin();
              trackClick('wealth.subscribe', { pid: p.pid });
              setDialog({ kind: 'subscribe', product: p });
            }}
            data-testid={`wealth-subscribe-${p.pid}`}
          >
            {t('wealth.subscribe.button')}
          </Button>
        </DisabledReason>
      ),
    },
  ];

  const orderColumns: Column<WealthOrder>[] = [
    {
      key: 'name',
      title: t('wealth.col.product'),
      render: (o) => (
        <Text fw={600} size="sm">
          {o.name}
        </Text>
      ),
    },
    {
      key: 'value',
      title: t('wealth.field.value'),
      align: 'right',
      render: (o) => `${formatAmount(o.amount)} ${o.coin}`,
    },
    {
      key: 'units',
      title: t('wealth.field.heldUnits'),
      align: 'right',
      render: (o) =>
        Number(o.redeeming_unit) > 0 ? (
          <Stack gap={0} align="flex-end">
            <span>{formatAmount(o.unit, 6)}</span>
            {/* A pending redemption settles at the next NAV: its units and when they arrive. */}
            <Text size="xs" c="dimmed" ta="right" data-testid={`wealth-row-redeeming-${o.pid}`}>
              {t('wealth.field.redeemingUnits')} {formatAmount(o.redeeming_unit, 6)} · {t('arrival.label')}{' '}
              <RedeemArrival query={{ line: 'wealth', pid: o.pid }} testId={`wealth-row-arrival-${o.pid}`} />
            </Text>
          </Stack>
        ) : (
          formatAmount(o.unit, 6)
        ),
    },
    {
      key: 'action',
      title: t('wealth.col.action'),
      align: 'right',
      render: (o) => {
        const product = productOf(o.pid);
        return (
          <Group gap={6} justify="flex-end" wrap="wrap">
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => setDialog({ kind: 'detail', order: o })}
              data-testid={`wealth-detail-${o.pid}`}
            >
              {t('wealth.detail.button')}
            </Button>
            {product && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => setDialog({ kind: 'subscribe', product })}
                data-testid={`wealth-more-${o.pid}`}
              >
                {t('wealth.subscribe.more')}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="light"
              disabled={Number(o.unit) <= 0}
              onClick={() => setDialog({ kind: 'redeem', order: o })}
              data-testid={`wealth-redeem-${o.pid}`}
            >
              {t('wealth.redeem.button')}
            </Button>
          </Group>
        );
      },
    },
  ];

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
