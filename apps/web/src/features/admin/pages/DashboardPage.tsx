import { Badge, Card, Code, Grid, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../components/format';
import { adminQueries } from '../api/queries';
import type { Dashboard } from '../api/types';
import { CodeLabel } from '../components/CodeLabel';
import { DataTable } from '../components/DataTable';
import { formatDuration, formatUtc } from '../components/format';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';

type Job = Dashboard['jobs'][number];
type Line = Dashboard['lines'][number];

/** A job is late when its last period ended more than two periods ago. */
function jobLate(job: Job): boolean {
  return job.lag_seconds !== null && job.lag_seconds > job.period_seconds * 2;
}

function Reconciliation({ data }: { data: Dashboard['reconciliation'] }) {
  const { t } = useTranslation();
  return (
    <Card className="surface" data-testid="dash-reconciliation">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('admin.dash.reconciliation')}
        </Title>
        <Badge
          color={data.ok === null ? 'gray' : data.ok ? 'teal' : 'red'}
          variant="light"
          size="lg"
          data-testid="dash-reconciliation-status"
        >
          {data.ok === null
            ? t('admin.dash.noReport')
            : data.ok
              ? t('admin.dash.reconciled')
              : t('admin.dash.differences', { count: data.differences.length })}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('admin.dash.checkedAt', { at: formatUtc(data.at) })}
      </Text>
      {data.differences.length > 0 && (
        <Code block fz="xs" mt="sm" mah={320} style={{ overflow: 'auto' }} data-testid="dash-differences">
          {data.differences
            .slice(0, 50)
            .map((d) => JSON.stringify(d))
            .join('\n')}
        </Code>
      )}
    </Card>
  );
}

function Jobs({ jobs }: { jobs: Job[] }) {
  const { t } = useTranslation();
  return (
    <Card className="surface">
      <Title order={2} size="h4" mb="sm">
        {t('admin.dash.jobs')}
      </Title>
      <DataTable
        caption={t('admin.dash.jobs')}
        testId="dash-jobs"
        rows={jobs}
        rowKey={(j) => j.name}
        minWidth={640}
        columns={[
          {
            key: 'name',
            title: t('admin.dash.job'),
            render: (j) => <CodeLabel family="job" code={j.name} />,
          },
          { key: 'period', title: t('admin.dash.period'), render: (j) => formatDuration(j.period_seconds) },
          { key: 'last', title: t('admin.dash.lastRun'), render: (j) => formatUtc(j.last_period_end) },
          {
            key: 'lag',
            title: t('admin.dash.lag'),
            render: (j) =>
              j.lag_seconds === null ? (
                '—'
              ) : (
                <Text span size="sm" c={jobLate(j) ? 'red' : undefined} fw={jobLate(j) ? 600 : undefined}>
                  {formatDuration(j.lag_seconds)}
                </Text>
              ),
          },
          {
            key: 'failures',
            title: t('admin.dash.failures'),
            align: 'right',
            render: (j) => (j.failures > 0 ? <Badge color="red">{j.failures}</Badge> : '0'),
          },
          {
            key: 'error',
            title: t('admin.dash.lastError'),
            wrap: true,
            render: (j) => (
              <Text size="xs" c="red" lineClamp={2} maw={320}>
                {j.last_error ?? ''}
              </Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

function AssetRows({
  rows,
  empty,
  unlimited,
}: {
  rows: { asset: string; amount: string; extra?: string }[];
  empty: string;
  /** How "-1" (no funded limit) reads. */
  unlimited?: string;
}) {
  if (rows.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table fz="xs" verticalSpacing={2} withRowBorders={false}>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={`${r.asset}-${r.extra ?? ''}`}>
            <Table.Td pl={0}>{r.extra ?? r.asset}</Table.Td>
            <Table.Td ta="right" pr={0} className="num">
              {unlimited && r.amount === '-1' ? unlimited : `${formatAmount(r.amount, 8)} ${r.asset}`}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LineCard({ line }: { line: Line }) {
  const { t } = useTranslation();
  return (
    <Card className="surface" data-line={line.line} padding="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h5">
            {t(`admin.line.${line.line}`)}
          </Title>
          <Badge variant="light" color="gray" tt="none">
            {t('admin.dash.users', { count: line.users })}
          </Badge>
        </Group>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('admin.dash.totalHeld')}
          </Text>
          <Text fw={650} size="lg" className="num" data-testid={`dash-total-${line.line}`}>
            {formatAmount(line.total_usdt, 2)} USDT
          </Text>
        </Stack>
        <Text size="xs" fw={600} mt={4}>
          {t('admin.dash.held')}
        </Text>
        <AssetRows rows={line.held} empty={t('admin.dash.none')} />
        <Text size="xs" fw={600} mt={4}>
          {t('admin.dash.paidToday')}
        </Text>
        <AssetRows rows={line.paid_today} empty={t('admin.dash.none')} />
        {line.budgets.length > 0 && (
          <>
            <Text size="xs" fw={600} mt={4}>
              {t('admin.dash.budgets')}
            </Text>
            <AssetRows
              rows={line.budgets.map((b) => ({
                asset: b.asset,
                amount: b.left,
                extra: t(`admin.dash.budget.${b.kind}`, { name: b.name, ref: b.ref }),
              }))}
              unlimited={t('admin.unlimited')}
              empty={t('admin.dash.none')}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Reconciliation, the jobs' last runs and lag, and each product line's totals at a glance. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.dashboard());
  return (
    <>
      <PageHeader
        title={t('admin.nav.dashboard')}
        intro={q.data ? t('admin.dash.asOf', { at: formatUtc(q.data.now) }) : undefined}
      />
      <QueryState loading={q.isPending} error={q.error} onRetry={() => void q.refetch()} testId="dashboard">
        {q.data && (
          <Stack gap="lg">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Reconciliation data={q.data.reconciliation} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <Jobs jobs={q.data.jobs} />
              </Grid.Col>
            </Grid>
            <Title order={2} size="h4">
              {t('admin.dash.lines')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="dash-lines">
              {q.data.lines.map((l) => (
                <LineCard key={l.line} line={l} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
