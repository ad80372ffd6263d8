import '../i18n/register';
import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useMe } from '../../../app/auth';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { formatAmount } from '../../../components/format';
import { QueryState } from '../../../components/query-state/QueryState';
import { formatServerTime } from '../../../components/serverTime';
import { TrendChart } from '../../../components/TrendChart';
import { type EarnOverview, earnOverviewQueries } from '../api/index';

const CHART_DAYS = ['7', '30', '90'] as const;

/** A headline figure with its unit. */
function Figure({
  label,
  value,
  unit,
  testId,
  sub,
}: {
  label: string;
  value: string;
  unit: string;
  testId: string;
  sub?: string;
}) {
  return (
    <Card className="surface" padding="md" withBorder>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fz={26} fw={700} className="num" data-testid={testId}>
          {value}
        </Text>
        <Text c="dimmed" size="sm">
          {unit}
        </Text>
      </Group>
      {sub && (
        <Text size="xs" c="dimmed" className="num">
          {sub}
        </Text>
      )}
    </Card>
  );
}

function LineCard({ line }: { line: EarnOverview['lines'][number] }) {
  const { t } = useTranslation();
  return (
    <Card className="surface" padding="md" withBorder data-testid={`eo-line-${line.line}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>{t(`eo.line.${line.line}`)}</Text>
        <Text fw={600} className="num" data-testid={`eo-line-total-${line.line}`}>
          {formatAmount(line.total_usdt, 2, 2)} USDT
        </Text>
      </Group>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('eo.coin')}</Table.Th>
            <Table.Th ta="right">{t('eo.amount')}</Table.Th>
            <Table.Th ta="right">{t('eo.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {line.assets.map((a) => (
            <Table.Tr key={a.asset}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <CoinAvatar coin={a.asset} size={20} />
                  {a.asset}
                </Group>
              </Table.Td>
              <Table.Td ta="right" className="num">
                {formatAmount(a.amount, 8)} {a.asset}
              </Table.Td>
              <Table.Td ta="right" className="num">
                {formatAmount(a.usdt, 2, 2)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function Upcoming({ items }: { items: EarnOverview['upcoming'] }) {
  const { t } = useTranslation();
  return (
    <Card className="surface" padding="md" withBorder data-testid="eo-upcoming">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('eo.upcoming')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('eo.timesUtc')}
        </Text>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('eo.upcomingNone')}
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((u) => (
            <Group
              key={`${u.kind}-${u.line}-${u.asset}-${u.at}`}
              justify="space-between"
              wrap="wrap"
              gap="xs"
            >
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t(`eo.kind.${u.kind}`)} · {t(`eo.line.${u.line}`)}
                </Text>
                <Text size="xs" c="dimmed" className="num">
                  {formatServerTime(u.at)}
                  {u.estimated ? ` (${t('eo.estimated')})` : ''}
                </Text>
              </Stack>
              <Text size="sm" className="num">
                {formatAmount(u.amount, 8)} {u.asset}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** `/earn`: what the user holds in Earn, split by product and coin, what it earned, what comes next. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const { me, isLoggedIn } = useMe();
  const [days, setDays] = useState<(typeof CHART_DAYS)[number]>('30');
  const overview = useQuery({ ...earnOverviewQueries.overview(), enabled: isLoggedIn });
  const earnings = useQuery({ ...earnOverviewQueries.earnings(Number(days)), enabled: isLoggedIn });
  if (me === null) return <Navigate to="/login?redirect=%2Fearn" replace />;
  const o = overview.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('eo.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('eo.subtitle')}
          </Text>
        </Stack>
        <Button component={Link} to="/earn/statements" variant="light">
          {t('eo.statements')}
        </Button>
      </Group>
      <QueryState queries={overview} loading={<Skeleton h={120} />} data-testid="eo-overview">
        {o && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Figure
                label={t('eo.total')}
                value={formatAmount(o.total_usdt, 2, 2)}
                unit="USDT"
                testId="eo-total"
                sub={
                  o.total_btc === null
                    ? undefined
                    : t('eo.totalBtc', { amount: formatAmount(o.total_btc, 8) })
                }
              />
              <Figure
                label={t('eo.yesterday')}
                value={formatAmount(o.yesterday_usdt, 8, 2)}
                unit="USDT"
                testId="eo-yesterday"
              />
              <Figure
                label={t('eo.cumulative')}
                value={formatAmount(o.cumulative_usdt, 8, 2)}
                unit="USDT"
                testId="eo-cumulative"
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('eo.valuedAt', { time: formatServerTime(o.as_of) })}
            </Text>
            <Title order={2} size="h4">
              {t('eo.byLine')}
            </Title>
            {o.lines.length === 0 ? (
              <Text c="dimmed" data-testid="eo-empty">
                {t('eo.empty')}{' '}
                <Anchor component={Link} to="/simple-earn">
                  {t('eo.explore')}
                </Anchor>
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {o.lines.map((l) => (
                  <LineCard key={l.line} line={l} />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </QueryState>
      <Card className="surface" padding="md" withBorder>
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h4">
            {t('eo.chart', { days })}
          </Title>
          <SegmentedControl
            size="xs"
            value={days}
            onChange={(v) => setDays(v as (typeof CHART_DAYS)[number])}
            data={CHART_DAYS.map((d) => ({ value: d, label: t('eo.days', { count: Number(d) }) }))}
          />
        </Group>
        <QueryState
          queries={earnings}
          // An empty chart reads as broken: nothing earned yet is said in words.
          empty={!earnings.data?.days.some((d) => /[1-9]/.test(d.usdt))}
          emptyText={<span data-testid="eo-chart-empty">{t('eo.chartEmpty')}</span>}
          loading={<Skeleton h={220} />}
          data-testid="eo-earnings"
        >
          <TrendChart
            label={t('eo.chartLabel', { days })}
            data={(earnings.data?.days ?? []).map((d) => ({ time: d.start, value: d.usdt }))}
            formatValue={(v) => `${formatAmount(v, 8, 2)} USDT`}
            height={220}
          />
        </QueryState>
      </Card>
      {o && <Upcoming items={o.upcoming} />}
    </Stack>
  );
}
