import '../i18n/register';
import { Anchor, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { formatAmount } from '../../../components/format';
import { QueryState } from '../../../components/query-state/QueryState';
import {
  DUAL_COINS,
  type DualCoin,
  type DualDirection,
  type DualProduct,
  dualProductQueries,
} from '../api/index';
import { QuoteGrid } from '../components/QuoteGrid';
import { formatClock } from '../components/time';
import { gridOf, quotedAt } from '../rules';

// The dialog and its formulas load when a cell is picked, not with the page.
const SubscribeDialog = lazy(() => import('../dialogs/SubscribeDialog'));

const DIRECTIONS: readonly DualDirection[] = ['buy_low', 'sell_high'];

/**
 * `/dual`: pick a coin and Buy Low or Sell High, then a target and a settlement time in the grid of
 * APRs, read again every 10 seconds (a quoted APR follows the market); a cell opens the subscription.
 */
export default function DualPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [params, setParams] = useSearchParams();
  const coinParam = params.get('coin');
  const coin: DualCoin = DUAL_COINS.find((c) => c === coinParam) ?? 'BTC';
  const direction: DualDirection = params.get('direction') === 'sell_high' ? 'sell_high' : 'buy_low';
  const set = (key: 'coin' | 'direction', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const products = useQuery(dualProductQueries.products(coin, direction));
  const list = products.data?.list ?? [];
  const grid = gridOf(list, direction);
  const at = quotedAt(list);
  const index = list[0]?.index_price;
  const [picked, setPicked] = useState<DualProduct | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={1} size="h2">
            {t('dual.page.title')}
          </Title>
          <Anchor component={Link} to="/dual/orders" size="sm" data-testid="dual-orders-link">
            {t('dual.page.myOrders')}
          </Anchor>
        </Group>
        <Text c="dimmed" size="sm">
          {t('dual.page.subtitle')}
        </Text>
      </Stack>
      <Card className="surface" padding={mobile ? 'sm' : 'lg'}>
        <Stack gap="md">
          <Group gap="md" wrap="wrap">
            <SegmentedControl
              value={coin}
              onChange={(v) => set('coin', v)}
              data={DUAL_COINS.map((c) => ({ value: c, label: c }))}
              aria-label={t('dual.page.coin')}
              data-testid="dual-coin"
            />
            <SegmentedControl
              value={direction}
              onChange={(v) => set('direction', v)}
              data={DIRECTIONS.map((d) => ({ value: d, label: t(`dual.direction.${d}`) }))}
              aria-label={t('dual.page.direction')}
              data-testid="dual-direction"
            />
          </Group>
          <Text size="sm" c="dimmed" data-testid="dual-direction-help">
            {t(`dual.directionHelp.${direction}`, { coin })}
          </Text>
          <Group gap="lg" wrap="wrap">
            {index && (
              <Text size="sm" data-testid="dual-index">
                {t('dual.page.index', { coin, price: `${formatAmount(index)} USDT` })}
              </Text>
            )}
            {at !== null && (
              <Text size="sm" c="dimmed" data-testid="dual-quoted-at" aria-live="polite">
                {t('dual.page.quotedAt', { time: formatClock(at) })}
              </Text>
            )}
          </Group>
          <QueryState
            queries={products}
            empty={list.length === 0}
            emptyText={t('dual.page.empty', { coin })}
            data-testid="dual-products"
          >
            <QuoteGrid grid={grid} priceCoin="USDT" onPick={setPicked} />
          </QueryState>
        </Stack>
      </Card>
      {picked && (
        <Suspense fallback={null}>
          <SubscribeDialog
            product={list.find((p) => p.id === picked.id) ?? picked}
            onClose={() => setPicked(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
