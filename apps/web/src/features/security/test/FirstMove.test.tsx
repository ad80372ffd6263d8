import '../i18n/register';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { isApiError } from '../../../api/client';
import { promptFundpass } from '../../../api/fundpass';
import { send } from '../../../api/send';
import { FundpassPrompt } from '../../../app/FundpassPrompt';
import { registerNavigate } from '../../../app/navigate';
import { i18next, setLanguage } from '../../../i18n';
import { stubApi } from '../../../test/harness';
import { renderWithProviders } from '../../../test/render';

const STAKE = '/apiw/v2/earn/staking/coin-swap-verify';
const NOT_SET = {
  code: 10010107,
  status: 403,
  message: 'Set a funding password before your first subscription, stake or purchase',
  data: { key: 'fundpass.setupRequired', params: {}, setup_fundpass: true },
};

describe('first money move without a funding password (issue 18 §2)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => setLanguage('en'));
  });

  test('10010107 opens the set dialog; once saved the same request goes again with its key', async () => {
    const user = userEvent.setup({ delay: null });
    let set = false;
    const calls = stubApi({
      [`POST ${STAKE}`]: () => (set ? { ok: 1 } : NOT_SET),
      'POST /api/web/v1/auth/fund-password': () => {
        set = true;
        return { mode: 'every_2h' };
      },
    });
    renderWithProviders(<FundpassPrompt />);
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = send({
        method: 'POST',
        path: STAKE,
        body: { coin: 'USDC', amount: '10' },
        idempotencyKey: 'click-1',
      });
    });
    expect(await screen.findByTestId('fundpass-setup-intro', {}, { timeout: 15_000 })).toHaveTextContent(
      'Before your first stake, set a funding password.',
    );
    await user.type(screen.getByLabelText('Login password'), 'correct-horse-1');
    await user.type(screen.getByLabelText('New funding password (6 digits)'), '246810');
    await user.type(screen.getByLabelText('Repeat the new funding password'), '246810');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await result).toEqual({ ok: 1 });
    expect(calls.map((c) => [c.method, c.path, c.headers['Idempotency-Key'] ?? null])).toEqual([
      ['POST', STAKE, 'click-1'],
      ['POST', '/api/web/v1/auth/fund-password', expect.any(String)],
      ['POST', STAKE, 'click-1'],
    ]);
    await waitFor(() => expect(screen.queryByTestId('fundpass-setup-intro')).not.toBeInTheDocument());
  }, 20_000);

  test.each([
    ['en', '/apiw/v2/uni-loan/earn/subscribe', 'Before your first subscription, set a funding password.'],
    ['en', '/apiw/v2/earn/launch-pool/create-order', 'Before your first stake, set a funding password.'],
    ['en', '/apiw/v2/earn/private-wealth/purchase', 'Before your first purchase, set a funding password.'],
    ['zh-CN', '/apiw/v2/uni-loan/earn/subscribe', '首次申购前请先设置资金密码'],
    ['zh-CN', STAKE, '首次质押前请先设置资金密码'],
    ['zh-CN', '/apiw/v2/earn/private-wealth/purchase', '首次购买前请先设置资金密码'],
  ])(
    'the set dialog names the move (%s, %s)',
    async (lang, path, intro) => {
      await act(() => setLanguage(lang as 'en' | 'zh-CN'));
      const user = userEvent.setup({ delay: null });
      stubApi({ [`POST ${path}`]: () => NOT_SET });
      renderWithProviders(<FundpassPrompt />);
      let result: Promise<unknown> = Promise.resolve();
      act(() => {
        result = send({ method: 'POST', path, body: {}, idempotencyKey: 'click-move' }).catch((e) => e);
      });
      const shown = await screen.findByTestId('fundpass-setup-intro', {}, { timeout: 15_000 });
      expect(shown).toHaveTextContent(intro);
      await user.click(screen.getByRole('button', { name: i18next.t('common.cancel') }));
      await result;
    },
    20_000,
  );

  test('cancelling the set dialog ends the action quietly, sending nothing more', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubApi({ [`POST ${STAKE}`]: () => NOT_SET });
    renderWithProviders(<FundpassPrompt />);
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = send({ method: 'POST', path: STAKE, body: {}, idempotencyKey: 'click-2' }).catch((e) => e);
    });
    await screen.findByTestId('fundpass-setup-intro', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const error = await result;
    expect(isApiError(error) && error.kind).toBe('cancelled');
    expect(calls).toHaveLength(1);
  }, 20_000);

  test('without a mounted dialog the refusal reaches the caller as it came', async () => {
    stubApi({ [`POST ${STAKE}`]: () => NOT_SET });
    const error = await send({ method: 'POST', path: STAKE, body: {} }).catch((e) => e);
    expect(isApiError(error) && [error.code, error.key]).toEqual([10010107, 'fundpass.setupRequired']);
  });

  test('"Forgot?" in the prompt ends the action and opens the reset on the security page', async () => {
    const user = userEvent.setup({ delay: null });
    const went: string[] = [];
    const unregister = registerNavigate((to) => went.push(to));
    renderWithProviders(<FundpassPrompt />);
    let answer: Promise<string | null> = Promise.resolve('x');
    act(() => {
      answer = promptFundpass();
    });
    await user.click(
      await screen.findByRole('button', { name: 'Forgot? Reset it by email' }, { timeout: 15_000 }),
    );
    expect(await answer).toBeNull();
    expect(went).toEqual(['/account/security?reset=fundpass']);
    unregister();
  }, 20_000);
});
