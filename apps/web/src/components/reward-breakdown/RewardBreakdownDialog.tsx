import { DialogFrame } from '../dialog-frame/DialogFrame';
import './i18n';
import { Alert, Badge, Button, Code, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatServerTime } from '../serverTime';
import { type BreakdownTarget, breakdownQuery } from './api';

/**
 * The figures of one payout, re-derived by the server from its record: opened from a payout row. A
 * payment that sums several records (a staking day's base and campaign rewards in one coin) shows
 * each record's figures in turn.
 */
export default function RewardBreakdownDialog({
  targets,
  onClose,
}: {
  targets: readonly BreakdownTarget[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      opened
      onClose={onClose}
      title={t('why.title')}
      size="lg"
      testId="why-dialog"
      fullScreenOnMobile={false}
    >
      <Stack gap="md">
        {targets.length > 1 && (
          <Text size="sm" data-testid="why-parts">
            {t('why.parts', { count: targets.length })}
          </Text>
        )}
        {targets.map((target, i) => (
          <Fragment key={JSON.stringify(target)}>
            {targets.length > 1 && (
              <Divider
                label={t('why.part', { n: i + 1, count: targets.length })}
                labelPosition="left"
                data-testid={`why-part-${i + 1}`}
              />
            )}
            <BreakdownFigures target={target} />
          </Fragment>
        ))}
        <Button variant="default" onClick={onClose}>
          {t('why.close')}
        </Button>
      </Stack>
    </DialogFrame>
  );
}

/** One record's figures, each record its own query (a paid record never changes: cached for good). */
function BreakdownFigures({ target }: { target: BreakdownTarget }) {
  const { t } = useTranslation();
  const q = useQuery(breakdownQuery(target));
  const b = q.data;
  // Label and value share a line when they fit and the value drops below it when not (a 375 px
  // screen): figures are never broken inside a number or a unit.
  const row = (label: string, value: string, testId?: string) => (
    <Group key={label} justify="space-between" wrap="wrap" gap={2} role="listitem">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" className="num" ta="right" ml="auto" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return q.isLoading ? (
    <Skeleton h={240} />
  ) : q.isError || !b ? (
    <Alert color="red" title={t('why.error')}>
      <Button size="xs" variant="light" onClick={() => void q.refetch()}>
        {t('why.retry')}
      </Button>
    </Alert>
  ) : (
    <Stack gap="sm">
      <Stack gap={8} role="list">
        {row(
          t(b.pool ? 'why.stake' : 'why.principal'),
          `${b.principal} ${b.principal_coin}`,
          'why-principal',
        )}
        {b.rate_percent !== null &&
          row(t(b.tiered ? 'why.blendedRate' : 'why.rate'), `${b.rate_percent}%`, 'why-rate')}
        {b.interest && row(t('why.mode'), t(`why.mode.${b.interest.mode}`), 'why-mode')}
        {b.tiered && (
          <>
            <Text size="sm" fw={600} role="listitem">
              {t('why.tiers')}
            </Text>
            {b.tiered.tiers.map((tier, i) =>
              row(
                tier.to === null
                  ? t('why.tierOpen', { from: tier.from, coin: b.principal_coin })
                  : t('why.tier', { from: tier.from, to: tier.to, coin: b.principal_coin }),
                t('why.tierAmount', {
                  amount: tier.amount,
                  rate: tier.rate_percent,
                  perYear: tier.per_year,
                  coin: b.principal_coin,
                }),
                `why-tier-${i}`,
              ),
            )}
            {row(t('why.perYear'), `${b.tiered.per_year} ${b.principal_coin}`, 'why-per-year')}
            {row(t('why.seconds'), String(b.tiered.seconds), 'why-seconds')}
            {b.tiered.price_ratio !== null &&
              row(
                t('why.priceRatio', { coin: b.principal_coin, award: b.coin }),
                b.tiered.price_ratio,
                'why-price-ratio',
              )}
          </>
        )}
        {b.interest && (
          <>
            {row(
              t('why.indexStep', { coin: b.principal_coin }),
              `${b.interest.acc_step} ${b.coin}`,
              'why-index-step',
            )}
            {b.interest.earlier !== '0' &&
              row(t('why.earlier'), `${b.interest.earlier} ${b.coin}`, 'why-earlier')}
          </>
        )}
        {b.pool && (
          <>
            {row(t('why.poolTotal'), `${b.pool.pool_total} ${b.principal_coin}`, 'why-pool-total')}
            {row(t('why.share'), `${b.pool.share_percent}%`, 'why-share')}
            {row(t('why.rewardPerHour'), `${b.pool.reward_per_hour} ${b.coin}`, 'why-reward-per-hour')}
            {row(
              t('why.accStep', { coin: b.principal_coin }),
              `${b.pool.acc_step} ${b.coin}`,
              'why-acc-step',
            )}
            {b.pool.earlier !== '0' && row(t('why.earlier'), `${b.pool.earlier} ${b.coin}`, 'why-earlier')}
          </>
        )}
        {row(t('why.period'), `${formatServerTime(b.period_start)} – ${formatServerTime(b.period_end)}`)}
        {row(t('why.gross'), `${b.gross} ${b.coin}`, 'why-gross')}
        {row(t('why.carryIn'), `${b.carry_in} ${b.coin}`, 'why-carry-in')}
        {row(t('why.total'), `${b.total} ${b.coin}`)}
        {row(t('why.paid'), `${b.paid} ${b.coin}`, 'why-paid')}
        {row(t(b.carried ? 'why.carryOut' : 'why.dropped'), `${b.carry_out} ${b.coin}`, 'why-carry-out')}
        {b.extras.map((x) => row(t(`why.extra.${x.label}`), `${x.amount} ${x.coin}`, `why-extra-${x.label}`))}
      </Stack>
      <Text size="sm" fw={600}>
        {t('why.formula')}
      </Text>
      <Code block data-testid="why-formula" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {`${b.formula} ${b.coin}\n${b.carry_in} + ${b.gross} = ${b.total} → ${b.paid} ${b.coin}`}
      </Code>
      {b.interest && !b.interest.steady && (
        <Text size="xs" c="dimmed" data-testid="why-unsteady">
          {t('why.unsteadyInterest')}
        </Text>
      )}
      {b.pool && !b.pool.steady && (
        <Text size="xs" c="dimmed" data-testid="why-unsteady">
          {t('why.unsteady')}
        </Text>
      )}
      <Badge
        color={b.paid === b.recorded ? 'teal' : 'red'}
        variant="light"
        size="lg"
        // A sentence: it wraps on a phone (the label's own nowrap and ellipsis cut it at 375 px).
        h="auto"
        py={4}
        styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
        data-testid="why-verdict"
      >
        {t(b.paid === b.recorded ? 'why.matches' : 'why.mismatch', { amount: b.recorded, coin: b.coin })}
      </Badge>
    </Stack>
  );
}
