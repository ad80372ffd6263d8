import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, test, vi } from 'vitest';
import type { MyReward, MyStake, PoolStat } from '../api/index';
import { dialogPools } from '../rules';
import { baseRoutes, type Call, fakeServer, makePool, makeProject, renderWithApp } from '../test/harness';
import { MySection, rewardRangeQuery } from './MySection';
import { ProjectCard } from './ProjectCard';

const LP = '/apiw/v2/earn/launch-pool';

const multiPool = makePool({
  rid: 21,
  coin: 'BTC',
  reward_pool_type: 1,
  rate_year: '12.4',
  reward_per_hour: '900',
  total_reward_amount: '324000',
  reward_coins: [
    { coin: 'NOVA', reward_per_hour: '900', rate_year: '6', total_reward_amount: '324000' },
    { coin: 'GT', reward_per_hour: '12', rate_year: '3.8', total_reward_amount: '4320' },
    { coin: 'ETH', reward_per_hour: '0.05', rate_year: '2.6', total_reward_amount: '18' },
  ],
});
const lockPool = makePool({ rid: 11 });

const STATS: PoolStat[] = [
  {
    rid: 21,
    coin: 'BTC',
    reward_coin: 'NOVA',
    amount: '0.5',
    valid_amount: '0.5',
    lastRewardAmount: '1234.5',
    lastHourRewardAmount: '45',
    simpleEarnInterest: '0',
    rewards: [
      { coin: 'NOVA', lastRewardAmount: '1234.5', lastHourRewardAmount: '45' },
      { coin: 'GT', lastRewardAmount: '16.46', lastHourRewardAmount: '0.6' },
      { coin: 'ETH', lastRewardAmount: '0.06858', lastHourRewardAmount: '0.0025' },
    ],
    simpleEarnStatus: 0,
    simpleEarnPeriod: 0,
  },
];

describe('multi-mining pool card', () => {
  test('shows every reward coin with its rate, reward per hour and total, and the user’s rewards per coin', async () => {
    fakeServer({ ...baseRoutes(), [`${LP}/user-project-statistics`]: STATS });
    const project = makeProject([lockPool, multiPool]);
    renderWithApp(
      <ProjectCard
        project={project}
        now={1_800_000_000_000}
        onStake={vi.fn()}
        onRedeem={vi.fn()}
        onEligibility={vi.fn()}
      />,
    );
    const card = screen.getByTestId('pool-21');
    expect(within(card).getByText('Multi mining')).toBeInTheDocument();
    expect(within(card).getByTestId('reward-coin-21-NOVA')).toHaveTextContent('NOVA 6.00%');
    expect(within(card).getByTestId('reward-coin-21-GT')).toHaveTextContent('GT 3.80%');
    expect(within(card).getByTestId('reward-coin-21-ETH')).toHaveTextContent('ETH 2.60%');
    expect(within(card).getByTestId('reward-per-hour-21')).toHaveTextContent('900 NOVA12 GT0.05 ETH');
    expect(within(card).getByTestId('total-reward-21')).toHaveTextContent('324,000 NOVA4,320 GT18 ETH');
    await waitFor(() =>
      expect(within(card).getByTestId('my-rewards-21')).toHaveTextContent('1,234.5 NOVA16.46 GT0.06858 ETH'),
    );
    expect(within(card).getByTestId('last-hour-21')).toHaveTextContent('45 NOVA0.6 GT0.0025 ETH');
    // A lock pool lists its one coin and no chips.
    expect(screen.getByTestId('reward-per-hour-11')).toHaveTextContent('2,500 NOVA');
    expect(screen.queryByTestId('reward-coin-11-NOVA')).toBeNull();
  });

  test('the stake dialog’s pool tabs leave the multi-mining pool out; staking it shows it alone', () => {
    const pools = [lockPool, multiPool, makePool({ rid: 12, coin: 'USDT' })];
    expect(dialogPools(pools, 11).map((p) => p.rid)).toEqual([11, 12]);
    expect(dialogPools(pools, 21).map((p) => p.rid)).toEqual([21]);
  });
});

