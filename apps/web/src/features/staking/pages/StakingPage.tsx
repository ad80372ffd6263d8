import '../i18n/register';
import { dec } from '@earn/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { trackClick } from '../../../api/analytics';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { isFramed } from '../../../app/embed';
import { AprAlertButton } from '../../../components/apr-alert/AprAlertButton';
import type { AprAlertTarget } from '../../../components/apr-alert/AprAlertDialog';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DisabledReason } from '../../../components/DisabledReason';
import { formatAmount } from '../../../components/format';
import { ListControls, NoMatch } from '../../../components/list-controls/ListControls';
import { applyListQuery, isNarrowed, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { useTableState } from '../../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../../components/ResponsiveTable';
import { type HoldingBalance, type StakingProduct, stakingQueries } from '../api/index';
import { AprUpToText } from '../components/parts';
import { AprTrendModal, ReturnsModal } from '../dialogs/InfoModals';
import { RedeemModal } from '../dialogs/redeem/RedeemModal';
import { StakeModal } from '../dialogs/stake/StakeModal';
import { productAprUpTo, redeemDays, redeemPeriodText, runningCampaign } from '../rules';

type Target = { coin: string; pid?: number };

/**
 * What a product's alert can watch: the coin where the product pays its own rate, else each of its
 * defi protocols (its own rate and pid) for the user to pick from. Rates are percent here, fractions there.
 */
function stakingAlertTargets(p: StakingProduct): AprAlertTarget[] {
  const rate = (percent: string) => dec(percent).div(100).toFixed();
  if (p.defi.length === 0) return [{ line: 'staking', asset: p.coin, currentRate: rate(p.apr) }];
  return p.defi.map((d) => ({
    line: 'staking',
    asset: p.coin,
    productId: d.pid,
    name: d.protocol_name,
    currentRate: rate(d.apr),
  }));
}

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

  const productColumns: Column<StakingProduct>[] = [
    {
      key: 'coin',
      title: t('staking.list.coin'),
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={p.coin} size={30} />
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {p.coin}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`staking.type.${p.type}`)}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'apr',
      title: t('staking.field.apr'),
      render: (p) => (
        <Group gap={6} wrap="nowrap" justify={mobile ? 'flex-end' : 'flex-start'}>
          <AprUpToText up={productAprUpTo(p)} coin={p.coin} fz="sm" testId={`staking-apr-${p.coin}`} />
          {runningCampaign(p.extra_interest ?? p.defi.find((d) => d.extra_interest)?.extra_interest) && (
            <Badge size="xs" color="orange" variant="light">
              {t('staking.tab.bonus')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'min',
      title: t('staking.field.minStake'),
      render: (p) => `${formatAmount(p.min_mortgage_amount)} ${p.coin}`,
    },
    {
      key: 'period',
      title: t('staking.field.redeemPeriod'),
      render: (p) => {
        const period = redeemPeriodText(p, p.defi[0]);
        return t(period.key, period.params);
      },
    },
    {
      key: 'action',
      title: t('staking.list.action'),
      align: 'right',
      render: (p) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => {
              trackClick('staking.list.trend', { coin: p.coin });
              setTrend({ coin: p.coin });
            }}
            aria-label={t('staking.trend.modalTitle', { coin: p.coin })}
            data-testid={`trend-${p.coin}`}
          >
            {t('staking.list.trend')}
          </Button>
          {isLoggedIn && (
            <AprAlertButton
              size="compact-sm"
              target={stakingAlertTargets(p)}
              testId={`apr-alert-${p.coin}`}
            />
          )}
          <DisabledReason
            reason={p.status === 'online' ? null : t('staking.product.offline')}
            testId={`stake-reason-${p.coin}`}
          >
            <Button
              size="compact-sm"
              disabled={p.status !== 'online'}
              onClick={() => {
                trackClick('staking.list.stake', { coin: p.coin });
                // The goto-staking link: the coin's own route opens its stake modal.
                navigate(`/staking/${encodeURIComponent(p.coin)}`);
              }}
              aria-label={t('staking.stake.title', { coin: p.coin })}
              data-testid={`stake-${p.coin}`}
            >
              {t('staking.stake.button')}
            </Button>
          </DisabledReason>
        </Group>
      ),
    },
  ];

  const holdingColumns: Column<HoldingBalance>[] = [
    {
      key: 'coin',
      title: t('staking.list.coin'),
      render: (h) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={h.coin} size={26} />
          <Text fw={600} size="sm">
            {h.coin}
          </Text>
          {h.protocol_name && (
            <Badge variant="light" color="gray" size="sm" radius="sm">
              {h.protocol_name}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'staked',
      title: t('staking.returns.staked'),
      align: 'right',
      render: (h) => `${formatAmount(h.mortgage_amount)} ${h.coin}`,
    },
    {
      key: 'accrued',
      title: t('staking.returns.accrued'),
      align: 'right',
      render: (h) => `${formatAmount(h.accrued_reward)} ${h.reward_coin}`,
    },
    {
      key: 'action',
      title: t('staking.list.action'),
      align: 'right',
      render: (h) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setReturns({ coin: h.coin, pid: h.pid })}
            data-testid={`returns-${h.coin}-${h.pid}`}
          >
            {t('staking.list.returns')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              trackClick('staking.list.redeem', { coin: h.coin });
              setRedeem({ coin: h.coin, pid: h.pid === -1 ? undefined : h.pid });
            }}
            data-testid={`redeem-${h.coin}-${h.pid}`}
          >
            {t('staking.redeem.button')}
          </Button>
        </Group>
      ),
    },
  ];

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
