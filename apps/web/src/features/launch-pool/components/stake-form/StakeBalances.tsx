import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../components/format';
import type { RewardPool } from '../../api/index';
import { isVipQuota, type StakeNumbers } from '../../rules';
import { Row } from '../Row';

/** What may be staked (with the way to add funds), what is staked and the personal quota. */
export function StakeBalances({
  pool,
  numbers,
  available,
  unified,
  loading,
  onAddFunds,
}: {
  pool: RewardPool;
  numbers: StakeNumbers;
  available: string;
  /** A unified account: borrowed funds may or may not count (see stakeableBalance). */
  unified: boolean;
  loading: boolean;
  onAddFunds: () => void;
}) {
  const { t } = useTranslation();
  const coin = pool.coin;
  return (
    <Stack gap={8}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t(unified ? 'launchpool.stake.available.unified' : 'launchpool.stake.available')}
        </Text>
        <Group gap={8} wrap="nowrap">
          {loading ? (
            <Skeleton h={16} w={80} />
          ) : (
            <Text size="sm" fw={600} className="num" data-testid="stake-available">
              {formatAmount(available, pool.decimal_place)} {coin}
            </Text>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={onAddFunds}
            data-testid="stake-add-funds"
          >
            {t('launchpool.stake.addFunds')}
          </Anchor>
        </Group>
      </Group>
      <Row label={t('launchpool.stake.staked')} testId="stake-staked">
        {formatAmount(numbers.staked, pool.decimal_place)} {coin}
      </Row>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {t('launchpool.stake.quota')}
          </Text>
          {isVipQuota(pool) && (
            <Badge size="xs" color="yellow" variant="filled" data-testid="vip-marker">
              {t('launchpool.vip')}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} className="num" data-testid="stake-quota">
          {formatAmount(numbers.quota, pool.decimal_place)} {coin}
        </Text>
      </Group>
    </Stack>
  );
}
