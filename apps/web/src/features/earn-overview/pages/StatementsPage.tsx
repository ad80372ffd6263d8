import '../i18n/register';
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useMe } from '../../../app/auth';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { type DayRange, rangeToUnix } from '../../../components/dateRange';
import { formatAmount } from '../../../components/format';
import { useTableState } from '../../../components/query-state/QueryState';
import { type Column, ResponsiveTable } from '../../../components/ResponsiveTable';
import { targetsOfWhy } from '../../../components/reward-breakdown/api';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatServerTime, useServerClock } from '../../../components/serverTime';
import {
  browserTimeZone,
  earnOverviewQueries,
  STATEMENT_LINES,
  STATEMENT_TYPES,
  type StatementRow,
  statementsCsvUrl,
} from '../api/index';

/** IANA zones the browser knows (every one of them PostgreSQL knows too), the browser's own first. */
function timeZones(): string[] {
  const own = browserTimeZone();
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([own, 'UTC', ...all])];
}

/**
 * A zone as a reader of the language names it, with its offset at `atMs` and its IANA name (what the
 * export sends, and what a search may type): "中国标准时间 (GMT+8) · Asia/Shanghai".
 */
export function zoneLabel(zone: string, lang: string, atMs: number): string {
  const part = (timeZoneName: 'longGeneric' | 'shortOffset') =>
    new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName })
      .formatToParts(atMs)
      .find((p) => p.type === 'timeZoneName')?.value;
  try {
    const name = part('longGeneric');
    const offset = part('shortOffset');
    // A zone with no name of its own in the language is named by its offset ("GMT+00:00" for UTC).
    return name && !name.startsWith('GMT') ? `${name} (${offset}) · ${zone}` : `${offset ?? zone} · ${zone}`;
  } catch {
    return zone;
  }
}

/** The statement's columns; a payout's amount opens its breakdown. */
function columnsOf(t: TFunction): Column<StatementRow>[] {
  return [
    { key: 'time', title: t('st.time'), render: (r) => formatServerTime(r.at) },
    { key: 'type', title: t('st.type'), render: (r) => t(`st.type.${r.type}`) },
    {
      key: 'amount',
      title: t('st.amount'),
      align: 'right',
      render: (r) => (
        <>
          <span className="num" data-testid={`st-amount-${r.key}`}>
            {formatAmount(r.amount, 8)} {r.asset}
          </span>
          {/* A payout opens its breakdown; a staking day's payment, each record it sums. */}
          {r.why && <WhyButton target={targetsOfWhy(r.why)} amount={r.amount} coin={r.asset} />}
        </>
      ),
    },
    { key: 'line', title: t('st.line'), render: (r) => t(`eo.line.${r.line}`) },
    {
      key: 'price',
      title: t('st.price'),
      align: 'right',
      render: (r) => (r.price_usdt === null ? '—' : formatAmount(r.price_usdt, 8)),
    },
    {
      key: 'value',
      title: t('st.value'),
      align: 'right',
      render: (r) => (r.value_usdt === null ? '—' : formatAmount(r.value_usdt, 8, 2)),
    },
    { key: 'entry', title: t('st.entry'), render: (r) => (r.entry_id === null ? '—' : `#${r.entry_id}`) },
  ];
}

/** `/earn/statements`: every earn movement, filtered, paged by cursor, and exported as CSV. */
export default function StatementsPage() {
  const { t, i18n } = useTranslation();
  const { me, isLoggedIn } = useMe();
  const { now } = useServerClock();
  const [line, setLine] = useState('');
  const [type, setType] = useState('');
  const [asset, setAsset] = useState('');
  const [range, setRange] = useState<DayRange>([null, null]);
  const [tz, setTz] = useState(browserTimeZone);
  // Offsets as of the server's today (daylight saving moves them); labels in the page's language.
  const today = Math.floor(now() / 86_400);
  const zones = useMemo(
    () =>
      timeZones().map((zone) => ({ value: zone, label: zoneLabel(zone, i18n.language, today * 86_400_000) })),
    [i18n.language, today],
  );
  const { from, to } = rangeToUnix(range);
  // The API's `to` is exclusive: the range ends after the last second of its last day.
  const filters = {
    line,
    type,
    asset: asset.trim().toUpperCase(),
    from,
    to: to === undefined ? undefined : to + 1,
  };
  const statements = useInfiniteQuery({ ...earnOverviewQueries.statements(filters), enabled: isLoggedIn });
  const statementsState = useTableState(statements);
  if (me === null) return <Navigate to="/login?redirect=%2Fearn%2Fstatements" replace />;
  const rows = statements.data?.pages.flatMap((p) => p.list) ?? [];
  const any = { value: '', label: t('st.any') };

  const columns = columnsOf(t);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('st.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('st.subtitle')}
          </Text>
        </Stack>
        <Button component={Link} to="/earn" variant="subtle">
          {t('eo.title')}
        </Button>
      </Group>
      <Card className="surface" padding="md" withBorder>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label={t('st.line')}
            value={line}
            onChange={(v) => setLine(v ?? '')}
            data={[any, ...STATEMENT_LINES.map((l) => ({ value: l, label: t(`eo.line.${l}`) }))]}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
            data-testid="st-line"
          />
          <Select
            label={t('st.type')}
            value={type}
            onChange={(v) => setType(v ?? '')}
            data={[any, ...STATEMENT_TYPES.map((x) => ({ value: x, label: t(`st.type.${x}`) }))]}
            allowDeselect={false}
            w={{ base: '100%', sm: 160 }}
            data-testid="st-type"
          />
          <TextInput
            label={t('st.asset')}
            value={asset}
            onChange={(e) => setAsset(e.currentTarget.value)}
            placeholder={t('st.any')}
            maxLength={16}
            w={{ base: '100%', sm: 120 }}
            data-testid="st-asset"
          />
          <DateRangeFilter
            value={range}
            onChange={setRange}
            limitMonths={12}
            label={`${t('st.from')} – ${t('st.to')}`}
          />
          <Select
            label={t('st.tz')}
            value={tz}
            onChange={(v) => setTz(v ?? 'UTC')}
            data={zones}
            searchable
            // Typing replaces the zone shown rather than appending to its name.
            onFocus={(e) => e.currentTarget.select()}
            allowDeselect={false}
            w={{ base: '100%', sm: 280 }}
            data-testid="st-tz"
          />
          <Button component="a" href={statementsCsvUrl(filters, tz)} download data-testid="st-export">
            {t('st.export')}
          </Button>
        </Group>
      </Card>
      <ResponsiveTable
        caption={t('st.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        pageSize={Math.max(rows.length, 1)}
        {...statementsState}
        emptyText={t('st.empty')}
        data-testid="st-table"
      />
      {statements.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void statements.fetchNextPage()}
          loading={statements.isFetchingNextPage}
          data-testid="st-more"
        >
          {t('st.more')}
        </Button>
      )}
    </Stack>
  );
}
