import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../components/AmountInput';
import { DateRangeFilter } from '../components/DateRangeFilter';
import type { DayRange } from '../components/dateRange';
import { formatAmount } from '../components/format';
import { type Column, ResponsiveTable } from '../components/ResponsiveTable';
import { ResultModal, type ResultStatus } from '../components/ResultModal';
import { TrendChart, type TrendPoint } from '../components/TrendChart';
import { formatDate } from '../i18n';

// Sample data, fixed so the page looks the same on every visit: this page shows the pieces, not money.
const SAMPLE_START = 1_767_225_600; // 2026-01-01T00:00:00Z
const DAY_S = 86_400;

const SAMPLE_APR: TrendPoint[] = Array.from({ length: 30 }, (_, i) => ({
  time: SAMPLE_START + i * DAY_S,
  value: (4.2 + Math.sin(i / 4) * 0.6 + (i % 5) * 0.05).toFixed(2),
}));

interface SampleRow {
  id: string;
  time: number;
  coin: string;
  interest: string;
  principal: string;
}

const COINS = ['USDT', 'BTC', 'ETH', 'GT'];
const SAMPLE_ROWS: SampleRow[] = Array.from({ length: 60 }, (_, i) => ({
  id: `row-${i}`,
  time: SAMPLE_START + (60 - i) * 3600,
  coin: COINS[i % COINS.length] as string,
  interest: `0.${String(10_000_000 + (i + 1) * 7919).slice(1)}`,
  principal: `${1000 + i * 25}.5`,
}));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="surface">
      <Stack gap="md">
        <Text fw={650}>{title}</Text>
        {children}
      </Stack>
    </Card>
  );
}

/** `/ui-kit`: the shared display pieces, for product-line engineers and for the browser tests. */
export default function KitPage() {
  const { t } = useTranslation();
  const [result, setResult] = useState<ResultStatus | null>(null);
  const [amount, setAmount] = useState<string | null>(null);
  const [range6, setRange6] = useState<DayRange>([null, null]);
  const [range12, setRange12] = useState<DayRange>([null, null]);

  const resultText = {
    success: { title: t('kit.sampleSuccessTitle'), subtitle: t('kit.sampleSuccessSubtitle') },
    failed: { title: t('kit.sampleFailedTitle'), subtitle: t('kit.sampleFailedSubtitle') },
    info: { title: t('kit.sampleInfoTitle'), subtitle: t('kit.sampleInfoSubtitle') },
  };

  const columns: Column<SampleRow>[] = [
    { key: 'time', title: t('kit.time'), render: (r) => formatDate(r.time, true) },
    { key: 'coin', title: t('assets.coin'), render: (r) => r.coin },
    { key: 'interest', title: t('kit.interest'), align: 'right', render: (r) => formatAmount(r.interest, 8) },
    {
      key: 'principal',
      title: t('kit.principal'),
      align: 'right',
      render: (r) => formatAmount(r.principal, 8),
    },
    {
      key: 'status',
      title: t('kit.status'),
      align: 'right',
      render: () => (
        <Badge color="teal" variant="light" radius="sm">
          {t('kit.paid')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('kit.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('kit.subtitle')}
          </Text>
        </Stack>
        <Badge variant="outline" color="gray">
          {t('kit.sample')}
        </Badge>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t('kit.resultModal')}>
          <Group gap="sm">
            <Button
              variant="light"
              color="teal"
              onClick={() => setResult('success')}
              data-testid="kit-result-success"
            >
              {t('kit.showSuccess')}
            </Button>
            <Button variant="light" color="red" onClick={() => setResult('failed')}>
              {t('kit.showFailed')}
            </Button>
            <Button variant="light" onClick={() => setResult('info')}>
              {t('kit.showInfo')}
            </Button>
          </Group>
        </Section>

        <Section title={t('kit.amountLabel')}>
          <AmountInput
            value={amount}
            onChange={setAmount}
            precision={6}
            max="12500.123456789"
            coin="USDT"
            label={t('kit.amountLabel')}
            data-testid="kit-amount"
          />
          <Text size="xs" c="dimmed" data-testid="kit-amount-value">
            {t('kit.amountHint', { text: amount ?? '—', value: amount ?? t('kit.none') })}
          </Text>
        </Section>

        <Section title={t('kit.dateRange6')}>
          <DateRangeFilter value={range6} onChange={setRange6} limitMonths={6} data-testid="kit-range-6" />
        </Section>

        <Section title={t('kit.dateRange12')}>
          <DateRangeFilter
            value={range12}
            onChange={setRange12}
            limitMonths={12}
            data-testid="kit-range-12"
          />
        </Section>

        <Section title={t('kit.chart')}>
          <TrendChart data={SAMPLE_APR} label={t('kit.chart')} formatValue={(v) => `${v}%`} height={220} />
        </Section>

        <Section title={t('kit.chartEmpty')}>
          <TrendChart data={[]} label={t('kit.chartEmpty')} height={220} />
        </Section>
      </SimpleGrid>

      <Section title={t('kit.table')}>
        <ResponsiveTable
          caption={t('kit.table')}
          columns={columns}
          rows={SAMPLE_ROWS}
          rowKey={(r) => r.id}
          data-testid="kit-table"
        />
      </Section>

      {result && (
        <ResultModal
          opened
          onClose={() => setResult(null)}
          status={result}
          title={resultText[result].title}
          subtitle={resultText[result].subtitle}
          rows={[
            { label: t('kit.amountLabel'), value: '1,000 USDT' },
            { label: t('kit.apr'), value: '5.20%' },
            { label: t('kit.accrual'), value: formatDate(SAMPLE_START + 3600, true) },
          ]}
          primary={{ label: t('kit.viewHoldings'), onClick: () => setResult(null) }}
          secondary={{ label: t('common.close'), onClick: () => setResult(null) }}
          data-testid="result-modal"
        />
      )}
    </Stack>
  );
}
