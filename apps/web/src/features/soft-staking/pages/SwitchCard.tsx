import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requireLogin } from '../../../api/session';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { formatAmount } from '../../../components/format';
import { QueryState } from '../../../components/query-state/QueryState';
import { formatDate } from '../../../i18n';
import type { CoinAmount, SoftStakingStatus } from '../api/index';

/** Every coin paid so far with its amount; none yet is said in words (a bare '0' has no coin). */
const sumText = (list: CoinAmount[] | undefined, none: string) =>
  list && list.length > 0 ? list.map((x) => `${formatAmount(x.amount)} ${x.coin}`).join(' · ') : none;

/** The switch with what the server holds: on or off (since when), the total paid, the button. */
export function SwitchCard({
  status,
  isLoggedIn,
  onActivate,
  onTurnOff,
}: {
  status: UseQueryResult<SoftStakingStatus>;
  isLoggedIn: boolean;
  onActivate: () => void;
  onTurnOff: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const on = status.data?.status ?? false;
  return (
    <Card className="surface" padding={mobile ? 'md' : 'lg'}>
      {/* The switch says what the server holds: while that is unknown (loading, failed, offline) no
          switch shows, or a user whose soft staking is on would be offered to activate it. */}
      <QueryState
        queries={status}
        loading={<Skeleton h={mobile ? 160 : 56} radius="md" />}
        data-testid="soft-status"
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('softStaking.status')}
            </Text>
            <Group gap="sm">
              <Badge size="lg" variant="light" color={on ? 'teal' : 'gray'} data-testid="soft-status">
                {on ? t('softStaking.on') : t('softStaking.off')}
              </Badge>
              {on && status.data?.enabled_at && (
                <Text size="xs" c="dimmed">
                  {t('softStaking.since', { date: formatDate(status.data.enabled_at) })}
                </Text>
              )}
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('softStaking.total')}
            </Text>
            <Text fw={600} className="num" data-testid="soft-total">
              {isLoggedIn ? sumText(status.data?.total_payout, t('softStaking.total.none')) : '—'}
            </Text>
          </Stack>
          <Group justify={mobile ? 'stretch' : 'flex-end'} align="center">
            {on ? (
              <Button variant="default" fullWidth={mobile} onClick={onTurnOff} data-testid="soft-turn-off">
                {t('softStaking.turnOff')}
              </Button>
            ) : (
              <Button
                fullWidth={mobile}
                onClick={() => (isLoggedIn ? onActivate() : requireLogin())}
                data-testid="soft-turn-on"
              >
                {t('softStaking.activate.button')}
              </Button>
            )}
          </Group>
        </SimpleGrid>
      </QueryState>
    </Card>
  );
}
