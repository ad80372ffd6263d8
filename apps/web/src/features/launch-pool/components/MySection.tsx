import { Badge, Card, Group, Stack, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../api/typed';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { type DayRange, exportRange, rangeToUnix } from '../../../components/dateRange';
import { ExportCsv } from '../../../components/export-csv';
import { formatAmount } from '../../../components/format';
import { useTableState } from '../../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../../components/ResponsiveTable';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatDate } from '../../../i18n';
import { LAUNCHPOOL_BASE, lpKeys, MY_TABLE_PAGE_SIZE, type MyReward, type MyStake } from '../api/index';

function modeKey(s: MyStake): string {
  if (s.simpleEarnPeriod > 0) return 'launchpool.mode.fixed';
  return s.simpleEarnStatus === 1 ? 'launchpool.mode.flexible' : 'launchpool.mode.spot';
}

/** The reward history's date range as the server reads it: both days picked, or none. */
export function rewardRangeQuery(range: DayRange): { start_time?: number; end_time?: number } {
  if (!range[0] || !range[1]) return {};
  const { from, to } = rangeToUnix(range);
  return { start_time: from, end_time: to };
}

/**
 * A paged list as a ResponsiveTable takes it: rows, state and retry, then pages on desktop or infinite
 * scroll on mobile.
 */
function pagedTableProps<T>(
  list: PagedRows<T>,
  mobile: boolean,
  page: number,
  onPageChange: (page: number) => void,
) {
  const state = {
    rows: list.rows,
    loading: list.loading,
    error: list.error,
    onRetry: list.retry,
  };
  return mobile
    ? { ...state, hasMore: list.hasMore, onLoadMore: list.loadMore }
    : { ...state, page, total: list.total, pageSize: MY_TABLE_PAGE_SIZE, onPageChange };
}

interface PagedRows<T> {
  rows: T[];
  total: number;
  loading: boolean;
  /** What the table says instead of rows (failure or offline), if anything. */
  error: ReactNode;
  retry: () => void;
  hasMore: boolean;
  loadMore: () => void;
}

/** One page of a list the document declares: its rows and how many there are in all. */
type PageFetch<T> = (page: number, signal: AbortSignal) => Promise<{ list: T[]; total: number }>;

/** A page of the user's stakes. */
const fetchStakes: PageFetch<MyStake> = (page, signal) =>
  getData(`${LAUNCHPOOL_BASE}/my-stakes`, { query: { page, limit: MY_TABLE_PAGE_SIZE }, signal });

/** A page of the user's hourly rewards, in the date range picked. */
const fetchRewards =
  (range: ReturnType<typeof rewardRangeQuery>): PageFetch<MyReward> =>
  (page, signal) =>
    getData(`${LAUNCHPOOL_BASE}/my-rewards`, {
      query: { ...range, page, limit: MY_TABLE_PAGE_SIZE },
      signal,
    });

/**
 * A server-paged list: one page at a time on desktop (pagination), every page so far on mobile
 * (infinite scroll). `key` names the list and its filter in the query cache.
 */
function usePagedRows<T>(
  key: readonly unknown[],
  fetchPage: PageFetch<T>,
  page: number,
  mobile: boolean,
  enabled: boolean,
): PagedRows<T> {
  const paged = useQuery({
    queryKey: [...lpKeys.all, ...key, page],
    queryFn: ({ signal }) => fetchPage(page, signal),
    enabled: enabled && !mobile,
  });
  const infinite = useInfiniteQuery({
    queryKey: [...lpKeys.all, ...key, 'infinite'],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.length * MY_TABLE_PAGE_SIZE < last.total ? all.length + 1 : undefined,
    enabled: enabled && mobile,
  });
  const pagedState = useTableState(paged);
  const infiniteState = useTableState(infinite);
  if (mobile) {
    return {
      rows: (infinite.data?.pages ?? []).flatMap((p) => p.list),
      total: infinite.data?.pages[0]?.total ?? 0,
      loading: infiniteState.loading || infinite.isFetchingNextPage,
      error: infiniteState.error,
      retry: infiniteState.onRetry,
      hasMore: infinite.hasNextPage,
      loadMore: () => void infinite.fetchNextPage(),
    };
  }
  return {
    rows: paged.data?.list ?? [],
    total: paged.data?.total ?? 0,
    loading: pagedState.loading,
    error: pagedState.error,
    retry: pagedState.onRetry,
    hasMore: false,
    loadMore: () => undefined,
  };
}

