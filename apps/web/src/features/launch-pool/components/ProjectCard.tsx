import { dec } from '@earn/domain';
import { Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { AprAlertButton } from '../../../components/apr-alert/AprAlertButton';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { formatAmount } from '../../../components/format';
import { ClockIcon } from '../../../components/icons';
import { formatDate } from '../../../i18n';
import { lpKeys, lpQueries, type PoolStat, type Project, type RewardPool } from '../api/index';
import { countdownParts, formatRate } from '../format';
import { isNewUserPool, poolRewardCoins, statRewards, unlimited } from '../rules';
import { PoolApr, poolAprLabel } from './PoolApr';

const STATE_COLOR: Record<number, string> = { 1: 'teal', 2: 'blue', 3: 'gray' };

export function Countdown({ project, now }: { project: Project; now: number }) {
  const { t } = useTranslation();
  if (project.state === 3) {
    return (
      <Text size="sm" c="dimmed">
        {t('launchpool.ended')}
      </Text>
    );
  }
  return <Running project={project} now={now} />;
}

function Running({ project, now }: { project: Project; now: number }) {
  const { t } = useTranslation();
  const target = (project.state === 2 ? project.start_timest : project.end_timest) * 1000;
  const parts = countdownParts(target - now);
  const due = now >= target;
  const client = useQueryClient();
  // At zero the project changes state on the server: fetch it again rather than show 0:00:00 forever.
  useEffect(() => {
    if (due) void client.invalidateQueries({ queryKey: lpKeys.all });
  }, [due, client]);
  return (
    <Group gap={6} wrap="nowrap" data-testid={`countdown-${project.pid}`}>
      <ClockIcon size={16} />
      <Text size="sm" c="dimmed">
        {t(project.state === 2 ? 'launchpool.startsIn' : 'launchpool.endsIn')}
      </Text>
      <Text size="sm" fw={650} className="num">
        {t('launchpool.countdown', { ...parts })}
      </Text>
    </Group>
  );
}

/** A label over a value; several values (one per reward coin of a multi-mining pool) stack. */
function Stat({ label, value, testId }: { label: string; value: string | string[]; testId?: string }) {
  const lines = typeof value === 'string' ? [value] : value;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div data-testid={testId}>
        {lines.map((line) => (
          <Text key={line} size="sm" fw={600} className="num">
            {line}
          </Text>
        ))}
      </div>
    </div>
  );
}

/** A coin's part of the pool's APR, of the same kind the pool shows: live when it shows the live figure. */
function coinRate(pool: RewardPool, coin: string, configured: string): string {
  if (pool.derived_apr?.shown !== 'live') return formatRate(configured, pool.rate_year_type);
  const derived = pool.derived_apr.coins.find((c) => c.coin === coin);
  return derived?.rate_year ? formatRate(derived.rate_year) : '—';
}

/** A multi-mining pool's coins, each with its own yearly rate (the pool's APR is their sum). */
function RewardCoinChips({ pool }: { pool: RewardPool }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" aria-label={t('launchpool.pool.rewardCoins')} role="list">
      <Text size="xs" c="dimmed">
        {t('launchpool.pool.rewardCoins')}
      </Text>
      {poolRewardCoins(pool).map((c) => (
        <Badge
          key={c.coin}
          role="listitem"
          variant="light"
          color="grape"
          radius="sm"
          tt="none"
          leftSection={<CoinAvatar coin={c.coin} size={14} />}
          data-testid={`reward-coin-${pool.rid}-${c.coin}`}
        >
          {c.coin} {coinRate(pool, c.coin, c.rate_year)}
        </Badge>
      ))}
    </Group>
  );
}

/** The pool's name and what sets it apart: newcomers only, VIP only, multi-mining. */
function PoolBadges({ pool }: { pool: RewardPool }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Text fw={650}>{t('launchpool.pool.stake', { coin: pool.coin })}</Text>
      {isNewUserPool(pool) && (
        <Badge size="xs" color="orange" variant="light">
          {t('launchpool.newcomers')}
        </Badge>
      )}
      {pool.vip_config?.vip_only && (
        <Badge size="xs" color="yellow" variant="light">
          {t('launchpool.pool.vipOnly', { vip: pool.vip_config.min_vip })}
        </Badge>
      )}
      {pool.reward_pool_type === 1 && (
        <Badge size="xs" color="grape" variant="light">
          {t('launchpool.pool.multiMining')}
        </Badge>
      )}
    </Group>
  );
}

