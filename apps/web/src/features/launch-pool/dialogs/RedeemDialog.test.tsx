import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { toast } from '../../../api/errors';
import type { PoolStat } from '../api/index';
import { baseRoutes, fakeServer, makePool, makeProject, renderWithApp, SIMPLE_EARN } from '../test/harness';
import { RedeemDialog } from './RedeemDialog';

vi.mock('../../../api/errors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../api/errors')>();
  return { ...original, toast: vi.fn() };
});

const STAT: PoolStat = {
  rid: 11,
  coin: 'GT',
  reward_coin: 'NOVA',
  amount: '200',
  valid_amount: '200',
  lastRewardAmount: '12.5',
  lastHourRewardAmount: '0.34567891',
  simpleEarnInterest: '0',
  // An empty list reads as the project token's figures above (rules.ts statRewards).
  rewards: [],
  simpleEarnStatus: 0,
  simpleEarnPeriod: 0,
};

/** What the fake server answers for user-project-statistics: the stat of the dialog last opened. */
let currentStat: PoolStat = STAT;
const routes = () => ({
  ...baseRoutes(),
  '/apiw/v2/earn/launch-pool/user-project-statistics': () => [currentStat],
});

const amountInput = () => screen.getByTestId('redeem-amount') as HTMLInputElement;
const confirm = () => screen.getByTestId('redeem-confirm');

function open(
  opts: {
    state?: number;
    pool?: Parameters<typeof makePool>[0];
    stat?: Partial<PoolStat>;
    onRedeemed?: () => void;
  } = {},
) {
  const pool = makePool(opts.pool);
  currentStat = { ...STAT, ...opts.stat };
  const project = makeProject([pool], { state: opts.state ?? 1 });
  return renderWithApp(
    <RedeemDialog
      project={project}
      pool={pool}
      stat={{ ...STAT, ...opts.stat }}
      opened
      onClose={vi.fn()}
      onRedeemed={opts.onRedeemed}
    />,
  );
}

async function typeAmount(text: string) {
  const user = userEvent.setup({ delay: null });
  await user.clear(amountInput());
  await user.type(amountInput(), text);
  return user;
}

