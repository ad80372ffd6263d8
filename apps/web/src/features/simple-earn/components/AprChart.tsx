import { dec } from '@earn/domain';
import { Center, Loader, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../components/format';
import { QueryState } from '../../../components/query-state/QueryState';
import { TrendChart } from '../../../components/TrendChart';
import { type ChartRange, seQueries } from '../api/queries';
import { useServerTime } from '../hooks';

/**
 * The realtime APR chart of a flexible asset: 24 hours and 7 days hourly, 30 days daily. The server's
 * points are what the product card states (base + bonus), up to the hour in progress.
 */
export function AprChart({ asset, height = 180 }: { asset: string; height?: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<ChartRange>('24h');
  const server = useServerTime();
  const q = useQuery({ ...seQueries.chart(asset, range, server.now()), enabled: server.ready });
  const points = (q.data ?? []).map((p) => ({ time: p.time, value: dec(p.value).times(100).toFixed() }));
  return (
    <Stack gap="xs" data-testid="apr-chart">
      <SegmentedControl
        size="xs"
        value={range}
        onChange={(v) => setRange(v as ChartRange)}
        data={[
          { value: '24h', label: t('se.chart.24h') },
          { value: '7d', label: t('se.chart.7d') },
          { value: '30d', label: t('se.chart.30d') },
        ]}
        aria-label={t('se.chart.range')}
      />
      <QueryState
        queries={[server.query, q]}
        empty={points.length === 0}
        emptyText={t('finances.noData')}
        loading={
          <Center h={height}>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        }
        data-testid="apr-chart-state"
      >
        {/* Mounted only with data: the chart builds itself on mount. */}
        <TrendChart
          key={range}
          data={points}
          height={height}
          label={t('se.chart.label', { coin: asset })}
          formatValue={(v) => `${formatAmount(v, 4)}%`}
        />
      </QueryState>
    </Stack>
  );
}