function PoolRow({
  project,
  pool,
  stat,
  onStake,
  onRedeem,
}: {
  project: Project;
  pool: RewardPool;
  stat: PoolStat | undefined;
  onStake: () => void;
  onRedeem: () => void;
}) {
  const { t } = useTranslation();
  const staked = stat?.amount ?? pool.user?.staked ?? '0';
  const hasStake = dec(staked).gt(0);
  const open = project.state !== 3;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const coins = poolRewardCoins(pool);
  const multi = pool.reward_pool_type === 1;
  const mine = stat ? statRewards(stat, pool) : [];
  const earned = mine.some((r) => dec(r.lastRewardAmount).gt(0));
  const { isLoggedIn } = useMe();
  // The server watches the APR the card shows, derived from the reward, the total staked and the
  // prices: a pool is watchable while its project runs and that figure exists.
  const shownApr = pool.derived_apr?.shown_rate_year ?? null;
  const watchable = isLoggedIn && open && shownApr !== null;
  const buttons = (watchable ? 1 : 0) + (hasStake ? 1 : 0) + 1;
  // Three buttons in one row of a phone cut their labels: two a row, Stake across the whole width.
  const Row = mobile ? SimpleGrid : Group;
  const rowProps = mobile
    ? { cols: Math.min(buttons, 2), spacing: 'xs' }
    : { gap: 'xs', wrap: 'nowrap' as const };
  const actions = (
    <Row {...rowProps}>
      {watchable && (
        <AprAlertButton
          size={mobile ? 'sm' : 'xs'}
          target={{
            line: 'launchpool',
            asset: pool.coin,
            productId: pool.rid,
            name: project.name,
            currentRate: dec(shownApr ?? 0)
              .div(100)
              .toFixed(),
          }}
          testId={`apr-alert-${pool.rid}`}
        />
      )}
      {hasStake && (
        <Button
          size={mobile ? 'sm' : 'xs'}
          variant="default"
          onClick={onRedeem}
          data-testid={`redeem-${pool.rid}`}
        >
          {t('launchpool.redeemButton')}
        </Button>
      )}
      <Button
        size={mobile ? 'sm' : 'xs'}
        onClick={onStake}
        data-testid={`stake-${pool.rid}`}
        style={mobile && buttons === 3 ? { gridColumn: '1 / -1' } : undefined}
      >
        {t('launchpool.stakeButton')}
      </Button>
    </Row>
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid={`pool-${pool.rid}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <CoinAvatar coin={pool.coin} />
            <div>
              <PoolBadges pool={pool} />
              <Group gap={6} wrap="nowrap" align="baseline">
                <Text size="xs" c="dimmed" component="span">
                  {poolAprLabel(pool, t)}
                </Text>
                <PoolApr pool={pool} testId={`apr-${pool.rid}`} />
              </Group>
            </div>
          </Group>
          {open && !mobile && actions}
        </Group>
        {multi && <RewardCoinChips pool={pool} />}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing={6}>
          <Stat
            label={t('launchpool.pool.totalStaked')}
            value={`${formatAmount(pool.staked_total, pool.decimal_place)} ${pool.coin}`}
          />
          <Stat
            label={t('launchpool.pool.poolSize')}
            value={
              unlimited(pool.buy_total_amount)
                ? t('launchpool.pool.noLimit')
                : `${formatAmount(pool.buy_total_amount)} ${pool.coin}`
            }
          />
          <Stat
            label={t('launchpool.totalReward')}
            value={coins.map((c) => `${formatAmount(c.total_reward_amount)} ${c.coin}`)}
            testId={`total-reward-${pool.rid}`}
          />
          <Stat
            label={t('launchpool.rewardPerHour')}
            value={coins.map((c) => `${formatAmount(c.reward_per_hour)} ${c.coin}`)}
            testId={`reward-per-hour-${pool.rid}`}
          />
        </SimpleGrid>
        {stat && (hasStake || earned) && (
          <>
            <Divider />
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing={6}>
              <Stat
                label={t('launchpool.pool.myStake')}
                value={`${formatAmount(staked, pool.decimal_place)} ${pool.coin}`}
                testId={`my-stake-${pool.rid}`}
              />
              <Stat
                label={t('launchpool.pool.myRewards')}
                value={mine.map((r) => `${formatAmount(r.lastRewardAmount)} ${r.coin}`)}
                testId={`my-rewards-${pool.rid}`}
              />
              <Stat
                label={t('launchpool.pool.lastHour')}
                value={mine.map((r) => `${formatAmount(r.lastHourRewardAmount)} ${r.coin}`)}
                testId={`last-hour-${pool.rid}`}
              />
            </SimpleGrid>
          </>
        )}
        {open && mobile && actions}
      </Stack>
    </Card>
  );
}

/** A project: its state and countdown, period, reward coin, and each pool with the user's numbers. */
export function ProjectCard({
  project,
  now,
  onStake,
  onRedeem,
  onEligibility,
}: {
  project: Project;
  now: number;
  onStake: (pool: RewardPool) => void;
  onRedeem: (pool: RewardPool, stat: PoolStat | undefined) => void;
  onEligibility: () => void;
}) {
  const { t } = useTranslation();
  const { isLoggedIn } = useMe();
  const stats = useQuery({ ...lpQueries.stats(project.pid), enabled: isLoggedIn });
  const total = project.reward_pools.reduce((sum, p) => sum.plus(p.total_reward_amount), dec(0));
  return (
    <Card className="surface" data-testid={`project-${project.pid}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <CoinAvatar coin={project.coin} size={44} />
            <div>
              <Group gap={8}>
                <Text fw={700} fz="lg">
                  {project.name}
                </Text>
                <Badge color={STATE_COLOR[project.state] ?? 'gray'} variant="light" radius="sm">
                  {t(`launchpool.state.${project.state}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" className="num">
                {t('launchpool.period')}: {formatDate(project.start_timest, true)} –{' '}
                {formatDate(project.end_timest, true)}
              </Text>
            </div>
          </Group>
          <Countdown project={project} now={now} />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">
            <Text span c="dimmed">
              {t('launchpool.totalReward')}:{' '}
            </Text>
            <Text span fw={650} className="num">
              {formatAmount(total.toFixed())} {project.coin}
            </Text>
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onEligibility}
            data-testid={`eligibility-${project.pid}`}
          >
            {t('launchpool.eligibility')}
          </Button>
        </Group>
        <Stack gap="sm">
          {project.reward_pools.map((pool) => {
            const stat = stats.data?.find((s) => s.rid === pool.rid);
            return (
              <PoolRow
                key={pool.rid}
                project={project}
                pool={pool}
                stat={stat}
                onStake={() => onStake(pool)}
                onRedeem={() => onRedeem(pool, stat)}
              />
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
