import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { UserDetail } from '../../api/types';
import { fakeApi, renderConsole } from '../../test/harness';
import { UserActions } from './UserActions';

afterEach(() => vi.unstubAllGlobals());

const user = (mode: string) =>
  ({ id: 7, email: 'trader@example.com', account_mode: mode, locked: false }) as unknown as UserDetail;

const field = (form: HTMLElement, key: string) =>
  form.querySelector(`[data-field="${key}"] input, input[data-field="${key}"]`) as HTMLInputElement;

describe("a user's loans in a test environment", () => {
  test('lends to a unified account: the review, then POST /loans with the user, asset and amount', async () => {
    const calls = fakeApi({
      'GET /admin/api/clock': () => [200, { kind: 'test', now: 1_790_000_000 }],
      'POST /admin/api/loans': () => [200, null],
    });
    renderConsole(<UserActions user={user('unified')} />);
    const lend = await screen.findByTestId('user-lend');
    await waitFor(() => expect(lend).toBeEnabled());
    await userEvent.click(lend);
    const form = await screen.findByTestId('movement-form');
    expect(within(form).getByText('Lend to trader@example.com')).toBeInTheDocument();
    await userEvent.type(field(form, 'asset'), 'USDT', { delay: null });
    await userEvent.type(field(form, 'amount'), '250', { delay: null });
    await userEvent.click(within(form).getByTestId('form-review'));
    await userEvent.click(await screen.findByTestId('form-save'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: '/admin/api/loans', body: { asset: 'USDT', amount: '250', user: 7 } },
      ]),
    );
  });

  test('a classic account cannot borrow: Lend is disabled with the reason', async () => {
    fakeApi({ 'GET /admin/api/clock': () => [200, { kind: 'test', now: 1_790_000_000 }] });
    renderConsole(<UserActions user={user('classic')} />);
    const lend = await screen.findByTestId('user-lend');
    await waitFor(() => expect(lend).toBeDisabled());
    expect(screen.getByTestId('user-repay')).toBeEnabled();
  });
});
