import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../api/analytics';
import { requireLogin } from '../../../api/session';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DisabledReason } from '../../../components/DisabledReason';
import { formatAmount, formatPercent, formatValuation } from '../../../components/format';
import type { Column } from '../../../components/ResponsiveTable';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { useValuationDecimals } from '../../../components/useValuationDecimals';
import type { WealthOrder, WealthProduct } from '../api/index';

export type Dialog =
  | { kind: 'subscribe'; product: WealthProduct }
  | { kind: 'redeem'; order: WealthOrder }
  | { kind: 'detail'; order: WealthOrder };

/** The products table's columns: product (with its VIP tier), NAV, 30-day rate, minimum, subscribe. */
export function useProductColumns({
  isLoggedIn,
  tier,
  setDialog,
}: {
  isLoggedIn: boolean;
  tier: number;
  setDialog: (dialog: Dialog) => void;
}): Column<WealthProduct>[] {
  const { t } = useTranslation();
  // Why a product cannot be bought now, shown at its greyed button; null when it can.
  const subscribeBlock = (p: WealthProduct): string | null =>
    p.status !== 'online'
      ? t('wealth.product.offline')
      : isLoggedIn && tier < p.vip_min_tier
        ? t('wealth.product.vipOnly', { tier: p.vip_min_tier })
        : null;

  return [
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
}

/** The holdings table's columns: product, value, units (with a pending redemption), actions. */
export function useOrderColumns({
  productOf,
  setDialog,
}: {
  productOf: (pid: number) => WealthProduct | undefined;
  setDialog: (dialog: Dialog) => void;
}): Column<WealthOrder>[] {
  const { t } = useTranslation();
  const decimalsOf = useValuationDecimals();
  return [
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
      // units × the latest NAV (8 decimals down, from the server): a valuation, not a payout (a
      // redemption pays units × the next NAV), so only its display is cut, to a cent's worth of the
      // coin, instead of showing the multiplication's tail (1,999.99999966 USDT reads 1,999.99 USDT, as
      // the earn overview's wealth line does).
      render: (o) => `${formatValuation(o.amount, decimalsOf(o.coin))} ${o.coin}`,
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
}
