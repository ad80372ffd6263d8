import { dec, toWire } from '@earn/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { trackClick } from '../api/analytics';
import { queries, type WalletBalances } from '../api/queries';
import { CoinAvatar } from '../components/CoinAvatar';
import { DepositOptionsDialog } from '../components/DepositOptionsDialog';
import { formatAmount } from '../components/format';
import { QueryState, useTableState } from '../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../components/ResponsiveTable';
import { ResultModal } from '../components/ResultModal';
import { earnOverviewQueries } from '../features/earn-overview/api/index';
// The spot-and-earn split's text comes with the earn overview's catalogue, outside the first route.
import '../features/earn-overview/i18n/register';
import { useMe } from './auth';
import { MOBILE_QUERY } from './breakpoints';

type Row = WalletBalances['list'][number] & { price?: string };

/** The balances table's columns: coin, available, value and price. */
function columnsOf(t: TFunction): Column<Row>[] {
  return [
    {
      key: 'coin',
      title: t('assets.coin'),
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={r.asset} size={28} />
          <Text fw={600} size="sm">
            {r.asset}
          </Text>
        </Group>
      ),
    },
    {
      key: 'available',
      title: t('assets.available'),
      align: 'right',
      render: (r) => formatAmount(r.available, 8),
    },
    {
      key: 'value',
      title: t('assets.value'),
      align: 'right',
      render: (r) => formatAmount(r.usdt_value, 2, 2),
    },
    {
      key: 'price',
      title: t('assets.price'),
      align: 'right',
      render: (r) => (r.price ? formatAmount(r.price, 6) : '—'),
    },
  ];
}

/** `/assets`: spot balances, the deposit options of a coin, and what a transfer would mean here. */
export default function AssetsPage() {
  const { t } = useTranslation();
  const { me, isLoggedIn } = useMe();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const balances = useQuery({ ...queries.balances(), enabled: isLoggedIn });
  const earn = useQuery({ ...earnOverviewQueries.overview(), enabled: isLoggedIn });
  const pairs = (balances.data?.list ?? []).map((b) => `${b.asset}_USDT`);
  const tickers = useQuery({ ...queries.tickers(pairs), enabled: pairs.length > 0 });
  // The prices are a column of the table: a table without them would show '—' for every price.
  const tableState = useTableState([balances, tickers]);
  const [depositCoin, setDepositCoin] = useState<string | null>(null);
  const [depositOpened, setDepositOpened] = useState(false);
  const [transferRow, setTransferRow] = useState<Row | null>(null);

  if (me === null) return <Navigate to="/login?redirect=%2Fassets" replace />;

  // The total is spot and earn together: what the user owns here, at current prices.
  const total =
    balances.data && earn.data ? toWire(dec(balances.data.total_usdt).plus(earn.data.total_usdt)) : undefined;
  const rates = new Map((tickers.data ?? []).map((tk) => [tk.pair, tk.rate]));
  const rows: Row[] = (balances.data?.list ?? []).map((b) => ({ ...b, price: rates.get(`${b.asset}_USDT`) }));

  const openDeposit = (coin: string) => {
    trackClick('assets.deposit', { coin });
    setDepositCoin(coin);
    setDepositOpened(true);
  };

  const columns = columnsOf(t);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('assets.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('assets.subtitle')}
          </Text>
        </Stack>
        <Card className="surface" padding="md" miw={mobile ? '100%' : 260}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
            {t('assets.total')}
          </Text>
          <QueryState queries={[balances, earn]} compact data-testid="assets-total">
            <Group gap={6} align="baseline">
              <Text fz={26} fw={700} className="num" data-testid="assets-total">
                {total && formatAmount(total, 2, 2)}
              </Text>
              <Text c="dimmed" size="sm">
                USDT
              </Text>
            </Group>
            {balances.data && earn.data && (
              <Anchor component={Link} to="/earn" size="xs" c="dimmed" data-testid="assets-split">
                {t('eo.assetsSplit', {
                  spot: formatAmount(balances.data.total_usdt, 2, 2),
                  earn: formatAmount(earn.data.total_usdt, 2, 2),
                })}
              </Anchor>
            )}
          </QueryState>
        </Card>
      </Group>
      <Card
        className="surface"
        padding="lg"
        withBorder={!mobile}
        bg={mobile ? 'transparent' : undefined}
        p={mobile ? 0 : undefined}
      >
        <ResponsiveTable
          caption={t('assets.title')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.asset}
          {...tableState}
          actionsTitle={t('assets.action')}
          actions={(r) => (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => openDeposit(r.asset)}
              aria-label={`${t('assets.deposit')} ${r.asset}`}
              data-testid={`deposit-${r.asset}`}
            >
              {t('assets.deposit')}
            </Button>
          )}
          data-testid="assets-table"
        />
      </Card>
      {depositCoin && (
        <DepositOptionsDialog
          coin={depositCoin}
          opened={depositOpened}
          onClose={() => setDepositOpened(false)}
          onTransfer={() => setTransferRow(rows.find((r) => r.asset === depositCoin) ?? null)}
        />
      )}
      <ResultModal
        opened={!!transferRow}
        onClose={() => setTransferRow(null)}
        status="info"
        title={t('transfer.title')}
        subtitle={t('transfer.subtitle')}
        rows={
          transferRow
            ? [
                {
                  label: t('transfer.available'),
                  value: `${formatAmount(transferRow.available)} ${transferRow.asset}`,
                },
                { label: t('transfer.account'), value: t('transfer.spot') },
              ]
            : []
        }
        primary={{ label: t('result.ok'), onClick: () => setTransferRow(null) }}
        secondary={{
          label: t('assets.deposit'),
          onClick: () => {
            const coin = transferRow?.asset;
            setTransferRow(null);
            if (coin) openDeposit(coin);
          },
        }}
        data-testid="transfer-result"
      />
    </Stack>
  );
}
