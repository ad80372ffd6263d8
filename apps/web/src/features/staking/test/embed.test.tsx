import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { StakeModal } from '../dialogs/stake/StakeModal';
import { ME, product, userInfo } from './fixtures';
import { installDomStubs, renderUi, stubApi } from './harness';

const BASE = '/apiw/v2/earn/staking';

/** Embedded in the assets page (is_frame=1) the modal talks to the parent window instead of navigating. */
describe('stake modal in embedded mode', () => {
  const posted: unknown[] = [];
  const realParent = window.parent;

  beforeEach(() => {
    installDomStubs();
    posted.length = 0;
    window.history.pushState({}, '', '/staking/ETH?is_frame=1');
    Object.defineProperty(window, 'parent', {
      configurable: true,
      value: { postMessage: (m: unknown) => posted.push(m) },
    });
    stubApi({
      'GET /api/web/v1/auth/me': () => ME,
      [`GET ${BASE}/product`]: () => product({ defi: [], is_defi: 0 }),
      [`GET ${BASE}/coin-user-info`]: () => userInfo(),
      [`GET ${BASE}/balances`]: () => [],
      [`POST ${BASE}/agreement`]: () => ({
        kind: 'staking_agreement',
        document: '',
        accepted: 1,
        accepted_at: 1,
      }),
      [`POST ${BASE}/coin-swap-verify`]: () => ({
        order_id: 1,
        coin: 'ETH',
        pid: -1,
        amount: '1',
        interest_start: 1_700_006_400,
        first_distribution_time: null,
        reward_paid_at_redeem: true,
      }),
    });
  });

  afterEach(() => {
    Object.defineProperty(window, 'parent', { configurable: true, value: realParent });
    window.history.pushState({}, '', '/');
    vi.unstubAllGlobals();
  });

  test('no transfer shortcut; success, continue and close are posted to the parent', async () => {
    const onClose = vi.fn();
    renderUi(<StakeModal coin="ETH" opened onClose={onClose} />);
    await screen.findByTestId('stake-amount');
    expect(screen.queryByTestId('stake-deposit')).toBeNull();
    await userEvent.type(screen.getByTestId('stake-amount'), '1');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(screen.getByTestId('stake-submit')).toBeEnabled());
    await userEvent.click(screen.getByTestId('stake-submit'));
    await screen.findByText('Staked successfully');
    expect(screen.getByText('Paid when you redeem')).toBeInTheDocument();
    await waitFor(() =>
      expect(posted).toContainEqual({
        source: 'earn',
        type: 'success',
        payload: { action: 'stake', coin: 'ETH', amount: '1' },
      }),
    );
    await userEvent.click(screen.getByTestId('stake-continue'));
    expect(posted).toContainEqual({
      source: 'earn',
      type: 'reopen',
      payload: { action: 'stake', coin: 'ETH' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(posted).toContainEqual({ source: 'earn', type: 'close' });
    expect(onClose).not.toHaveBeenCalled();
  });

  test('the success footer is hidden when asked (hide_footer)', async () => {
    renderUi(<StakeModal coin="ETH" opened onClose={() => undefined} hideSuccessFooter />);
    await screen.findByTestId('stake-amount');
    await userEvent.type(screen.getByTestId('stake-amount'), '1');
    await userEvent.click(screen.getByTestId('stake-agree'));
    await waitFor(() => expect(screen.getByTestId('stake-submit')).toBeEnabled());
    await userEvent.click(screen.getByTestId('stake-submit'));
    await screen.findByText('Staked successfully');
    expect(screen.queryByTestId('stake-continue')).toBeNull();
    expect(screen.queryByTestId('stake-holdings')).toBeNull();
  });
});
