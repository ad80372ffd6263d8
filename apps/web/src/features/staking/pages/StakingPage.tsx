import '../i18n/register';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { isFramed } from '../../../app/embed';
import { ListControls, NoMatch } from '../../../components/list-controls/ListControls';
import { applyListQuery, isNarrowed, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { useTableState } from '../../../components/query-state/QueryState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { stakingQueries } from '../api/index';
import { AprTrendModal, ReturnsModal } from '../dialogs/InfoModals';
import { RedeemModal } from '../dialogs/redeem/RedeemModal';
import { StakeModal } from '../dialogs/stake/StakeModal';
import { productAprUpTo, redeemDays } from '../rules';
import { type Target, useHoldingColumns, useProductColumns } from './stakingColumns';

const SORTS: readonly SortKey[] = ['apr-desc', 'apr-asc', 'redeem-asc', 'redeem-desc', 'coin'];

/**
 * `/staking` lists the staking products and the user's stakes; `/staking/{coin}?pid=` opens the stake
 * modal of a coin on top of it (the defi mint screen and goto-staking links land here).
 */
export default function StakingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams<{ coin?: string }>();
  const [search] = useSearchParams();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { isLoggedIn } = useMe();
  const products = useQuery(stakingQueries.products());
  const holdings = useQuery({ ...stakingQueries.lockBalances(), enabled: isLoggedIn });
  const holdingsState = useTableState(holdings);
  const list = useListQuery(SORTS);
  const routeCoin = params.coin?.toUpperCase();
  const pidParam = search.get('pid');
  const routePid = pidParam !== null && /^-?\d+$/.test(pidParam) ? Number(pidParam) : undefined;
  const [redeem, setRedeem] = useState<Target | null>(null);
  const [trend, setTrend] = useState<Target | null>(null);
  const [returns, setReturns] = useState<Target | null>(null);
  const stakeTarget: Target | null = routeCoin ? { coin: routeCoin, pid: routePid } : null;
  const hideSuccessFooter = isFramed() && search.get('hide_footer') === '1';

  const closeStake = () => navigate('/staking', { replace: true });

  const productColumns = useProductColumns({ mobile, isLoggedIn, setTrend });
  const holdingColumns = useHoldingColumns({ setReturns, setRedeem });

  const heldRows = (holdings.data?.list ?? []).filter(
    (h) => Number(h.mortgage_amount) > 0 || Number(h.accrued_reward) > 0,
  );
  const heldCoins = new Set(heldRows.map((h) => h.coin));
  const allProducts = products.data?.list ?? [];
  const shownProducts = applyListQuery(allProducts, list, {
    searchable: (p) => [p.coin, ...p.defi.map((d) => d.protocol_name)],
    coin: (p) => p.coin,
    mine: (p) => heldCoins.has(p.coin),
    figures: { apr: (p) => productAprUpTo(p).apr, redeem: (p) => redeemDays(p, p.defi[0]) },
  });
  // "My positions only" waits for the positions: until then the list says it is loading.
  const listState = useTableState(list.mine && isLoggedIn ? [products, holdings] : products);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('staking.page.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staking.page.subtitle')}
        </Text>
      </Stack>
      {isLoggedIn && (
        <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
          <Text fw={650} mb="sm">
            {t('staking.page.mine')}
          </Text>
          <ResponsiveTable
            caption={t('staking.page.mine')}
            columns={holdingColumns}
            rows={heldRows}
            rowKey={(h) => `${h.coin}-${h.pid}`}
            {...holdingsState}
            emptyText={t('staking.page.noStakes')}
            mobileVisibleFields={4}
            data-testid="staking-holdings"
          />
        </Card>
      )}
      <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
        <Group justify="space-between" align="center" mb="sm" gap="sm" wrap="wrap">
          <Text fw={650}>{t('staking.page.products')}</Text>
          <Group gap="sm">
            {isLoggedIn && (
              <Button
                component={Link}
                to="/staking/records"
                variant="subtle"
                size="compact-sm"
                data-testid="staking-records-link"
              >
                {t('records.link')}
              </Button>
            )}
          </Group>
        </Group>
        <Stack mb="sm">
          <ListControls list={list} showMine={isLoggedIn} testId="staking-list" />
        </Stack>
        <ResponsiveTable
          caption={t('staking.page.products')}
          columns={productColumns}
          rows={shownProducts}
          rowKey={(p) => p.coin}
          {...listState}
          emptyText={
            allProducts.length > 0 && isNarrowed(list) ? (
              <NoMatch list={list} testId="staking-list" />
            ) : undefined
          }
          mobileVisibleFields={5}
          data-testid="staking-products"
        />
      </Card>
      {stakeTarget && (
        <StakeModal
          coin={stakeTarget.coin}
          pid={stakeTarget.pid}
          opened
          onClose={closeStake}
          hideSuccessFooter={hideSuccessFooter}
        />
      )}
      {redeem && <RedeemModal coin={redeem.coin} pid={redeem.pid} opened onClose={() => setRedeem(null)} />}
      {trend && <AprTrendModal coin={trend.coin} pid={trend.pid} opened onClose={() => setTrend(null)} />}
      {returns && (
        <ReturnsModal coin={returns.coin} pid={returns.pid} opened onClose={() => setReturns(null)} />
      )}
    </Stack>
  );
}
