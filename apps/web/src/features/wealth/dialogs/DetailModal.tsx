import {
  Center,
  Divider,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount, formatPercent, formatValuation } from '../../../components/format';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { TrendChart } from '../../../components/TrendChart';
import { useValuationDecimals } from '../../../components/useValuationDecimals';
import {
  type ChartType,
  WEALTH_RANGES,
  type WealthOrder,
  type WealthProduct,
  type WealthRange,
  wealthQueries,
} from '../api/index';
import { Row } from '../components/Frame';

const signedAmount = (v: string, places = 8) =>
  v.startsWith('-') ? `-${formatAmount(v.slice(1), places)}` : `+${formatAmount(v, places)}`;

/** A holding's detail: personal info, product info and its trend (assets or change) over 30 to 730 days. */
export function DetailModal({
  order,
  product,
  opened,
  onClose,
}: {
  order: WealthOrder;
  product?: WealthProduct;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decimalsOf = useValuationDecimals();
  const detail = useQuery({ ...wealthQueries.detail(order.order_id, order.project_type), enabled: opened });
  const [type, setType] = useState<ChartType>('balance');
  const [range, setRange] = useState<WealthRange>(30);
  const lines = useQuery({
    ...wealthQueries.lines(order.order_id, order.project_type, type, range),
    enabled: opened,
  });
  const d = detail.data ?? order;
  const points = (lines.data?.lines ?? []).map((p) => ({ time: p.timestamp, value: p.value }));

  return (
    <DialogFrame opened={opened} onClose={onClose} title={d.name} testId="wealth-detail-modal" size={680}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={8}>
            <Text fw={650} size="sm">
              {t('wealth.detail.personal')}
            </Text>
            <Row label={t('wealth.field.clientId')} value={d.client_id} />
            <Row
              label={t('wealth.field.value')}
              // A valuation at the latest NAV, as the holdings list shows it (not a figure paid).
              value={`${formatValuation(d.amount, decimalsOf(d.coin))} ${d.coin}`}
              testId="wealth-detail-value"
            />
            <Row label={t('wealth.field.heldUnits')} value={formatAmount(d.unit, 6)} />
            {Number(d.redeeming_unit) > 0 && (
              <Row label={t('wealth.field.redeemingUnits')} value={formatAmount(d.redeeming_unit, 6)} />
            )}
            {Number(d.redeeming_unit) > 0 && (
              <Row
                label={t('arrival.label')}
                value={
                  <RedeemArrival query={{ line: 'wealth', pid: order.pid }} testId="wealth-pending-arrival" />
                }
              />
            )}
            {d.show_interest === 1 && (
              <Row label={t('wealth.field.income')} value={`${signedAmount(d.income_amount)} ${d.coin}`} />
            )}
          </Stack>
          <Stack gap={8}>
            <Text fw={650} size="sm">
              {t('wealth.detail.product')}
            </Text>
            <Row label={t('wealth.field.type')} value={t(`wealth.type.${d.project_type}`)} />
            <Row label={t('wealth.field.nav')} value={`${formatAmount(d.net_value_ratio)} ${d.coin}`} />
            <Row
              label={t('wealth.field.buyNav')}
              value={`${formatAmount(d.net_value_ratio_buy)} ${d.coin}`}
            />
            <Row label={t('wealth.field.rate30')} value={formatPercent(d.recent_30_days_rate)} />
            <Row label={t('wealth.field.runDays')} value={t('wealth.days', { count: d.run_days })} />
          </Stack>
        </SimpleGrid>
        {product?.description && (
          <Text size="xs" c="dimmed">
            {product.description}
          </Text>
        )}
        <Divider />
        <Tabs value={type} onChange={(v) => v && setType(v as ChartType)}>
          <Tabs.List>
            <Tabs.Tab value="balance" data-testid="wealth-chart-balance">
              {t('wealth.chart.balance')}
            </Tabs.Tab>
            <Tabs.Tab value="rate" data-testid="wealth-chart-rate">
              {t('wealth.chart.rate')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            size="xs"
            value={String(range)}
            onChange={(v) => setRange(Number(v) as WealthRange)}
            data={WEALTH_RANGES.map((r) => ({ value: String(r), label: t(`wealth.range.${r}`) }))}
            aria-label={t('wealth.chart.range')}
          />
          {lines.data && (
            <Text size="sm" className="num" data-testid="wealth-change">
              {t('wealth.chart.change')}:{' '}
              {type === 'rate'
                ? `${signedAmount(lines.data.change, 4)}%`
                : `${signedAmount(lines.data.change)} ${d.coin}`}
            </Text>
          )}
        </Group>
        {/* The shared chart builds itself only when first mounted with data, so it mounts after loading. */}
        {lines.isLoading ? (
          <Center h={220} aria-busy="true">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : (
          <TrendChart
            key={`${type}-${range}`}
            data={points}
            height={220}
            label={t(type === 'balance' ? 'wealth.chart.balance' : 'wealth.chart.rate')}
            formatValue={(v) => (type === 'rate' ? `${v}%` : `${formatAmount(v)} ${d.coin}`)}
          />
        )}
      </Stack>
    </DialogFrame>
  );
}
