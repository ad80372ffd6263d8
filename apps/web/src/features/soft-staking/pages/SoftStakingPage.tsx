import '../i18n/register';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, toast } from '../../../api/errors';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { reportSuccess } from '../../../app/embed';
import { ExportCsv } from '../../../components/export-csv';
import { ListControls, NoMatch } from '../../../components/list-controls/ListControls';
import { applyListQuery, isNarrowed, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { useTableState } from '../../../components/query-state/QueryState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { softStakingKeys, softStakingQueries } from '../api/index';
import { ActivateModal, CloseModal } from '../dialogs/SwitchModals';
import { SwitchCard } from './SwitchCard';
import { useCoinColumns, usePayoutColumns } from './softStakingColumns';

const SORTS: readonly SortKey[] = ['apr-desc', 'apr-asc', 'coin'];

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

  const onSuccess = (state: boolean) => {
    setDialog(null);
    toast('success', state ? t('softStaking.activated') : t('softStaking.stopped'));
    void client.invalidateQueries({ queryKey: softStakingKeys.all });
    reportSuccess({ action: 'soft-staking', status: state });
  };
  const onError = (e: unknown) => handleApiError(e, { action: 'softStaking.switch' });

  const coinColumns = useCoinColumns(isLoggedIn);
  const payoutColumns = usePayoutColumns();

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
      <SwitchCard
        status={status}
        isLoggedIn={isLoggedIn}
        onActivate={() => setDialog('activate')}
        onTurnOff={() => setDialog('close')}
      />
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
