import '../i18n/register';
import '../../../components/apr-alert/i18n';
import { dec, SimpleEarnProductType } from '@earn/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { trackClick } from '../../../api/analytics';
import { useAuthDialogs, useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { ListControls, NoMatchPanel } from '../../../components/list-controls/ListControls';
import { applyListQuery, type SortKey } from '../../../components/list-controls/listQuery';
import { useListQuery } from '../../../components/list-controls/useListQuery';
import { QueryState } from '../../../components/query-state/QueryState';
import { seQueries } from '../api/queries';
import type { FixedProduct, ProductDetail } from '../api/types';
import { SeNav } from '../components/SeNav';
import { SpecialBadge } from '../components/SpecialBadge';
import { chipApr } from '../components/TermTabs';
import { AutoEarnModal, type AutoEarnTarget } from '../dialogs/AutoEarnModal';
import { SubscribeModal, type SubscribeTarget, termLabel } from '../dialogs/subscribe/SubscribeModal';
import { amt, pct } from '../format';
import { LINKS, vipLink } from '../links';
import { isSoldOut, upTo } from '../rules';

const AprAlertDialog = lazy(() => import('../../../components/apr-alert/AprAlertDialog'));
type AlertTarget = import('../../../components/apr-alert/AprAlertDialog').AprAlertTarget;

const SORTS: readonly SortKey[] = ['apr-desc', 'apr-asc', 'term-asc', 'term-desc', 'coin'];

/** A coin's shortest term (flexible counts as 0 days) or its longest, in days. */
function termDays(d: ProductDetail, direction: 'asc' | 'desc'): number | null {
  const days = d.fixed_list.map((p) => (p.id === 0 ? 0 : p.lock_up_period));
  if (days.length === 0) return null;
  return direction === 'asc' ? Math.min(...days) : Math.max(...days);
}

/** The best APR an asset offers over its terms, and the amount it needs (null: any amount). */
function bestOffer(d: ProductDetail): { apr: string; amount: string | null } {
  return d.fixed_list.reduce<{ apr: string; amount: string | null }>(
    (m, p) => (dec(upTo(p).apr).gt(m.apr) ? upTo(p) : m),
    { apr: '0', amount: null },
  );
}

function bestApr(d: ProductDetail): string {
  return bestOffer(d).apr;
}

/** "Up to 15.23% on the first 500 USDT", or the rate alone when any amount gets it. */
function upToText(p: FixedProduct, t: TFunction): string {
  const up = upTo(p);
  return up.amount
    ? t('se.apr.upToFirst', { apr: pct(up.apr), amount: amt(up.amount), coin: p.asset })
    : pct(up.apr);
}

/** `/simple-earn`: every coin with its flexible and fixed terms; search, sort, subscribe. */
export default function ProductsPage({ vip = false }: { vip?: boolean }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { isLoggedIn, me } = useMe();
  const { openRegister } = useAuthDialogs();
  const [params, setParams] = useSearchParams();
  const list = useListQuery(SORTS);
  const [autoEarn, setAutoEarn] = useState<AutoEarnTarget | null>(null);
  const [alertFor, setAlertFor] = useState<AlertTarget | null>(null);
  const products = useQuery(seQueries.products());
  const autoInvest = useQuery({ ...seQueries.autoInvest(), enabled: isLoggedIn });
  const held = useQuery({ ...seQueries.heldAssets(), enabled: isLoggedIn && list.mine });

  // The open dialog lives in the URL (asset, product_id), so subscribe-again and links can open it.
  const openAsset = params.get('asset');
  const target: SubscribeTarget | null = openAsset
    ? {
        asset: openAsset.toUpperCase(),
        productId: params.has('product_id') ? Number(params.get('product_id')) : undefined,
      }
    : null;
  const open = (asset: string, productId?: number) => {
    trackClick('simpleEarn.openSubscribe', { asset, productId: productId ?? null });
    const next = new URLSearchParams(params);
    next.set('asset', asset);
    if (productId !== undefined) next.set('product_id', String(productId));
    else next.delete('product_id');
    setParams(next, { replace: false });
  };
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('asset');
    next.delete('product_id');
    setParams(next, { replace: true });
  };

  const heldSet = held.data;
  const rows = useMemo(() => {
    const all = (products.data ?? []).filter(
      (d) => !vip || d.fixed_list.some((p) => p.type === SimpleEarnProductType.vip),
    );
    return applyListQuery(
      all,
      { q: list.q, sort: list.sort, mine: list.mine },
      {
        searchable: (d) => [d.asset],
        coin: (d) => d.asset,
        mine: (d) => heldSet?.has(d.asset) ?? false,
        figures: { apr: (d) => bestApr(d), term: termDays },
      },
    );
  }, [products.data, list.q, list.sort, list.mine, heldSet, vip]);
  const narrowedEmpty = rows.length === 0 && (products.data?.length ?? 0) > 0;

  const globalAuto = autoInvest.data?.global_status ?? 0;

  return (
    <>
      <SeNav
        title={vip ? t('se.vipTitle') : t('se.title')}
        subtitle={t('se.subtitle')}
        right={
          <Group gap="sm">
            {vip ? (
              <Anchor href={vipLink(me?.vip_tier ? me.vip_tier + 1 : 1)} size="sm">
                {t('se.vip.benefits')}
              </Anchor>
            ) : (
              <Anchor href={LINKS.vipWealth} size="sm">
                {t('se.vipWealth')}
              </Anchor>
            )}
            {/* On or off as the server holds it: unknown, the switch would say off to a user with it on. */}
            <QueryState queries={autoInvest} compact loading={<Skeleton h={24} w={120} radius="xl" />}>
              <Switch
                label={t('se.autoEarnAll')}
                checked={globalAuto === 1}
                onChange={() =>
                  isLoggedIn ? setAutoEarn({ asset: 'ALL', status: globalAuto }) : openRegister()
                }
                data-testid="auto-earn-all"
              />
            </QueryState>
          </Group>
        }
      />
      <Stack mb="md">
        <ListControls list={list} showMine={isLoggedIn} testId="se-list" />
      </Stack>
      <QueryState
        queries={list.mine ? [products, held] : products}
        empty={rows.length === 0 && !narrowedEmpty}
        loading={[0, 1, 2].map((i) => <Skeleton key={i} h={mobile ? 180 : 96} radius="lg" />)}
        data-testid="product-list"
      >
        {narrowedEmpty && (
          <Card className="surface">
            <NoMatchPanel list={list} testId="se-list" />
          </Card>
        )}
        <Stack gap="sm" data-testid="product-list">
          {rows.map((d) => (
            <ProductRow
              key={d.asset}
              detail={d}
              onOpen={open}
              onAlert={isLoggedIn ? setAlertFor : undefined}
              mobile={!!mobile}
            />
          ))}
        </Stack>
      </QueryState>
      <SubscribeModal target={target} onClose={close} vip={vip} />
      <AutoEarnModal target={autoEarn} onClose={() => setAutoEarn(null)} />
      {alertFor && (
        <Suspense fallback={null}>
          <AprAlertDialog target={alertFor} onClose={() => setAlertFor(null)} />
        </Suspense>
      )}
    </>
  );
}

