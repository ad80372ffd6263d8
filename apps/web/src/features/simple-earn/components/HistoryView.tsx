import { SimpleEarnHistoryType } from '@earn/domain';
import { Box, Group, SegmentedControl, Select, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/auth';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { type DayRange, exportRange, rangeToUnix } from '../../../components/dateRange';
import { ExportCsv } from '../../../components/export-csv';
import { useTableState } from '../../../components/query-state/QueryState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { seQueries } from '../api/queries';
import type { HistoryRecord } from '../api/types';
import { lastDays, serverDay } from '../format';
import { useServerNow } from '../hooks';
import { prefs } from '../prefs';
import { defaultHistoryFilter, type HistoryTab } from '../rules';
import { historyColumns } from './historyColumns';
import { usePaging } from './paging';

const FLEX_TYPES = [1, 2, 3, 4];
const FIXED_TYPES = [1, 2, 3, 4, 5];

/**
 * Section 4's default: an explicit tab/type in the query, else the user's last choice, else flexible
 * interest when the user has any, else fixed interest. `initial` is undefined until that is known.
 */
export function useHistoryDefault(query: { tab?: string | null; type?: string | null }) {
  const { me } = useMe();
  const explicit = query.tab === 'flexible' || query.tab === 'fixed';
  const remembered = me && !explicit ? prefs.lastHistory(me.id) : null;
  const probe = useQuery({
    ...seQueries.history({ tab: 'flexible', type: SimpleEarnHistoryType.interest, page: 1, limit: 1 }),
    enabled: !!me && !explicit && !remembered,
  });
  const initial =
    explicit || remembered
      ? (remembered ?? defaultHistoryFilter(query, false))
      : probe.data
        ? defaultHistoryFilter(query, probe.data.total > 0)
        : undefined;
  // The probe is the screen's to show (QueryState): a failed probe is not "no flexible interest".
  return { initial, probe };
}

/** Screen 10/18: flexible and fixed records by type, coin and a date range of at most 6 months. */
export function HistoryView({
  initial,
  pageSize,
}: {
  initial: { tab: HistoryTab; type: number };
  pageSize: number;
}) {
  const { t } = useTranslation();
  const { me } = useMe();
  const [tab, setTab] = useState<HistoryTab>(initial.tab);
  const [type, setType] = useState(initial.type);
  const [asset, setAsset] = useState<string | null>(null);
  // Until the user picks a range: the last 30 days of the server's clock (the demo's test clock may run ahead).
  const serverNow = useServerNow();
  const [picked, setRange] = useState<DayRange | null>(null);
  const range = picked ?? lastDays(serverNow(), 30);
  const paging = usePaging(pageSize);
  const { from, to } = rangeToUnix(range);
  const daily = tab === 'flexible' && type === SimpleEarnHistoryType.interest;
  const q = useQuery(
    seQueries.history({
      tab,
      type,
      asset: asset ?? undefined,
      start_at: from,
      end_at: to,
      daily,
      ...paging.query,
    }),
  );
  const coins = useQuery(seQueries.historyCoins(tab === 'fixed' ? 1 : 0));
  // The coin filter is part of the table: without its coins it would offer none.
  const tableState = useTableState([q, coins]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: remember on change only
  useEffect(() => {
    if (me) prefs.setLastHistory(me.id, tab, type);
  }, [tab, type, me?.id]);

  const types = tab === 'fixed' ? FIXED_TYPES : FLEX_TYPES;
  const columns = historyColumns({ tab, type, daily, t });

  return (
    <Stack gap="md" data-testid="history-view">
      <Tabs
        value={tab}
        onChange={(v) => {
          const next = (v as HistoryTab) ?? 'flexible';
          setTab(next);
          if (next === 'flexible' && type === 5) setType(SimpleEarnHistoryType.interest);
          setAsset(null);
          paging.reset();
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="flexible" data-testid="history-tab-flexible">
            {t('se.flexible')}
          </Tabs.Tab>
          <Tabs.Tab value="fixed" data-testid="history-tab-fixed">
            {t('se.fixed')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Box style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <SegmentedControl
            value={String(type)}
            onChange={(v) => {
              setType(Number(v));
              paging.reset();
            }}
            data={types.map((n) => ({ value: String(n), label: t(`se.type.${n}`) }))}
            data-testid="history-type"
          />
        </Box>
        <Select
          label={t('se.col.coin')}
          placeholder={t('se.allCoins')}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          value={asset}
          onChange={(v) => {
            setAsset(v);
            paging.reset();
          }}
          data={coins.data?.list ?? []}
          w={{ base: '100%', sm: 160 }}
          data-testid="history-coin"
        />
        <DateRangeFilter
          value={range}
          onChange={(r) => {
            setRange(r);
            paging.reset();
          }}
          limitMonths={6}
          maxDate={serverDay(serverNow())}
        />
        <ExportCsv
          line={tab === 'fixed' ? 'simple_earn_fixed' : 'simple_earn_flexible'}
          asset={asset ?? undefined}
          {...exportRange(range)}
        />
      </Group>
      <ResponsiveTable<HistoryRecord>
        caption={t('se.nav.history')}
        rows={q.data?.list ?? []}
        rowKey={(r) => `${r.type}-${r.time_at}-${r.unique_time}-${r.asset}-${r.order_id}-${r.amount}`}
        {...tableState}
        columns={columns}
        mobileVisibleFields={4}
        {...paging.tableProps(q.data?.total ?? 0, q.data?.list.length ?? 0)}
        data-testid="history-table"
      />
    </Stack>
  );
}
