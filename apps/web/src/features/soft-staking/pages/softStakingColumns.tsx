import { dec } from '@earn/domain';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AprAlertButton } from '../../../components/apr-alert/AprAlertButton';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { formatAmount, formatPercent } from '../../../components/format';
import type { Column } from '../../../components/ResponsiveTable';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatDate } from '../../../i18n';
import type { Payout, SoftStakingCoin } from '../api/index';

/** The coins table's columns: coin, rate, range, the user's eligible amount and daily estimate, alert. */
export function useCoinColumns(isLoggedIn: boolean): Column<SoftStakingCoin>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'coin',
      title: t('softStaking.col.coin'),
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={c.coin} size={28} />
          <Text fw={600} size="sm">
            {c.coin}
          </Text>
        </Group>
      ),
    },
    {
      key: 'apr',
      title: t('softStaking.col.apr'),
      render: (c) => (
        <Text className="apr" fw={700} size="sm">
          {formatPercent(c.apr)}
        </Text>
      ),
    },
    {
      key: 'range',
      title: t('softStaking.col.range'),
      render: (c) =>
        c.max_amount === '-1'
          ? t('softStaking.range.from', { min: `${formatAmount(c.min_amount)} ${c.coin}` })
          : `${formatAmount(c.min_amount)} – ${formatAmount(c.max_amount)} ${c.coin}`,
    },
    {
      key: 'eligible',
      title: t('softStaking.col.eligible'),
      align: 'right',
      render: (c) => (isLoggedIn ? `${formatAmount(c.eligible_amount)} ${c.coin}` : '—'),
    },
    {
      key: 'daily',
      title: t('softStaking.col.daily'),
      align: 'right',
      render: (c) => (isLoggedIn ? `${formatAmount(c.estimated_daily)} ${c.coin}` : '—'),
    },
    ...(isLoggedIn
      ? [
          {
            key: 'alert',
            title: t('aprAlert.button'),
            align: 'right' as const,
            // The coin's rate is percent a year; the alert's current rate is a fraction.
            render: (c: SoftStakingCoin) => (
              <AprAlertButton
                size="compact-sm"
                target={{ line: 'soft_staking', asset: c.coin, currentRate: dec(c.apr).div(100).toFixed() }}
                testId={`apr-alert-${c.coin}`}
              />
            ),
          },
        ]
      : []),
  ];
}

/** The payouts table's columns: day, coin, eligible amount and the payout with its breakdown. */
export function usePayoutColumns(): Column<Payout>[] {
  const { t } = useTranslation();
  return [
    { key: 'day', title: t('softStaking.col.day'), render: (p) => formatDate(p.day) },
    { key: 'coin', title: t('softStaking.col.coin'), render: (p) => p.coin },
    {
      key: 'eligible',
      title: t('softStaking.col.eligible'),
      align: 'right',
      render: (p) => `${formatAmount(p.eligible_amount)} ${p.coin}`,
    },
    {
      key: 'amount',
      title: t('softStaking.col.payout'),
      align: 'right',
      // The payout opens its breakdown from here, so "Why?" stays in the mobile card's visible fields.
      render: (p) => (
        <>
          {`${formatAmount(p.amount)} ${p.coin}`}
          <WhyButton
            target={{ kind: 'soft_staking_day', coin: p.coin, day: p.day }}
            amount={p.amount}
            coin={p.coin}
          />
        </>
      ),
    },
  ];
}
