import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CoinAvatar } from '../../../../components/CoinAvatar';
import { formatAmount } from '../../../../components/format';
import type { RewardPool } from '../../api/index';
import { formatRate } from '../../format';
import { isNewUserPool, poolRewardCoins } from '../../rules';
import { aprWithStake, PoolApr, poolAprLabel } from '../PoolApr';

/** The reward coins of the pool and its rate, with the rate the typed stake would get. */
export function StakeHeader({
  projectCoin,
  pool,
  amount,
  validAmount,
}: {
  projectCoin: string;
  pool: RewardPool;
  amount: string | null;
  /** The amount when no rule refuses it: only that one moves the rate. */
  validAmount: string | null;
}) {
  const { t } = useTranslation();
  const withYours = aprWithStake(pool, validAmount);
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <CoinAvatar coin={projectCoin} size={36} />
        <div>
          <Text size="xs" c="dimmed">
            {t('launchpool.stake.rewardCoin')}
          </Text>
          <Group gap={6}>
            <Text fw={650} data-testid="stake-reward-coins">
              {poolRewardCoins(pool)
                .map((c) => c.coin)
                .join(' + ')}
            </Text>
            {isNewUserPool(pool) && (
              <Badge size="sm" color="orange" variant="light" data-testid="newcomers-tag">
                {t('launchpool.newcomers')}
              </Badge>
            )}
          </Group>
        </div>
      </Group>
      <div style={{ textAlign: 'right' }}>
        <Text size="xs" c="dimmed">
          {poolAprLabel(pool, t)}
        </Text>
        <PoolApr pool={pool} stakeAmount={amount} fz="xl" testId="stake-apr" />
        {withYours && (
          // Your stake dilutes the pool: the rate you would get is the one with it counted.
          <Text size="xs" c="dimmed" data-testid="stake-apr-yours">
            {t('launchpool.apr.yours', {
              amount: formatAmount(amount ?? '0', pool.decimal_place),
              coin: pool.coin,
              apr: formatRate(withYours.times(100).toFixed()),
            })}
          </Text>
        )}
      </div>
    </Group>
  );
}
