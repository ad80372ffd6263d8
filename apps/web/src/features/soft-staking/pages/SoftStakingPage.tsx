import '../i18n/register';
import { dec } from '@earn/domain';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, toast } from '../../../api/errors';
import { requireLogin } from '../../../api/session';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { reportSuccess } from '../../../app/embed';
import { AprAlertButton } from '../../../components/apr-alert/AprAlertButton';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { ExportCsv } from '../../../components/export-csv';
import { formatAmount, formatPercent } from '../../../components/format';
import { ListControls, NoMatch } from '../../../components/list-controls/ListControls';
import { applyListQuery, isNarrowed, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { QueryState, useTableState } from '../../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../../components/ResponsiveTable';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatDate } from '../../../i18n';
import {
  type CoinAmount,
  type Payout,
  type SoftStakingCoin,
  softStakingKeys,
  softStakingQueries,
} from '../api/index';
import { ActivateModal, CloseModal } from '../dialogs/SwitchModals';

const SORTS: readonly SortKey[] = ['apr-desc', 'apr-asc', 'coin'];

/** Every coin paid so far with its amount; none yet is said in words (a bare '0' has no coin). */
const sumText = (list: CoinAmount[] | undefined, none: string) =>
  list && list.length > 0 ? list.map((x) => `${formatAmount(x.amount)} ${x.coin}`).join(' · ') : none;

