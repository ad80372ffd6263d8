import '../i18n/register';
import { Badge, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { ExportCsv } from '../../../components/export-csv';
import { formatAmount } from '../../../components/format';
import { useTableState } from '../../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatServerTime } from '../../../components/serverTime';
import { type HoldingBalance, type RedeemRecord, stakingQueries } from '../api/index';
import { formatStamp } from '../rules';

/**
 * The staking holdings of the spec's routes: `?asset=` narrows to a coin, `open-history=1` opens the
 * redeem history.
 */
export default function HoldingsPage() {
  const { t } = useTranslation();
  const { me, isLoggedIn } = useMe();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [search] = useSearchParams();
  const asset = search.get('asset')?.toUpperCase();
  const [tab, setTab] = useState<string | null>(search.get('open-history') === '1' ? 'history' : 'holdings');
  const [page, setPage] = useState(1);
  const holdings = useQuery({ ...stakingQueries.lockBalances(), enabled: isLoggedIn });
  const holdingsState = useTableState(holdings);
  const history = useQuery({
    ...stakingQueries.redeemRecords(page),
    enabled: isLoggedIn && tab === 'history',
  });
  const historyState = useTableState(history);

  if (me === null) {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(here)}`} replace />;
  }

  const rows = (holdings.data?.list ?? []).filter((h) => !asset || h.coin === asset);
  const holdingColumns: Column<HoldingBalance>[] = [
    {
      key: 'coin',
      title: t('staking.list.coin'),
      render: (h) => (
        <Text fw={600} size="sm">
          {h.coin}
        </Text>
      ),
    },
    { key: 'protocol', title: t('staking.field.protocol'), render: (h) => h.protocol_name || '—' },
    {
      key: 'staked',
      title: t('staking.returns.staked'),
      align: 'right',
      render: (h) => `${formatAmount(h.mortgage_amount)} ${h.coin}`,
    },
    {
      key: 'receipt',
      title: t('staking.holdings.receipt'),
      align: 'right',
      // Receipt tokens minted for this stake; redeeming takes them back from spot.
      render: (h) =>
        h.receipt_coin && h.receipt_amount && h.receipt_amount !== '0'
          ? `${formatAmount(h.receipt_amount)} ${h.receipt_coin}`
          : '—',
    },
    {
      key: 'accrued',
      title: t('staking.returns.accrued'),
      align: 'right',
      render: (h) => `${formatAmount(h.accrued_reward)} ${h.reward_coin}`,
    },
  ];
  const historyRows = (history.data?.list ?? []).filter((r) => !asset || r.coin === asset);
  const historyColumns: Column<RedeemRecord>[] = [
    { key: 'time', title: t('staking.returns.time'), render: (r) => formatStamp(r.create_time) },
    { key: 'coin', title: t('staking.list.coin'), render: (r) => r.coin },
    {
      key: 'amount',
      title: t('staking.field.amount'),
      align: 'right',
      render: (r) => `${formatAmount(r.amount)} ${r.coin}`,
    },
    {
      key: 'fee',
      title: t('staking.field.fee'),
      align: 'right',
      render: (r) => `${formatAmount(r.fee)} ${r.coin}`,
    },
    {
      key: 'received',
      title: t('staking.field.received'),
      align: 'right',
      render: (r) => `${formatAmount(r.received)} ${r.coin}`,
    },
    {
      key: 'type',
      title: t('staking.field.redeemType'),
      render: (r) => t(`staking.redeemType.${r.quick ? 'quick' : 'standard'}`),
    },
    { key: 'arrival', title: t('staking.field.arrival'), render: (r) => formatServerTime(r.redeem_stamp) },
    {
      key: 'status',
      title: t('staking.history.status'),
      render: (r) => (
        <Badge variant="light" color={r.status === 'arrived' ? 'teal' : 'blue'} size="sm">
          {t(`staking.history.status.${r.status === 'arrived' ? 'arrived' : 'pending'}`)}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('staking.holdings.title')}
        {asset ? ` · ${asset}` : ''}
      </Title>
      <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            <Tabs.Tab value="holdings">{t('staking.holdings.tab')}</Tabs.Tab>
            <Tabs.Tab value="history" data-testid="tab-history">
              {t('staking.history.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="holdings">
            <ResponsiveTable
              caption={t('staking.holdings.tab')}
              columns={holdingColumns}
              rows={rows}
              rowKey={(h) => `${h.coin}-${h.pid}`}
              {...holdingsState}
              emptyText={t('staking.page.noStakes')}
              data-testid="holdings-table"
            />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <Group justify="flex-end" mb="sm">
              <ExportCsv line="staking" asset={asset ?? undefined} />
            </Group>
            <ResponsiveTable
              caption={t('staking.history.tab')}
              columns={historyColumns}
              rows={historyRows}
              rowKey={(r) => String(r.id)}
              {...historyState}
              page={page}
              total={history.data?.total ?? 0}
              onPageChange={setPage}
              data-testid="history-table"
            />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
