import { Alert, Badge, Card, Group, NumberInput, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../../../api/types';
import { adminSend, errorText } from '../api/http';
import { adminKeys, adminQueries } from '../api/queries';
import { formatDuration, formatUtc } from '../components/format';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { RunDueJobs } from '../components/RunDueJobs';
import { WriteButton } from '../components/WriteButton';

const PRESETS = [
  { label: 'admin.clock.preset.hour', seconds: 3600 },
  { label: 'admin.clock.preset.day', seconds: 86_400 },
  { label: 'admin.clock.preset.week', seconds: 7 * 86_400 },
  { label: 'admin.clock.preset.month', seconds: 30 * 86_400 },
];

const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;

/** The server refuses more than five years at once. */
const MAX_SECONDS = 5 * 366 * 86_400;

/** How far an advance has gone, 0 to 100. */
export function advancePercent(
  a: Pick<ApiData<'/admin/api/clock/advances/{id}'>, 'from' | 'to' | 'at' | 'status'>,
): number {
  if (a.status === 'done') return 100;
  if (a.to <= a.from) return 0;
  return Math.max(0, Math.min(100, ((a.at - a.from) / (a.to - a.from)) * 100));
}

function AdvanceProgress({ id, onFinished }: { id: string; onFinished: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.advance(id));
  const status = q.data?.status;
  useEffect(() => {
    if (status === 'done' || status === 'failed') onFinished();
  }, [status, onFinished]);
  if (!q.data)
    return (
      <QueryState loading={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
        {null}
      </QueryState>
    );
  const a = q.data;
  const percent = advancePercent(a);
  const color = a.status === 'failed' ? 'red' : a.status === 'done' ? 'teal' : 'blue';
  return (
    <Card className="surface" data-testid="clock-advance" data-status={a.status}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {t('admin.clock.advanceTitle', { id: a.id })}
        </Title>
        <Badge color={color} variant="light" data-testid="clock-advance-status">
          {t(`admin.clock.status.${a.status}`)}
        </Badge>
      </Group>
      <Progress
        value={percent}
        color={color}
        size="lg"
        striped={a.status === 'running'}
        animated={a.status === 'running'}
        aria-label={t('admin.clock.progress')}
      />
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed" className="num">
          {formatUtc(a.from)}
        </Text>
        <Text size="sm" fw={600} className="num" data-testid="clock-advance-at">
          {formatUtc(a.at)} · {percent.toFixed(0)} %
        </Text>
        <Text size="xs" c="dimmed" className="num">
          {formatUtc(a.to)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={4} data-testid="clock-advance-periods">
        {t('admin.clock.periodsRun', { count: a.periods_run, total: a.periods_total })}
      </Text>
      {a.error && (
        <Alert color="red" variant="light" mt="sm">
          {a.error}
        </Alert>
      )}
    </Card>
  );
}

/** The clock: where it stands, and — with EARN_CLOCK=test — moving it forward in the background. */
export default function ClockPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const clock = useQuery({ ...adminQueries.clock(), refetchInterval: 5000 });
  const latest = useQuery(adminQueries.advances());
  const [startedId, setStartedId] = useState<string | null>(null);
  // The advance to follow: the one started here, else the newest one (any operator's, any instance's).
  const newest = latest.data?.[0];
  const advanceId = startedId ?? (newest ? String(newest.id) : null);
  const [amount, setAmount] = useState<number | string>(2);
  const [unit, setUnit] = useState<Unit>('days');
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const watched = useQuery({ ...adminQueries.advance(advanceId ?? ''), enabled: advanceId !== null });
  const running = watched.data?.status === 'running';
  const notTest = clock.data && clock.data.kind !== 'test' ? t('admin.clock.systemOnly') : null;
  const busy = running ? t('admin.clock.busy') : null;

  const start = async (seconds: number) => {
    setFailure(null);
    setStarting(true);
    try {
      const a = await adminSend('post', '/admin/api/clock/advances', { body: { seconds } });
      client.setQueryData(adminKeys.advance(String(a.id)), a);
      setStartedId(String(a.id));
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setStarting(false);
    }
  };

  const finished = useCallback(() => {
    client.invalidateQueries({ queryKey: adminKeys.clock });
    client.invalidateQueries({ queryKey: adminKeys.dashboard });
  }, [client]);

  const customSeconds = typeof amount === 'number' ? Math.round(amount * UNITS[unit]) : 0;
  const customValid = customSeconds > 0 && customSeconds <= MAX_SECONDS;

  return (
    <>
      <PageHeader title={t('admin.nav.clock')} intro={t('admin.clock.intro')} />
      <QueryState
        loading={clock.isPending}
        error={clock.error}
        onRetry={() => void clock.refetch()}
        testId="clock"
      >
        {clock.data && (
          <Stack gap="lg" maw={880}>
            <Card className="surface">
              <Group justify="space-between">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t('admin.clock.now')}
                  </Text>
                  <Text size="xl" fw={650} className="num" data-testid="clock-now">
                    {formatUtc(clock.data.now)}
                  </Text>
                </Stack>
                <Badge
                  size="lg"
                  variant="light"
                  color={clock.data.kind === 'test' ? 'orange' : 'gray'}
                  data-testid="clock-kind"
                >
                  {clock.data.kind === 'test' ? t('admin.clock.test') : t('admin.clock.system')}
                </Badge>
              </Group>
            </Card>
            <Card className="surface">
              <Title order={2} size="h5" mb="sm">
                {t('admin.clock.advance')}
              </Title>
              <Group gap="xs" mb="md">
                {PRESETS.map((p) => (
                  <WriteButton
                    key={p.seconds}
                    area="admin"
                    variant="default"
                    loading={starting}
                    disabledReason={notTest ?? busy}
                    onClick={() => void start(p.seconds)}
                    testId={`clock-preset-${p.seconds}`}
                  >
                    {t(p.label)}
                  </WriteButton>
                ))}
              </Group>
              <Group gap="xs" align="flex-end">
                <NumberInput
                  label={t('admin.clock.custom')}
                  value={amount}
                  onChange={setAmount}
                  min={1}
                  allowDecimal={false}
                  w={140}
                  data-testid="clock-custom-amount"
                />
                <Select
                  aria-label={t('admin.clock.unit')}
                  data={(Object.keys(UNITS) as Unit[]).map((u) => ({
                    value: u,
                    label: t(`admin.clock.unit.${u}`),
                  }))}
                  value={unit}
                  onChange={(v) => v && setUnit(v as Unit)}
                  allowDeselect={false}
                  w={140}
                />
                <WriteButton
                  area="admin"
                  loading={starting}
                  disabledReason={notTest ?? busy ?? (customValid ? null : t('admin.clock.customInvalid'))}
                  onClick={() => void start(customSeconds)}
                  testId="clock-custom-go"
                >
                  {t('admin.clock.go', { duration: formatDuration(customSeconds) })}
                </WriteButton>
              </Group>
              {failure && (
                <Alert color="red" variant="light" mt="md" data-testid="clock-failure">
                  {failure}
                </Alert>
              )}
            </Card>
            {advanceId && <AdvanceProgress key={advanceId} id={advanceId} onFinished={finished} />}
            <RunDueJobs />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
