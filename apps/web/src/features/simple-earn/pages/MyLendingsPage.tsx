import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import '../i18n/register';
import { SimpleEarnPageSize, SimpleEarnProductType } from '@earn/domain';
import { Button, Center, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { handleApiError } from '../../../api/errors';
import { getData } from '../../../api/typed';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { QueryState } from '../../../components/query-state/QueryState';
import { API, fetchProducts, seKeys, seQueries } from '../api/queries';
import type { FixedOrder, FlexHolding, ProductDetail } from '../api/types';
import { HistoryView, useHistoryDefault } from '../components/HistoryView';
import { FixedHoldingCard, FlexHoldingCard } from '../components/HoldingCards';
import { SeNav } from '../components/SeNav';
import { AprDetailModal } from '../dialogs/AprDetailModal';
import { AutoEarnModal, type AutoEarnTarget } from '../dialogs/AutoEarnModal';
import { EarlyRedeemModal, RedeemToModal, ReinvestModal } from '../dialogs/FixedOrderDialogs';
import { InterestHistoryModal } from '../dialogs/InterestHistoryModal';
import { RedeemModal } from '../dialogs/redeem/RedeemModal';
import { SubscribeModal, type SubscribeTarget } from '../dialogs/subscribe/SubscribeModal';
import { VipUpgradeModal } from '../dialogs/VipUpgradeModal';
import { useServerNow, useVipTier } from '../hooks';
import { subscribeAgain } from '../rules';

export function flexDetailLink(h: FlexHolding): string {
  return `/simple-earn/my-lendings/${h.id}?orderType=flexible&asset=${h.asset}`;
}
export function fixedDetailLink(o: FixedOrder): string {
  return `/simple-earn/my-lendings/${o.order_id}?orderType=fixed&asset=${o.asset}&order_id=${o.order_id}`;
}

/**
 * Every dialog the holdings open, and their state. Shared by the holdings page and the mobile
 * holding detail.
 */
export function useHoldingDialogs(vip = false) {
  const navigate = useNavigate();
  const tier = useVipTier();
  const products = useQuery(seQueries.products());
  const [subscribe, setSubscribe] = useState<SubscribeTarget | null>(null);
  const [redeem, setRedeem] = useState<FlexHolding | null>(null);
  const [apr, setApr] = useState<FlexHolding | null>(null);
  const [interest, setInterest] = useState<string | null>(null);
  const [autoEarn, setAutoEarn] = useState<AutoEarnTarget | null>(null);
  const [early, setEarly] = useState<FixedOrder | null>(null);
  const [reinvest, setReinvest] = useState<FixedOrder | null>(null);
  const [redeemTo, setRedeemTo] = useState<FixedOrder | null>(null);
  const [upgrade, setUpgrade] = useState(false);

  const flexActions = {
    onSubscribe: (h: FlexHolding) => setSubscribe({ asset: h.asset, productId: 0 }),
    onRedeem: setRedeem,
    onAprDetail: setApr,
    onInterestHistory: (h: FlexHolding) => setInterest(h.asset),
    onAutoEarn: (h: FlexHolding) => setAutoEarn({ asset: h.asset, status: h.auto_invest_status }),
  };
  const fixedActions = {
    onEarlyRedeem: setEarly,
    onReinvest: setReinvest,
    onRedeemTo: setRedeemTo,
    onSubscribeAgain: async (o: FixedOrder) => {
      // Section 4: the product list is queried again before deciding.
      let list: ProductDetail[] = products.data ?? [];
      if (!(o.product_type === SimpleEarnProductType.vip && tier < 5)) {
        try {
          list = await fetchProducts();
        } catch (e) {
          handleApiError(e);
          return;
        }
      }
      const next = subscribeAgain(o, list, tier);
      // Subscribing again to a VIP product needs tier 5, whatever the product's own range: the guide
      // asks the server for the way to tier 5 (no pid).
      if (next.kind === 'upgrade') setUpgrade(true);
      else if (next.kind === 'subscribe') setSubscribe({ asset: next.asset, productId: next.productId });
      else if (next.kind === 'flexible') setSubscribe({ asset: next.asset, productId: 0 });
      else navigate('/simple-earn');
    },
  };
  const lendRatio = products.data?.find((d) => d.asset === redeem?.asset)?.lend_ratio ?? '0';

  const dialogs = (
    <>
      <SubscribeModal target={subscribe} onClose={() => setSubscribe(null)} vip={vip} />
      <RedeemModal holding={redeem} lendRatio={lendRatio} onClose={() => setRedeem(null)} />
      <AprDetailModal holding={apr} onClose={() => setApr(null)} />
      <InterestHistoryModal asset={interest} onClose={() => setInterest(null)} />
      <AutoEarnModal target={autoEarn} onClose={() => setAutoEarn(null)} />
      <EarlyRedeemModal order={early} onClose={() => setEarly(null)} />
      <ReinvestModal order={reinvest} onClose={() => setReinvest(null)} />
      <RedeemToModal order={redeemTo} onClose={() => setRedeemTo(null)} />
      <VipUpgradeModal opened={upgrade} onClose={() => setUpgrade(false)} />
    </>
  );
  return { flexActions, fixedActions, dialogs };
}

function HistoryModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { initial, probe } = useHistoryDefault({
    tab: params.get('history_tab'),
    type: params.get('history_type'),
  });
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size={1000}
      title={t('se.nav.history')}
      testId="history-modal"
    >
      <QueryState queries={probe} loading={<Skeleton h={200} />} data-testid="history">
        {initial && <HistoryView initial={initial} pageSize={SimpleEarnPageSize.history} />}
      </QueryState>
    </DialogFrame>
  );
}