function TermChip({ p, onClick }: { p: FixedProduct; onClick: () => void }) {
  const { t } = useTranslation();
  const soldOut = isSoldOut(p);
  return (
    <UnstyledButton
      onClick={onClick}
      px="sm"
      py={6}
      data-testid={`chip-${p.asset}-${p.id}`}
      title={upToText(p, t)}
      style={{
        // A sold-out term is marked by its badge and a dashed border, not faded: faded text is unreadable.
        border: `1px ${soldOut ? 'dashed' : 'solid'} var(--mantine-color-default-border)`,
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group gap={6} wrap="nowrap">
        {/* The name is what the chip shows, with the coin before it and the amount limit after it
            for a screen reader (an aria-label that differs from the visible text fails WCAG 2.5.3). */}
        <VisuallyHidden>{p.asset}</VisuallyHidden>
        <Text size="xs" fw={600}>
          {termLabel(p, t)}
        </Text>
        <Text size="xs" className="apr" fw={600}>
          {chipApr(p, t)}
        </Text>
        {p.type === SimpleEarnProductType.vip && (
          <Badge size="xs" color="yellow" variant="light">
            VIP
          </Badge>
        )}
        <SpecialBadge product={p} />
        {soldOut && (
          <Badge size="xs" color="gray" variant="light">
            {t('se.soldOut')}
          </Badge>
        )}
        {upTo(p).amount && <VisuallyHidden>{upToText(p, t)}</VisuallyHidden>}
      </Group>
    </UnstyledButton>
  );
}

function ProductRow({
  detail,
  onOpen,
  onAlert,
  mobile,
}: {
  detail: ProductDetail;
  onOpen: (asset: string, productId?: number) => void;
  /** Opens the APR-alert dialog (signed-in users). */
  onAlert?: (target: AlertTarget) => void;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const flexible = detail.fixed_list.find((p) => p.id === 0);
  const fixedTerms = detail.fixed_list.filter((p) => p.id !== 0);
  const best = bestOffer(detail);
  return (
    <Card className="surface" padding={mobile ? 'md' : 'lg'} data-testid={`product-${detail.asset}`}>
      <Group justify="space-between" wrap={mobile ? 'wrap' : 'nowrap'} gap="md" align="center">
        <Group gap="sm" wrap="nowrap" miw={mobile ? undefined : 160} w={mobile ? '100%' : undefined}>
          <CoinAvatar coin={detail.asset} size={36} />
          <Stack gap={0}>
            <Text fw={650}>{detail.asset}</Text>
            <Text size="xs" c="dimmed">
              {t('se.upTo')}{' '}
              <Text span className="apr" fw={600} size="xs" data-testid={`best-${detail.asset}`}>
                {pct(best.apr)}
              </Text>
              {best.amount && ` ${t('se.apr.onFirst', { amount: amt(best.amount), coin: detail.asset })}`}
            </Text>
          </Stack>
        </Group>
        <Stack gap={4} style={{ flex: 1 }} miw={0} w={mobile ? '100%' : undefined}>
          <Text size="xs" c="dimmed">
            {flexible ? t('se.flexibleAndFixed') : t('se.fixedOnly')}
          </Text>
          <Group gap={6} wrap="wrap">
            {flexible && <TermChip p={flexible} onClick={() => onOpen(detail.asset, 0)} />}
            {fixedTerms.map((p) => (
              <TermChip key={p.id} p={p} onClick={() => onOpen(detail.asset, p.id)} />
            ))}
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap" w={mobile ? '100%' : undefined}>
          {onAlert && flexible && (
            <Button
              variant="default"
              onClick={() =>
                onAlert({ line: 'flexible', asset: detail.asset, currentRate: flexible.year_rate })
              }
              data-testid={`apr-alert-${detail.asset}`}
            >
              {t('aprAlert.button')}
            </Button>
          )}
          <Button
            onClick={() => onOpen(detail.asset)}
            fullWidth={mobile}
            w={mobile ? undefined : 120}
            style={mobile ? { flex: 1 } : undefined}
            data-testid={`subscribe-${detail.asset}`}
          >
            {t('se.subscribe')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