/** `/soft-staking`: the switch, the coins that earn, and the daily payouts. */
export default function SoftStakingPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { isLoggedIn } = useMe();
  const status = useQuery({ ...softStakingQueries.status(), enabled: isLoggedIn });
  const products = useQuery(softStakingQueries.products());
  const productsState = useTableState(products);
  const [page, setPage] = useState(1);
  const list = useListQuery(SORTS);
  const payouts = useQuery({ ...softStakingQueries.payouts(page), enabled: isLoggedIn });
  const payoutsState = useTableState(payouts);
  const [dialog, setDialog] = useState<'activate' | 'close' | null>(null);
  const on = status.data?.status ?? false;

  const onSuccess = (state: boolean) => {
    setDialog(null);
    toast('success', state ? t('softStaking.activated') : t('softStaking.stopped'));
    void client.invalidateQueries({ queryKey: softStakingKeys.all });
    reportSuccess({ action: 'soft-staking', status: state });
  };
  const onError = (e: unknown) => handleApiError(e, { action: 'softStaking.switch' });

  const coinColumns: Column<SoftStakingCoin>[] = [
    {
      key: 'coin',
      title: t('softStaking.col.coin'),
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={c.coin} size={28} />
          <Text fw={600} size="sm">
            {c.coin}
          </Text>
        </Group>
      ),
    },
    {
      key: 'apr',
      title: t('softStaking.col.apr'),
      render: (c) => (
        <Text className="apr" fw={700} size="sm">
          {formatPercent(c.apr)}
        </Text>
      ),
    },
    {
      key: 'range',
      title: t('softStaking.col.range'),
      render: (c) =>
        c.max_amount === '-1'
          ? t('softStaking.range.from', { min: `${formatAmount(c.min_amount)} ${c.coin}` })
          : `${formatAmount(c.min_amount)} – ${formatAmount(c.max_amount)} ${c.coin}`,
    },
    {
      key: 'eligible',
      title: t('softStaking.col.eligible'),
      align: 'right',
      render: (c) => (isLoggedIn ? `${formatAmount(c.eligible_amount)} ${c.coin}` : '—'),
    },
    {
      key: 'daily',
      title: t('softStaking.col.daily'),
      align: 'right',
      render: (c) => (isLoggedIn ? `${formatAmount(c.estimated_daily)} ${c.coin}` : '—'),
    },
    ...(isLoggedIn
      ? [
          {
            key: 'alert',
            title: t('aprAlert.button'),
            align: 'right' as const,
            // The coin's rate is percent a year; the alert's current rate is a fraction.
            render: (c: SoftStakingCoin) => (
              <AprAlertButton
                size="compact-sm"
                target={{ line: 'soft_staking', asset: c.coin, currentRate: dec(c.apr).div(100).toFixed() }}
                testId={`apr-alert-${c.coin}`}
              />
            ),
          },
        ]
      : []),
  ];
  const payoutColumns: Column<Payout>[] = [
    { key: 'day', title: t('softStaking.col.day'), render: (p) => formatDate(p.day) },
    { key: 'coin', title: t('softStaking.col.coin'), render: (p) => p.coin },
    {
      key: 'eligible',
      title: t('softStaking.col.eligible'),
      align: 'right',
      render: (p) => `${formatAmount(p.eligible_amount)} ${p.coin}`,
    },
    {
      key: 'amount',
      title: t('softStaking.col.payout'),
      align: 'right',
      // The payout opens its breakdown from here, so "Why?" stays in the mobile card's visible fields.
      render: (p) => (
        <>
          {`${formatAmount(p.amount)} ${p.coin}`}
          <WhyButton
            target={{ kind: 'soft_staking_day', coin: p.coin, day: p.day }}
            amount={p.amount}
            coin={p.coin}
          />
        </>
      ),
    },
  ];

  const allCoins = products.data?.list ?? [];
  // Soft staking has no lock: a coin is the user's position when part of their spot balance earns.
  const coins = applyListQuery(allCoins, list, {
    searchable: (c) => [c.coin],
    coin: (c) => c.coin,
    mine: (c) => Number(c.eligible_amount) > 0,
    figures: { apr: (c) => c.apr },
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('softStaking.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={560}>
            {t('softStaking.subtitle')}
          </Text>
        </Stack>
      </Group>
      <Card className="surface" padding={mobile ? 'md' : 'lg'}>
        {/* The switch says what the server holds: while that is unknown (loading, failed, offline) no
            switch shows, or a user whose soft staking is on would be offered to activate it. */}
        <QueryState
          queries={status}
          loading={<Skeleton h={mobile ? 160 : 56} radius="md" />}
          data-testid="soft-status"
        >
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Stack gap={6}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('softStaking.status')}
              </Text>
              <Group gap="sm">
                <Badge size="lg" variant="light" color={on ? 'teal' : 'gray'} data-testid="soft-status">
                  {on ? t('softStaking.on') : t('softStaking.off')}
                </Badge>
                {on && status.data?.enabled_at && (
                  <Text size="xs" c="dimmed">
                    {t('softStaking.since', { date: formatDate(status.data.enabled_at) })}
                  </Text>
                )}
              </Group>
            </Stack>
            <Stack gap={6}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('softStaking.total')}
              </Text>
              <Text fw={600} className="num" data-testid="soft-total">
                {isLoggedIn ? sumText(status.data?.total_payout, t('softStaking.total.none')) : '—'}
              </Text>
            </Stack>
            <Group justify={mobile ? 'stretch' : 'flex-end'} align="center">
              {on ? (
                <Button
                  variant="default"
                  fullWidth={mobile}
                  onClick={() => setDialog('close')}
                  data-testid="soft-turn-off"
                >
                  {t('softStaking.turnOff')}
                </Button>
              ) : (
                <Button
                  fullWidth={mobile}
                  onClick={() => (isLoggedIn ? setDialog('activate') : requireLogin())}
                  data-testid="soft-turn-on"
                >
                  {t('softStaking.activate.button')}
                </Button>
              )}
            </Group>
          </SimpleGrid>
        </QueryState>
      </Card>
      <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
        <Text fw={650} mb="sm">
          {t('softStaking.coins')}
        </Text>
        <Stack mb="sm">
          <ListControls list={list} showMine={isLoggedIn} testId="soft-list" />
        </Stack>
        <ResponsiveTable
          caption={t('softStaking.coins')}
          columns={coinColumns}
          rows={coins}
          rowKey={(c) => c.coin}
          {...productsState}
          emptyText={
            allCoins.length > 0 && isNarrowed(list) ? <NoMatch list={list} testId="soft-list" /> : undefined
          }
          mobileVisibleFields={isLoggedIn ? 6 : 5}
          data-testid="soft-coins"
        />
      </Card>
      {isLoggedIn && (
        <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text fw={650}>{t('softStaking.payouts')}</Text>
            <ExportCsv line="soft_staking" />
          </Group>
          <ResponsiveTable
            caption={t('softStaking.payouts')}
            columns={payoutColumns}
            rows={payouts.data?.list ?? []}
            rowKey={(p) => `${p.coin}-${p.day}`}
            {...payoutsState}
            page={page}
            total={payouts.data?.total ?? 0}
            onPageChange={setPage}
            mobileVisibleFields={4}
            data-testid="soft-payouts"
          />
        </Card>
      )}
      <ActivateModal
        opened={dialog === 'activate'}
        onClose={() => setDialog(null)}
        onSuccess={onSuccess}
        onError={onError}
      />
      <CloseModal
        opened={dialog === 'close'}
        onClose={() => setDialog(null)}
        onSuccess={onSuccess}
        onError={onError}
      />
    </Stack>
  );
}
