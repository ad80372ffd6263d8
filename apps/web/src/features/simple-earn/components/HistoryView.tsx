import { dec, SimpleEarnHistoryType, SimpleEarnPageSize } from '@earn/domain';
import {
  Anchor,
  Box,
  Collapse,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/auth';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { type DayRange, exportRange, rangeToUnix } from '../../../components/dateRange';
import { ExportCsv } from '../../../components/export-csv';
import { QueryState, useTableState } from '../../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../../components/ResponsiveTable';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatDate, i18next } from '../../../i18n';
import { seQueries } from '../api/queries';
import type { HistoryRecord } from '../api/types';
import { amt, lastDays, pct, pctOf, serverDay } from '../format';
import { useServerNow } from '../hooks';
import { prefs } from '../prefs';
import { defaultHistoryFilter, type HistoryTab } from '../rules';
import { usePaging } from './paging';

const FLEX_TYPES = [1, 2, 3, 4];
const FIXED_TYPES = [1, 2, 3, 4, 5];
/** History modes named in section 9. */
const KNOWN_MODES = [0, 1, 2, 5, 10, 11, 12, 14, 15, 32];

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

function modeLabel(mode: number): string | null {
  return KNOWN_MODES.includes(mode) && mode !== 0 ? i18next.t(`se.mode.${mode}`) : null;
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
  const columns: Column<HistoryRecord>[] = [
    {
      key: 'time',
      title: daily ? t('se.col.day') : t('se.col.time'),
      render: (r) => formatDate(daily ? r.unique_time : r.time_at, !daily),
    },
    {
      key: 'coin',
      title: t('se.col.coin'),
      render: (r) => (
        <Text size="sm" fw={600}>
          {type === 4 && r.bonus_asset ? r.bonus_asset : r.asset}
        </Text>
      ),
    },
    {
      key: 'amount',
      title: type === 5 ? t('se.col.rateUpInterest') : t('se.col.amount'),
      align: 'right',
      render: (r) => {
        const shown = amt(type === 5 ? r.coupon_interest || r.amount : r.amount);
        // A flexible hour's bonus opens that hour's bonus breakdown (the holding's coin earns it).
        if (tab === 'flexible' && type === SimpleEarnHistoryType.bonus)
          return (
            <>
              {shown}
              <WhyButton
                target={{ kind: 'flexible_bonus_hour', coin: r.product_asset || r.asset, hour: r.time_at }}
                amount={r.amount}
                coin={r.bonus_asset || r.asset}
              />
            </>
          );
        // A fixed order's maturity payout (interest, its coupon and bonus) opens the order's breakdown.
        if (tab !== 'fixed' || type < SimpleEarnHistoryType.interest || !r.order_id) return shown;
        return (
          <>
            {shown}
            <WhyButton
              target={{ kind: 'fixed_maturity', id: r.order_id }}
              amount={type === 5 ? r.coupon_interest || r.amount : r.amount}
              coin={type === 4 && r.bonus_asset ? r.bonus_asset : r.asset}
            />
          </>
        );
      },
    },
  ];
  if (daily) {
    columns.push({
      key: 'hours',
      title: t('se.col.hourly'),
      align: 'right',
      render: (r) => <DailyDetail record={r} />,
    });
  } else if (type === SimpleEarnHistoryType.interest) {
    columns.push(
      { key: 'principal', title: t('se.col.lent'), align: 'right', render: (r) => amt(r.lend_principal) },
      // Interest rows are the base rate's part (the bonus has its own rows): the hour's base rate.
      { key: 'rate', title: t('se.apr.base'), align: 'right', render: (r) => pct(r.lend_rate_year) },
    );
  } else if (type === 5) {
    columns.push(
      { key: 'ratio', title: t('se.col.rateUp'), align: 'right', render: (r) => pctOf(r.rate_ratio) },
      {
        key: 'principal',
        title: t('se.col.couponPrincipal'),
        align: 'right',
        render: (r) => amt(r.coupon_principal),
      },
    );
  } else if (type === SimpleEarnHistoryType.subscribe || type === SimpleEarnHistoryType.redeem) {
    if (type === SimpleEarnHistoryType.subscribe)
      columns.push({
        key: 'apr',
        title: t('se.col.rate'),
        align: 'right',
        // The holding's (flexible) or order's (fixed) APR right after the subscription: the figure its
        // success dialog and holding card showed. Older records without it: the rate of the time.
        render: (r) =>
          dec(r.blended_apr || 0).gt(0)
            ? pct(r.blended_apr ?? '0')
            : dec(r.lend_rate_year || 0).gt(0)
              ? pct(r.lend_rate_year)
              : '—',
      });
    columns.push({
      key: 'mode',
      title: t('se.col.detail'),
      align: 'right',
      render: (r) =>
        [
          tab === 'fixed' && r.order_id ? `#${r.order_id}` : null,
          r.redeem_type ? t(`se.redeemType.${r.redeem_type}`) : null,
          modeLabel(r.mode),
        ]
          .filter(Boolean)
          .join(' · ') || '—',
    });
  }

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

/** The expandable daily row: the day's hourly interest, 25 a page. */
function DailyDetail({ record }: { record: HistoryRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const start = record.unique_time;
  const q = useQuery({
    ...seQueries.history({
      tab: 'flexible',
      type: SimpleEarnHistoryType.interest,
      asset: record.asset,
      // The daily rows group hours by the hour's end within [day start, next day start).
      start_at: start,
      end_at: start + 86_399,
      page: 1,
      limit: SimpleEarnPageSize.dailyDetail,
    }),
    enabled: open,
  });
  return (
    <Stack gap={4} align="flex-end">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="daily-expand"
      >
        {t('se.hours', { count: record.hours ?? 0 })}
      </Anchor>
      <Collapse expanded={open}>
        <QueryState queries={q} compact loading={<Skeleton h={18} w={160} />} data-testid="hourly">
          <Stack gap={2} data-testid="hourly-rows">
            {(q.data?.list ?? []).map((h) => (
              <Group key={h.time_at} gap="md" justify="flex-end" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {utcHour(h.time_at)}
                </Text>
                <Text size="xs" className="num">
                  {amt(h.amount)}
                </Text>
                <Text size="xs" c="dimmed" className="num">
                  {pct(h.lend_rate_year)}
                </Text>
                <WhyButton
                  target={{ kind: 'flexible_hour', coin: h.asset, hour: h.time_at }}
                  amount={h.amount}
                  coin={h.asset}
                />
              </Group>
            ))}
            {q.data && q.data.total > q.data.list.length && (
              <Text size="xs" c="dimmed">
                {t('se.moreHours', { count: q.data.total - q.data.list.length })}
              </Text>
            )}
          </Stack>
        </QueryState>
      </Collapse>
    </Stack>
  );
}

/** An hour of a day's detail, in UTC like the day it belongs to: '09:00 UTC'. */
function utcHour(unix: number): string {
  const d = new Date(unix * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
