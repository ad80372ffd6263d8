import './i18n';
import { Box, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useMe } from '../../app/auth';
import { DateRangeFilter } from '../DateRangeFilter';
import { formatAmount } from '../format';
import { useTableState } from '../query-state/QueryState';
import { type Column, ResponsiveTable } from '../ResponsiveTable';
import { targetsOfWhy } from '../reward-breakdown/api';
import { WhyButton } from '../reward-breakdown/WhyButton';
import { formatServerTime, useServerClock } from '../serverTime';
import {
  type RecordFilter,
  type RecordLine,
  type RecordRow,
  type RecordType,
  recordQueries,
  recordsCsvUrl,
} from './api';

/** The movements each line books: stakes and redemptions, rewards, and what else the line pays or costs. */
const TYPES: Record<RecordLine, readonly RecordType[]> = {
  staking: ['subscribe', 'redeem', 'reward', 'fee'],
  launch_pool: ['subscribe', 'redeem', 'reward', 'interest'],
};
const BACK: Record<RecordLine, string> = { staking: '/staking', launch_pool: '/launchpool' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter as the URL keeps it (`coin`, `type`, `from`, `to`), so a link shows the same records. */
function readFilter(line: RecordLine, params: URLSearchParams): RecordFilter {
  const type = params.get('type') as RecordType | null;
  const day = (key: string) => {
    const v = params.get(key) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    line,
    coin: (params.get('coin') ?? '').slice(0, 16),
    type: type && TYPES[line].includes(type) ? type : '',
    from: day('from'),
    to: day('to'),
  };
}

const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * `/staking/records`, `/launchpool/records`: the line's stakes, redemptions and rewards across every
 * coin, dated, filtered by coin, type and a range of UTC days, paged by the statement's cursor, and
 * exported as CSV.
 */
export default function LineRecordsPage({ line }: { line: RecordLine }) {
  const { t } = useTranslation();
  const { me, isLoggedIn } = useMe();
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  const { now } = useServerClock();
  const filter = readFilter(line, params);
  const records = useInfiniteQuery({ ...recordQueries.list(filter), enabled: isLoggedIn });
  const state = useTableState(records);
  if (me === null)
    return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;

  const set = (patch: Partial<Record<'coin' | 'type' | 'from' | 'to', string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const rows = records.data?.pages.flatMap((p) => p.list) ?? [];
  const narrowed = Boolean(filter.coin || filter.type || filter.from || filter.to);
  const today = utcDay(now());

  const columns: Column<RecordRow>[] = [
    { key: 'time', title: t('records.time'), render: (r) => formatServerTime(r.at) },
    {
      key: 'type',
      title: t('records.type'),
      render: (r) => <span data-testid={`records-type-${r.key}`}>{t(`records.type.${r.type}`)}</span>,
    },
    {
      key: 'amount',
      title: t('records.amount'),
      align: 'right',
      render: (r) => (
        <>
          <span className="num" data-testid={`records-amount-${r.key}`}>
            {formatAmount(r.amount, 8)} {r.asset}
          </span>
          {/* A payout the statement can explain (a launch-pool hour) opens its breakdown, as there. */}
          {r.why && <WhyButton target={targetsOfWhy(r.why)} amount={r.amount} coin={r.asset} />}
        </>
      ),
    },
    {
      key: 'entry',
      title: t('records.entry'),
      render: (r) => (r.entry_id === null ? '—' : `#${r.entry_id}`),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(`records.title.${line}`)}
          </Title>
          <Text c="dimmed" size="sm">
            {t('records.subtitle')}
          </Text>
        </Stack>
        <Button component={Link} to={BACK[line]} variant="subtle">
          {t(`records.back.${line}`)}
        </Button>
      </Group>
      <Card className="surface" padding="md">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('records.coin')}
            placeholder={t('records.coinPlaceholder')}
            value={filter.coin}
            onChange={(e) => set({ coin: e.currentTarget.value })}
            maxLength={16}
            w={{ base: '100%', sm: 140 }}
            data-testid="records-coin"
          />
          <Select
            label={t('records.type')}
            value={filter.type}
            onChange={(v) => set({ type: v ?? '' })}
            data={[
              { value: '', label: t('records.any') },
              ...TYPES[line].map((x) => ({ value: x, label: t(`records.type.${x}`) })),
            ]}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
            data-testid="records-type"
          />
          {/* The range field takes a phone's whole width, as the fields above it do. */}
          <Box w={{ base: '100%', sm: 'auto' }}>
            <DateRangeFilter
              value={[filter.from || null, filter.to || null]}
              onChange={([from, to]) => set({ from: from ?? '', to: to ?? '' })}
              limitMonths={12}
              maxDate={today}
              label={t('records.range')}
              data-testid="records-range"
            />
          </Box>
          <Button
            component="a"
            href={recordsCsvUrl(filter)}
            download
            variant="light"
            w={{ base: '100%', sm: 'auto' }}
            data-testid="records-export"
          >
            {t('records.export')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('records.exportNote')}
        </Text>
      </Card>
      <ResponsiveTable
        caption={t(`records.title.${line}`)}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        pageSize={Math.max(rows.length, 1)}
        {...state}
        loading={state.loading || !isLoggedIn}
        emptyText={narrowed ? t('records.empty') : t('records.none')}
        hasMore={records.hasNextPage}
        onLoadMore={() => void records.fetchNextPage()}
        data-testid="records-table"
      />
      {records.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void records.fetchNextPage()}
          loading={records.isFetchingNextPage}
          data-testid="records-more"
        >
          {t('records.more')}
        </Button>
      )}
    </Stack>
  );
}