const STAKES: MyStake[] = [
  {
    pid: 1,
    rid: 21,
    name: 'Nova Protocol',
    icon: '',
    coin: 'BTC',
    reward_coin: 'NOVA',
    state: 1,
    start_timest: 1_700_000_000,
    end_timest: 1_900_000_000,
    amount: '0.5',
    total_reward: '1234.5',
    total_interest: '0',
    rewards: [
      { coin: 'NOVA', total_reward: '1234.5' },
      { coin: 'GT', total_reward: '16.46' },
    ],
    simpleEarnStatus: 0,
    simpleEarnPeriod: 0,
  },
];

const REWARDS: MyReward[] = [
  {
    pid: 1,
    rid: 21,
    name: 'Nova Protocol',
    coin: 'BTC',
    reward_coin: 'NOVA',
    amount: '45',
    hour_start: 1_799_996_400,
  },
  {
    pid: 1,
    rid: 21,
    name: 'Nova Protocol',
    coin: 'BTC',
    reward_coin: 'GT',
    amount: '0.6',
    hour_start: 1_799_996_400,
  },
];

describe('my stakes and the reward history', () => {
  test('lists a multi-mining stake’s total per coin and a row per coin and hour', async () => {
    fakeServer({
      ...baseRoutes(),
      [`${LP}/my-stakes`]: { list: STAKES, total: 1 },
      [`${LP}/my-rewards`]: { list: REWARDS, total: 2 },
    });
    renderWithApp(<MySection />);
    const stakes = await screen.findByTestId('my-stakes');
    await waitFor(() => expect(stakes).toHaveTextContent('1,234.5 NOVA'));
    expect(stakes).toHaveTextContent('16.46 GT');
    await userEvent.click(screen.getByTestId('my-rewards-tab'));
    const rewards = await screen.findByTestId('my-rewards');
    await waitFor(() => expect(rewards).toHaveTextContent('45 NOVA'));
    expect(rewards).toHaveTextContent('0.6 GT');
    expect(rewards).toHaveTextContent('Nova Protocol · BTC');
  });

  test('the date-range filter sends start_time and end_time of the picked days and goes back to page 1', async () => {
    const rewardCalls: Call[] = [];
    fakeServer({
      ...baseRoutes(),
      [`${LP}/my-stakes`]: { list: [], total: 0 },
      [`${LP}/my-rewards`]: (call: Call) => {
        rewardCalls.push(call);
        return { list: REWARDS, total: 25 };
      },
    });
    renderWithApp(<MySection />);
    await userEvent.click(screen.getByTestId('my-rewards-tab'));
    await waitFor(() => expect(rewardCalls).toHaveLength(1));
    // The whole history until a range is picked.
    expect(rewardCalls[0]?.query.get('start_time')).toBeNull();
    expect(rewardCalls[0]?.query.get('end_time')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(rewardCalls.at(-1)?.query.get('page')).toBe('2'));

    await userEvent.click(screen.getByTestId('rewards-date-range'));
    await userEvent.click(await screen.findByRole('button', { name: 'Previous month' }));
    const month = dayjs().subtract(1, 'month');
    const first = month.date(1);
    const last = month.date(10);
    await userEvent.click(screen.getByRole('button', { name: first.format('D MMMM YYYY') }));
    await userEvent.click(screen.getByRole('button', { name: last.format('D MMMM YYYY') }));
    await waitFor(() => expect(rewardCalls.at(-1)?.query.get('start_time')).not.toBeNull());
    const sent = rewardCalls.at(-1) as Call;
    expect(sent.query.get('start_time')).toBe(String(first.startOf('day').unix()));
    expect(sent.query.get('end_time')).toBe(String(last.endOf('day').unix()));
    expect(sent.query.get('page')).toBe('1');
    expect(screen.queryByTestId('date-range-warning')).toBeNull();
  });

  test('a half-picked range sends nothing; a full one sends both bounds', () => {
    expect(rewardRangeQuery([null, null])).toEqual({});
    expect(rewardRangeQuery(['2026-05-01', null])).toEqual({});
    expect(rewardRangeQuery(['2026-05-01', '2026-05-03'])).toEqual({
      start_time: dayjs('2026-05-01').startOf('day').unix(),
      end_time: dayjs('2026-05-03').endOf('day').unix(),
    });
  });
});
