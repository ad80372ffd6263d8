import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setCookie } from '../test/cookies';
import { renderWithProviders } from '../test/render';
import { answerSessionFromMe } from '../test/session';
import { DepositOptionsDialog } from './DepositOptionsDialog';

function serve(menu: string[]) {
  vi.stubGlobal(
    'fetch',
    answerSessionFromMe(async (url: string) => {
      const path = String(url);
      const data = path.includes('/auth/me')
        ? {
            id: 1,
            email: 'demo@example.com',
            vip_tier: 0,
            account_mode: 'classic',
            fundpass_set: true,
            fundpass_mode: 'never',
            created_at: 0,
          }
        : path.includes('/compliance/check')
          ? { business: [], menu }
          : null;
      return new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 });
    }),
  );
}

describe('DepositOptionsDialog', () => {
  beforeEach(() => {
    setCookie('csrftoken=t');
  });
  afterEach(() => vi.unstubAllGlobals());

  test('desktop: on-chain, express buy, transfer and spot trade', async () => {
    serve([]);
    renderWithProviders(
      <DepositOptionsDialog coin="BTC" opened onClose={() => undefined} onTransfer={() => undefined} />,
    );
    expect(await screen.findByTestId('deposit-spot')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-onchain')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-express')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-transfer')).toBeInTheDocument();
    expect(screen.getByText('Trade for BTC on the BTC/USDT market')).toBeInTheDocument();
  });

  test("the compliance menu hides express buy ('express') and spot trade ('spot_trade'); mobile has no transfer", async () => {
    serve(['express', 'spot_trade']);
    renderWithProviders(
      <DepositOptionsDialog coin="ETH" opened onClose={() => undefined} onTransfer={() => undefined} />,
      {
        width: 375,
      },
    );
    expect(await screen.findByTestId('deposit-onchain')).toBeInTheDocument();
    // Wait for the compliance answer, then check what it hid.
    await vi.waitFor(() => expect(screen.queryByText('Add ETH')).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('deposit-express')).toBeNull();
    expect(screen.queryByTestId('deposit-spot')).toBeNull();
    expect(screen.queryByTestId('deposit-transfer')).toBeNull();
  });
});
