import { dec } from '@earn/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackClick } from '../../../api/analytics';
import { AprAlertButton } from '../../../components/apr-alert/AprAlertButton';
import type { AprAlertTarget } from '../../../components/apr-alert/AprAlertDialog';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DisabledReason } from '../../../components/DisabledReason';
import { formatAmount } from '../../../components/format';
import type { Column } from '../../../components/ResponsiveTable';
import type { HoldingBalance, StakingProduct } from '../api/index';
import { AprUpToText } from '../components/parts';
import { productAprUpTo, redeemPeriodText, runningCampaign } from '../rules';

export type Target = { coin: string; pid?: number };

/**
 * What a product's alert can watch: the coin where the product pays its own rate, else each of its
 * defi protocols (its own rate and pid) for the user to pick from. Rates are percent here, fractions there.
 */
function stakingAlertTargets(p: StakingProduct): AprAlertTarget[] {
  const rate = (percent: string) => dec(percent).div(100).toFixed();
  if (p.defi.length === 0) return [{ line: 'staking', asset: p.coin, currentRate: rate(p.apr) }];
  return p.defi.map((d) => ({
    line: 'staking',
    asset: p.coin,
    productId: d.pid,
    name: d.protocol_name,
    currentRate: rate(d.apr),
  }));
}

/** The products table's columns: coin, rate (with a running campaign's badge), minimum, period, actions. */
export function useProductColumns({
  mobile,
  isLoggedIn,
  setTrend,
}: {
  mobile: boolean | undefined;
  isLoggedIn: boolean;
  setTrend: (target: Target) => void;
}): Column<StakingProduct>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return [
    {
      key: 'coin',
      title: t('staking.list.coin'),
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={p.coin} size={30} />
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {p.coin}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`staking.type.${p.type}`)}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'apr',
      title: t('staking.field.apr'),
      render: (p) => (
        <Group gap={6} wrap="nowrap" justify={mobile ? 'flex-end' : 'flex-start'}>
          <AprUpToText up={productAprUpTo(p)} coin={p.coin} fz="sm" testId={`staking-apr-${p.coin}`} />
          {runningCampaign(p.extra_interest ?? p.defi.find((d) => d.extra_interest)?.extra_interest) && (
            <Badge size="xs" color="orange" variant="light">
              {t('staking.tab.bonus')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'min',
      title: t('staking.field.minStake'),
      render: (p) => `${formatAmount(p.min_mortgage_amount)} ${p.coin}`,
    },
    {
      key: 'period',
      title: t('staking.field.redeemPeriod'),
      render: (p) => {
        const period = redeemPeriodText(p, p.defi[0]);
        return t(period.key, period.params);
      },
    },
    {
      key: 'action',
      title: t('staking.list.action'),
      align: 'right',
      render: (p) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => {
              trackClick('staking.list.trend', { coin: p.coin });
              setTrend({ coin: p.coin });
            }}
            aria-label={t('staking.trend.modalTitle', { coin: p.coin })}
            data-testid={`trend-${p.coin}`}
          >
            {t('staking.list.trend')}
          </Button>
          {isLoggedIn && (
            <AprAlertButton
              size="compact-sm"
              target={stakingAlertTargets(p)}
              testId={`apr-alert-${p.coin}`}
            />
          )}
          <DisabledReason
            reason={p.status === 'online' ? null : t('staking.product.offline')}
            testId={`stake-reason-${p.coin}`}
          >
            <Button
              size="compact-sm"
              disabled={p.status !== 'online'}
              onClick={() => {
                trackClick('staking.list.stake', { coin: p.coin });
                // The goto-staking link: the coin's own route opens its stake modal.
                navigate(`/staking/${encodeURIComponent(p.coin)}`);
              }}
              aria-label={t('staking.stake.title', { coin: p.coin })}
              data-testid={`stake-${p.coin}`}
            >
              {t('staking.stake.button')}
            </Button>
          </DisabledReason>
        </Group>
      ),
    },
  ];
}

/** The user's stakes table's columns: coin (and protocol), staked, accrued, returns and redeem. */
export function useHoldingColumns({
  setReturns,
  setRedeem,
}: {
  setReturns: (target: Target) => void;
  setRedeem: (target: Target) => void;
}): Column<HoldingBalance>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'coin',
      title: t('staking.list.coin'),
      render: (h) => (
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={h.coin} size={26} />
          <Text fw={600} size="sm">
            {h.coin}
          </Text>
          {h.protocol_name && (
            <Badge variant="light" color="gray" size="sm" radius="sm">
              {h.protocol_name}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'staked',
      title: t('staking.returns.staked'),
      align: 'right',
      render: (h) => `${formatAmount(h.mortgage_amount)} ${h.coin}`,
    },
    {
      key: 'accrued',
      title: t('staking.returns.accrued'),
      align: 'right',
      render: (h) => `${formatAmount(h.accrued_reward)} ${h.reward_coin}`,
    },
    {
      key: 'action',
      title: t('staking.list.action'),
      align: 'right',
      render: (h) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setReturns({ coin: h.coin, pid: h.pid })}
            data-testid={`returns-${h.coin}-${h.pid}`}
          >
            {t('staking.list.returns')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              trackClick('staking.list.redeem', { coin: h.coin });
              setRedeem({ coin: h.coin, pid: h.pid === -1 ? undefined : h.pid });
            }}
            data-testid={`redeem-${h.coin}-${h.pid}`}
          >
            {t('staking.redeem.button')}
          </Button>
        </Group>
      ),
    },
  ];
}