/** The user's stakes (every pool staked now or rewarded before) and the hourly reward history. */
export function MySection({ id }: { id?: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('stakes');
  const [stakesPage, setStakesPage] = useState(1);
  const [rewardsPage, setRewardsPage] = useState(1);
  const [range, setRange] = useState<DayRange>([null, null]);
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const stakes = usePagedRows(['my-stakes', {}], fetchStakes, stakesPage, mobile, true);
  const rewardRange = rewardRangeQuery(range);
  const rewards = usePagedRows(
    ['my-rewards', rewardRange],
    fetchRewards(rewardRange),
    rewardsPage,
    mobile,
    tab === 'rewards',
  );

  const stakeColumns: Column<MyStake>[] = [
    { key: 'project', title: t('launchpool.my.project'), render: (s) => `${s.name} · ${s.coin}` },
    {
      key: 'staked',
      title: t('launchpool.my.staked'),
      align: 'right',
      render: (s) => `${formatAmount(s.amount)} ${s.coin}`,
    },
    {
      key: 'reward',
      title: t('launchpool.my.totalReward'),
      align: 'right',
      render: (s) => (
        <Stack gap={0} align="flex-end">
          {(s.rewards ?? [{ coin: s.reward_coin, total_reward: s.total_reward }]).map((r) => (
            <span key={r.coin}>
              {formatAmount(r.total_reward)} {r.coin}
            </span>
          ))}
        </Stack>
      ),
    },
    {
      key: 'state',
      title: t('launchpool.my.state'),
      render: (s) => (
        <Badge variant="light" radius="sm" color={s.state === 1 ? 'teal' : s.state === 2 ? 'blue' : 'gray'}>
          {t(`launchpool.state.${s.state}`)}
        </Badge>
      ),
    },
    {
      key: 'mode',
      title: t('launchpool.my.mode'),
      render: (s) => t(modeKey(s), { days: s.simpleEarnPeriod }),
    },
  ];
  const rewardColumns: Column<MyReward>[] = [
    { key: 'hour', title: t('launchpool.my.hour'), render: (r) => formatDate(r.hour_start, true) },
    { key: 'project', title: t('launchpool.my.project'), render: (r) => `${r.name} · ${r.coin}` },
    {
      key: 'amount',
      title: t('launchpool.my.amount'),
      align: 'right',
      // The payout opens its breakdown from here, so "Why?" stays in the mobile card's visible fields.
      render: (r) => (
        <>
          {`${formatAmount(r.amount)} ${r.reward_coin}`}
          <WhyButton
            target={{ kind: 'launchpool_hour', rid: r.rid, coin: r.reward_coin, hour: r.hour_start }}
            amount={r.amount}
            coin={r.reward_coin}
          />
        </>
      ),
    },
  ];

  return (
    <Card className="surface" id={id}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('launchpool.my.title')}
        </Title>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="stakes">{t('launchpool.my.title')}</Tabs.Tab>
            <Tabs.Tab value="rewards" data-testid="my-rewards-tab">
              {t('launchpool.my.rewards')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="stakes" pt="md">
            <ResponsiveTable
              caption={t('launchpool.my.title')}
              columns={stakeColumns}
              rowKey={(s) => `${s.pid}-${s.rid}`}
              {...pagedTableProps(stakes, mobile, stakesPage, setStakesPage)}
              emptyText={t('launchpool.my.empty')}
              data-testid="my-stakes"
            />
          </Tabs.Panel>
          <Tabs.Panel value="rewards" pt="md">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
                <DateRangeFilter
                  value={range}
                  limitMonths={6}
                  onChange={(next) => {
                    setRange(next);
                    setRewardsPage(1);
                  }}
                  data-testid="rewards-date-range"
                />
                <ExportCsv line="launch_pool" {...exportRange(range)} />
              </Group>
              <ResponsiveTable
                caption={t('launchpool.my.rewards')}
                columns={rewardColumns}
                rowKey={(r) => `${r.rid}-${r.hour_start}-${r.reward_coin}`}
                {...pagedTableProps(rewards, mobile, rewardsPage, setRewardsPage)}
                emptyText={t('launchpool.my.rewardsEmpty')}
                data-testid="my-rewards"
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
