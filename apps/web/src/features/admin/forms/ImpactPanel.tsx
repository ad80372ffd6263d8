import { Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../components/format';
import { errorText } from '../api/http';
import { adminQueries } from '../api/queries';
import type { ImpactCall } from '../api/types';
import { fractionAsPercent } from '../components/format';

/** A rate edit's preview request: which impact endpoint, with the new rate. */
export type ImpactRequest = ImpactCall & {
  /** Catalogue key of the panel's title; the new rate's impact by default. */
  title?: string;
  /** The unit the rates read in: "%" (percents) or "" (fractions, shown as percents too). */
  rateUnit?: '%' | 'fraction';
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className="num" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * What a live product's rate edit will do, before it is made: how many holders it touches, the
 * principal it applies to, and what it costs per hour or per day now and after.
 */
export function ImpactPanel({ request }: { request: ImpactRequest }) {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.impact(request));
  if (q.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" aria-label={t('common.loading')} />
        <Text size="sm">{t('admin.impact.loading')}</Text>
      </Group>
    );
  if (q.isError)
    return (
      <Alert color="yellow" variant="light" title={t('admin.impact.title')} data-testid="impact-error">
        {t('admin.impact.unavailable')}: {errorText(q.error)}
      </Alert>
    );
  const d = q.data;
  const costUnit = d.bonus_asset ?? d.reward_asset ?? d.asset;
  const money = (v: string | undefined, unit: string) =>
    v === undefined ? '—' : `${formatAmount(v, 8)} ${unit}`;
  const hourly = d.hourly_cost_after !== undefined;
  const rate = (v: string | undefined) =>
    v === undefined
      ? '—'
      : request.rateUnit === 'fraction'
        ? fractionAsPercent(v)
        : `${formatAmount(v, 8)} %`;
  return (
    <Alert color="blue" variant="light" title={t(request.title ?? 'admin.impact.title')} data-testid="impact">
      {d.rate_now !== undefined && (
        <Text size="sm" mb="xs" data-testid="impact-rate">
          {t('admin.impact.rate', { now: rate(d.rate_now), after: rate(d.rate_after) })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label={t('admin.impact.holders')} value={String(d.holders)} testId="impact-holders" />
        <Figure
          label={t('admin.impact.principal')}
          value={money(d.principal, d.asset)}
          testId="impact-principal"
        />
        <Figure
          label={hourly ? t('admin.impact.costNowHour') : t('admin.impact.costNowDay')}
          value={money(hourly ? d.hourly_cost_now : d.daily_cost_now, costUnit)}
          testId="impact-cost-now"
        />
        <Figure
          label={hourly ? t('admin.impact.costAfterHour') : t('admin.impact.costAfterDay')}
          value={money(hourly ? d.hourly_cost_after : d.daily_cost_after, costUnit)}
          testId="impact-cost-after"
        />
      </SimpleGrid>
    </Alert>
  );
}
