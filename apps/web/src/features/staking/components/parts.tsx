import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackFailure } from '../../../api/analytics';
import { isApiError } from '../../../api/client';
import { handleApiError, toast } from '../../../api/errors';
import { formatAmount } from '../../../components/format';
import { CheckCircleIcon, ChevronRightIcon } from '../../../components/icons';
import { QueryState } from '../../../components/query-state/QueryState';
import { TrendChart } from '../../../components/TrendChart';
import { i18next } from '../../../i18n';
import { stakingQueries } from '../api/index';
import { type AprUpTo, formatRate, ruleText } from '../rules';

/**
 * A product's headline APR as simple earn's cards word it: "Up to 13.00% on the first 500 GT" when a
 * campaign pays on a limited amount, the rate alone when any amount gets it. `stacked` puts the amount
 * on a line of its own, both lines flush right (the stake dialog's header).
 */
export function AprUpToText({
  up,
  coin,
  fz,
  stacked = false,
  testId,
}: {
  up: AprUpTo;
  coin: string;
  fz: number | string;
  stacked?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" lh={1.35} ta={stacked ? 'right' : undefined} data-testid={testId}>
      {up.amount && `${t('staking.apr.upTo')} `}
      <Text span className="apr" fw={700} fz={fz}>
        {formatRate(up.apr)}
      </Text>
      {up.amount && (
        <Text span inherit display={stacked ? 'block' : undefined}>
          {` ${t('staking.apr.onFirst', { amount: formatAmount(up.amount), coin })}`}
        </Text>
      )}
    </Text>
  );
}

/** A label and its value on one line. */
export function InfoRow({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" className="num" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** A row that opens a sub-view. */
export function LinkRow({
  label,
  value,
  onClick,
  testId,
}: {
  label: ReactNode;
  value?: ReactNode;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      data-testid={testId}
      px="sm"
      py={10}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
      className="product-card"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{label}</Text>
        <Group gap={4} wrap="nowrap">
          {value !== undefined && (
            <Text size="sm" fw={600} className="num">
              {value}
            </Text>
          )}
          <Text c="dimmed" style={{ display: 'flex' }} aria-hidden="true">
            <ChevronRightIcon size={16} />
          </Text>
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/** One of the two buttons of a ButtonPair. */
export interface PairButton {
  label: ReactNode;
  onClick: () => void;
  testId?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Takes the focus when it appears (a view of the dialog that asks for this one decision). */
  autoFocus?: boolean;
}

/** Two buttons of equal width: the secondary (outlined) first, then the primary. */
export function ButtonPair({ secondary, primary }: { secondary: PairButton; primary: PairButton }) {
  return (
    <Group grow gap="sm">
      <Button
        variant="default"
        onClick={secondary.onClick}
        loading={secondary.loading}
        data-testid={secondary.testId}
      >
        {secondary.label}
      </Button>
      <Button
        onClick={primary.onClick}
        loading={primary.loading}
        disabled={primary.disabled}
        data-testid={primary.testId}
        autoFocus={primary.autoFocus}
      >
        {primary.label}
      </Button>
    </Group>
  );
}

export function CenterLoader() {
  const { t } = useTranslation();
  return (
    <Center h={220} aria-busy="true">
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}

/** The success view inside a modal (stake and redeem): icon, title, rows, footer. */
export function SuccessView({
  title,
  children,
  footer,
}: {
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Stack align="center" gap="md" py="sm">
      <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden="true">
        <CheckCircleIcon size={32} />
      </ThemeIcon>
      <Title order={3} size="h3" ta="center" data-testid="success-title">
        {title}
      </Title>
      <Stack gap={8} w="100%">
        {children}
      </Stack>
      {footer && <Box w="100%">{footer}</Box>}
    </Stack>
  );
}

/** The spec's trend periods (days); one year by default. */
export const TREND_PERIODS = [7, 30, 90, 365] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];

/** The APR trend: period tabs and the chart of the daily APR points (percent). */
export function AprTrend({ coin, pid, height = 220 }: { coin: string; pid?: number; height?: number }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<TrendPeriod>(365);
  const lines = useQuery(stakingQueries.lines(coin, pid, days));
  const data = (lines.data?.list ?? []).map((p) => ({ time: p.time, value: p.rate }));
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        size="xs"
        value={String(days)}
        onChange={(v) => setDays(Number(v) as TrendPeriod)}
        data={TREND_PERIODS.map((d) => ({ value: String(d), label: t(`staking.trend.period.${d}`) }))}
        aria-label={t('staking.trend.period')}
        data-testid="trend-periods"
      />
      {/* The shared chart builds itself only when first mounted with data, so it mounts after loading. */}
      <QueryState queries={lines} loading={<CenterLoader />} data-testid="apr-trend">
        <TrendChart
          key={days}
          data={data}
          height={height}
          label={t('staking.trend.label', { coin, period: t(`staking.trend.period.${days}`) })}
          formatValue={(v) => formatRate(v)}
        />
      </QueryState>
    </Stack>
  );
}

/**
 * A stake or redeem refusal: the warning toast in the user's language with the rule's values (the
 * shared texts name them `amount`, the server `number`), anything else through the error catalogue.
 */
export function showActionError(t: TFunction, error: unknown, action: string, coin?: string): void {
  if (
    isApiError(error) &&
    error.kind === 'api' &&
    error.key &&
    error.status < 500 &&
    i18next.exists(error.key)
  ) {
    const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
    toast('warning', ruleText(t, { key: error.key, params }, coin));
    trackFailure(action, { code: error.code, message: error.message, path: error.path });
    return;
  }
  handleApiError(error, { action });
}