/** `/simple-earn/my-lendings`: flexible and fixed holdings; `show_history_modal=1` opens the history. */
export default function MyLendingsPage({ vip = false }: { vip?: boolean }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const mobile = !!useMediaQuery(MOBILE_QUERY);
  const now = useServerNow();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'fixed' || vip ? 'fixed' : 'flexible';
  const historyOpen = params.get('show_history_modal') === '1';
  const { flexActions, fixedActions, dialogs } = useHoldingDialogs(vip);
  const loggedIn = !!me;
  const flex = useQuery({ ...seQueries.flexHoldings(), enabled: loggedIn && tab === 'flexible' });
  const fixed = useInfiniteQuery({
    queryKey: [...seKeys.fixedHoldings(1), 'infinite'],
    queryFn: ({ pageParam, signal }) =>
      getData(`${API}/fixed_earn/api/user/lend`, {
        query: { order_type: 1, page: pageParam, limit: SimpleEarnPageSize.holdings },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.total ? pages.length + 1 : undefined,
    enabled: loggedIn && tab === 'fixed',
  });

  if (me === null)
    return <Navigate to={`/login?redirect=${encodeURIComponent('/simple-earn/my-lendings')}`} replace />;

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const orders = (fixed.data?.pages.flatMap((p) => p.list) ?? []).filter(
    (o) => !vip || o.product_type === SimpleEarnProductType.vip,
  );

  return (
    <>
      <SeNav
        title={vip ? t('se.vipHoldings') : t('se.nav.holdings')}
        right={
          <Button variant="default" onClick={() => set('show_history_modal', '1')} data-testid="open-history">
            {t('se.nav.history')}
          </Button>
        }
      />
      {!vip && (
        <Tabs value={tab} onChange={(v) => set('tab', v ?? 'flexible')} mb="md">
          <Tabs.List>
            <Tabs.Tab value="flexible" data-testid="tab-flexible">
              {t('se.flexible')}
            </Tabs.Tab>
            <Tabs.Tab value="fixed" data-testid="tab-fixed">
              {t('se.fixed')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
      <QueryState
        queries={tab === 'flexible' ? flex : fixed}
        loading={[0, 1].map((i) => <Skeleton key={i} h={180} radius="lg" />)}
        data-testid={`holdings-${tab}-state`}
      >
        <Stack gap="sm" data-testid={`holdings-${tab}`}>
          {tab === 'flexible' &&
            (flex.data?.list ?? []).map((h) => (
              <FlexHoldingCard
                key={h.id}
                h={h}
                actions={flexActions}
                detailLink={mobile ? flexDetailLink(h) : undefined}
              />
            ))}
          {tab === 'fixed' &&
            orders.map((o) => (
              <FixedHoldingCard
                key={o.order_id}
                o={o}
                now={now()}
                actions={fixedActions}
                detailLink={mobile ? fixedDetailLink(o) : undefined}
              />
            ))}
          {(tab === 'flexible' ? (flex.data?.list.length ?? 0) === 0 : orders.length === 0) && (
            <Center py={60}>
              <Stack align="center" gap="sm">
                <Text c="dimmed" data-testid="holdings-empty">
                  {t('noRecord')}
                </Text>
                <Button variant="light" component={Link} to="/simple-earn">
                  {t('se.nav.products')}
                </Button>
              </Stack>
            </Center>
          )}
          {tab === 'fixed' && fixed.hasNextPage && (
            <Group justify="center">
              <Button
                variant="subtle"
                loading={fixed.isFetchingNextPage}
                onClick={() => void fixed.fetchNextPage()}
              >
                {t('se.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      </QueryState>
      <HistoryModal opened={historyOpen} onClose={() => set('show_history_modal', null)} />
      {dialogs}
    </>
  );
}
