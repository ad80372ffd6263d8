import '../i18n/register';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthDialogsProvider } from '../../../app/auth';
import LoginPage from '../../../app/LoginPage';
import { stubApi } from '../../../test/harness';
import { renderWithProviders } from '../../../test/render';
import { ME } from './fixtures';

const LOGIN = '/api/web/v1/auth/login';
const refusal = (code: number, key: string, status = 401, params: Record<string, unknown> = {}) => ({
  code,
  status,
  message: key,
  data: { key, params, ...(code === 40110 ? { require_totp: true } : {}) },
});

describe('sign-in with two-factor on', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('the password step leads to the code step; a reused code is refused inline; the next code signs in', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubApi({
      'GET /api/web/v1/auth/me': () => ({
        code: 401,
        status: 401,
        message: 'login',
        data: { key: 'auth.loginRequired', params: {} },
      }),
      [`POST ${LOGIN}`]: (c) => {
        if (!c.body?.code && !c.body?.recovery_code) return refusal(40110, 'auth.totp.required');
        if (c.body?.code === '111111') return refusal(40112, 'auth.totp.reused');
        return ME;
      },
    });
    renderWithProviders(
      <AuthDialogsProvider>
        <LoginPage />
      </AuthDialogsProvider>,
      { route: '/login' },
    );
    // The greyed button says what it waits for, at each step.
    expect(await screen.findByTestId('login-reason')).toHaveAttribute(
      'data-reason',
      'Enter your email and password first.',
    );
    await user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct-horse-1');
    expect(screen.queryByTestId('login-reason')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const code = await screen.findByTestId('login-code');
    expect(screen.getByTestId('login-reason')).toHaveAttribute(
      'data-reason',
      'Enter the six-digit code first.',
    );
    expect(screen.getByText('Enter the six-digit code from your authenticator app.')).toBeInTheDocument();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code was already used; wait for the next one',
    );
    expect(screen.getByTestId('login-code')).toHaveValue('');
    await user.type(screen.getByTestId('login-code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === LOGIN)).toHaveLength(3));
    expect(calls.filter((c) => c.path === LOGIN).map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'correct-horse-1' },
      { email: 'ada@example.com', password: 'correct-horse-1', code: '111111' },
      { email: 'ada@example.com', password: 'correct-horse-1', code: '222222' },
    ]);
  });

  test('a recovery code instead, and the lock with when it ends', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubApi({
      'GET /api/web/v1/auth/me': () => ({
        code: 401,
        status: 401,
        message: 'login',
        data: { key: 'auth.loginRequired', params: {} },
      }),
      [`POST ${LOGIN}`]: (c) =>
        c.body?.recovery_code
          ? refusal(42900, 'auth.totp.locked', 429, { until: 1_795_420_800 })
          : refusal(40110, 'auth.totp.required'),
    });
    renderWithProviders(
      <AuthDialogsProvider>
        <LoginPage />
      </AuthDialogsProvider>,
      { route: '/login' },
    );
    await user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Lost the app? Use a recovery code' }));
    await user.type(screen.getByTestId('login-code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Too many wrong codes; try again at 2026-\d{2}-\d{2} \d{2}:\d{2}/,
    );
    expect(calls.filter((c) => c.path === LOGIN).at(-1)?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct-horse-1',
      recovery_code: 'abcde-fghjk',
    });
  });
});