describe('redeem dialog rules', () => {
  test('above the redeemable amount: finances.startupMining.redeem.currentMax.tip', async () => {
    fakeServer(routes());
    open();
    await typeAmount('200.01');
    expect(await screen.findByText('You can redeem at most 200 GT')).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
  });

  test('below the smallest unit 0.1^precision: finances.redeem.minimum.error', async () => {
    fakeServer(routes());
    open({ pool: { decimal_place: 2 } });
    await typeAmount('0.009');
    expect(await screen.findByText('The minimum redeem amount is 0.01 GT')).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
  });

  test('Confirm is disabled while empty; Max fills the redeemable amount', async () => {
    fakeServer(routes());
    open();
    expect(confirm()).toBeDisabled();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Max' }));
    await waitFor(() => expect(amountInput().value).toBe('200'));
    expect(confirm()).toBeEnabled();
    expect(screen.getByTestId('redeem-redeemable')).toHaveTextContent('200 GT');
  });

  test("last hour's reward shows once the project runs, and is hidden before the start", async () => {
    fakeServer(routes());
    const first = open({ state: 1 });
    expect(screen.getByTestId('redeem-last-hour')).toHaveTextContent('0.34567891 NOVA');
    first.unmount();
    open({ state: 2, pool: { simple_earn: SIMPLE_EARN } });
    expect(screen.queryByTestId('redeem-last-hour')).toBeNull();
    // The auto-transfer option is hidden before the start too.
    await waitFor(() => expect(screen.getByTestId('redeem-confirm')).toBeInTheDocument());
    expect(screen.queryByTestId('redeem-auto-earn')).toBeNull();
  });

  test('the auto-earn toggle defaults on for a fixed pool and off for a flexible one', async () => {
    fakeServer(routes());
    const fixedPool = open({ pool: { simple_earn: { ...SIMPLE_EARN, status: 1 } } });
    await waitFor(() => expect(screen.getByTestId('redeem-auto-earn')).toBeChecked());
    fixedPool.unmount();
    open({ pool: { simple_earn: { ...SIMPLE_EARN, status: 0 } } });
    await waitFor(() => expect(screen.getByTestId('redeem-auto-earn')).not.toBeChecked());
  });

  test('a fixed user period: an info note instead of the toggle, and the redeem asks for simple earn', async () => {
    const { calls } = fakeServer({ ...routes(), '/apiw/v2/earn/launch-pool/redeem': { amount: '50' } });
    const onRedeemed = vi.fn();
    open({
      pool: { simple_earn: { ...SIMPLE_EARN, user_period: 30 } },
      stat: { simpleEarnPeriod: 30, simpleEarnStatus: 1 },
      onRedeemed,
    });
    await waitFor(() =>
      expect(screen.getByTestId('redeem-fixed-note')).toHaveTextContent('fixed simple earn for 30 days'),
    );
    expect(screen.queryByTestId('redeem-auto-earn')).toBeNull();
    const user = await typeAmount('50');
    await user.click(confirm());
    await waitFor(() => expect(onRedeemed).toHaveBeenCalledWith('50'));
    const sent = calls.find((c) => c.path === '/apiw/v2/earn/launch-pool/redeem');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      pid: '1',
      rid: '11',
      amount: '50',
      simpleEarnStatus: '1',
    });
    expect(toast).toHaveBeenCalledWith('success', 'Redeemed successfully');
  });

  test('without simple-earn data the redeem goes to spot', async () => {
    const { calls } = fakeServer({ ...routes(), '/apiw/v2/earn/launch-pool/redeem': { amount: '10' } });
    const onRedeemed = vi.fn();
    open({ onRedeemed });
    const user = await typeAmount('10');
    await user.click(confirm());
    await waitFor(() => expect(onRedeemed).toHaveBeenCalledWith('10'));
    const sent = calls.find((c) => c.path === '/apiw/v2/earn/launch-pool/redeem');
    expect(new URLSearchParams(sent?.body).get('simpleEarnStatus')).toBe('0');
  });

  test('names where and when the coins land, as the server answers for the toggle', async () => {
    // 2026-03-01 12:00 UTC, in the English date format.
    const now = Date.UTC(2026, 2, 1, 12) / 1000;
    const { calls } = fakeServer({
      ...routes(),
      '/api/web/v1/earn/redeem-arrival': (c: { query: URLSearchParams }) => ({
        line: 'launch_pool',
        rule: c.query.get('simple_earn_status') === '1' ? 'launchpool_flexible' : 'launchpool_spot',
        arrives_at: now,
        estimated: false,
        term_payout_at: null,
        server_now: now,
        zone: 'UTC',
      }),
    });
    open({ pool: { simple_earn: { ...SIMPLE_EARN, status: 1 } } });
    const line = await screen.findByTestId('launchpool-arrival');
    await waitFor(() => expect(line).toHaveAttribute('data-rule', 'launchpool_flexible'));
    expect(line).toHaveTextContent('At once, into Flexible simple earn (2026-03-01 12:00 UTC)');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('redeem-auto-earn'));
    await waitFor(() =>
      expect(screen.getByTestId('launchpool-arrival')).toHaveAttribute('data-rule', 'launchpool_spot'),
    );
    expect(screen.getByTestId('launchpool-arrival')).toHaveTextContent(/^At once, in your spot account/);
    const asked = calls.filter((c) => c.path === '/api/web/v1/earn/redeem-arrival');
    expect(asked.map((c) => [c.query.get('rid'), c.query.get('simple_earn_status')])).toEqual([
      ['11', '1'],
      ['11', '0'],
    ]);
  });
});
