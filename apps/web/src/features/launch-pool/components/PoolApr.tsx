import { type Decimal, dec, POOL_HOURS_PER_YEAR, poolAprWithStake } from '@earn/domain';
import { Divider, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../components/format';
import type { DerivedApr, RewardPool } from '../api/index';
import { formatRate } from '../format';

/**
 * The figure a pool shows (the server's shown_rate_year, @earn/domain shownPoolApr): its set rate
 * until the live figure comes down to it, then the live one; '—' only for a pool with neither.
 */
export function poolAprText(pool: RewardPool): string {
  const d = pool.derived_apr;
  if (!d) return formatRate(pool.rate_year, pool.rate_year_type);
  return d.shown_rate_year === null ? '—' : formatRate(d.shown_rate_year);
}

/** The label that says which figure is shown: the live one, or the pool's set rate by its type. */
export function poolAprLabel(pool: RewardPool, t: TFunction): string {
  if (pool.derived_apr?.shown === 'live') return t('launchpool.pool.apr.live');
  return t(pool.rate_year_type === 1 ? 'launchpool.pool.apr.real' : 'launchpool.pool.apr.estimate');
}

/**
 * A pool's APR as `poolAprText` says; hover (desktop) or tap (mobile) shows which figure it is and
 * what the live one is made of. `stakeAmount` adds what the APR would be with that amount staked too.
 */
export function PoolApr({
  pool,
  stakeAmount,
  fz = 'sm',
  testId,
}: {
  pool: RewardPool;
  stakeAmount?: string | null;
  fz?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const d = pool.derived_apr;
  // An older answer without the derived figure: the configured rate, as before.
  if (!d) {
    return (
      <Text span className="apr" fw={700} fz={fz} data-testid={testId}>
        {formatRate(pool.rate_year, pool.rate_year_type)}
      </Text>
    );
  }
  const figure = poolAprText(pool);
  const none = d.shown_rate_year === null;
  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? open() : close())}
      width={300}
      withArrow
      shadow="md"
      position="bottom"
    >
      <Popover.Target>
        <UnstyledButton
          onMouseEnter={open}
          onMouseLeave={close}
          // A tap on a phone also fires mouseenter: open, never toggle; outside or Escape closes.
          onClick={open}
          aria-expanded={opened}
          data-testid={testId}
          style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
        >
          <Text span className={none ? undefined : 'apr'} c={none ? 'dimmed' : undefined} fw={700} fz={fz}>
            {figure}
          </Text>
          {/* Named by the figure it shows, then what it opens (an aria-label would hide the figure). */}
          <VisuallyHidden>{`, ${t('launchpool.apr.show')}`}</VisuallyHidden>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown onMouseEnter={open} onMouseLeave={close} data-testid="pool-apr-popover">
        <AprInputs pool={pool} d={d} stakeAmount={stakeAmount} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The APR the pool would show with `amount` staked too (a fraction), or null when it has none. */
export function aprWithStake(pool: RewardPool, amount: string | null | undefined): Decimal | null {
  const d = pool.derived_apr;
  if (!d || !amount || d.missing === 'ended' || dec(amount).lte(0)) return null;
  return poolAprWithStake(
    {
      stakeCoin: pool.coin,
      stakedTotal: d.staked_total,
      stakePrice: d.stake_price,
      coins: d.coins.map((c) => ({ coin: c.coin, rewardPerHour: c.reward_per_hour, price: c.price })),
    },
    amount,
  );
}

function AprInputs({
  pool,
  d,
  stakeAmount,
}: {
  pool: RewardPool;
  d: DerivedApr;
  stakeAmount?: string | null;
}) {
  const { t } = useTranslation();
  const usd = (v: Decimal) => formatAmount(v.toDecimalPlaces(2, 1).toFixed(), 2);
  const stakeValue = d.stake_price ? dec(d.staked_total).times(d.stake_price) : null;
  const withStake = aprWithStake(pool, stakeAmount);
  return (
    <Stack gap={6}>
      {d.shown !== 'none' && (
        <Text size="xs" fw={600} data-testid="apr-shown">
          {t(d.shown === 'set' ? 'launchpool.apr.shownSet' : 'launchpool.apr.shownLive', {
            rate: formatRate(pool.rate_year),
          })}
        </Text>
      )}
      <Text size="sm" fw={600}>
        {t('launchpool.apr.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('launchpool.apr.formula', { hours: formatAmount(String(POOL_HOURS_PER_YEAR)) })}
      </Text>
      <Divider />
      {d.coins.map((c) => (
        <Group
          key={c.coin}
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          data-testid={`apr-input-${c.coin}`}
        >
          <Text size="xs">
            {t('launchpool.apr.reward', {
              amount: formatAmount(c.reward_per_hour),
              coin: c.coin,
              price: c.price ? formatAmount(c.price) : '—',
            })}
          </Text>
          {d.coins.length > 1 && (
            <Text size="xs" className="num">
              {c.rate_year === null ? '—' : formatRate(c.rate_year)}
            </Text>
          )}
        </Group>
      ))}
      <Text size="xs" data-testid="apr-input-staked">
        {t('launchpool.apr.staked', {
          amount: formatAmount(d.staked_total, pool.decimal_place),
          coin: pool.coin,
          price: d.stake_price ? formatAmount(d.stake_price) : '—',
          value: stakeValue ? usd(stakeValue) : '—',
        })}
      </Text>
      <Divider />
      {d.missing ? (
        <Text size="xs" c="orange" data-testid="apr-missing">
          {t(`launchpool.apr.missing.${d.missing}`, { coins: d.missing_prices.join(', ') })}
        </Text>
      ) : (
        <Group justify="space-between">
          <Text size="xs" fw={600}>
            {t('launchpool.apr.result')}
          </Text>
          <Text size="sm" fw={700} className="apr">
            {formatRate(d.rate_year ?? '0')}
          </Text>
        </Group>
      )}
      {withStake && (
        <Text size="xs" data-testid="apr-with-stake">
          {t('launchpool.apr.withStake', {
            amount: formatAmount(stakeAmount ?? '0', pool.decimal_place),
            coin: pool.coin,
            apr: formatRate(withStake.times(100).toFixed()),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('launchpool.apr.changes')}
      </Text>
    </Stack>
  );
}
