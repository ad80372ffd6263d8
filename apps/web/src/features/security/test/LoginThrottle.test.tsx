import '../i18n/register';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthDialogsProvider } from '../../../app/auth';
import LoginPage from '../../../app/LoginPage';
import { setLanguage } from '../../../i18n';
import { stubApi } from '../../../test/harness';
import { renderWithProviders } from '../../../test/render';

const LOGIN = '/api/web/v1/auth/login';
/** 2026-11-23 09:15:00 UTC */
const UNTIL = 1_795_425_300;

/** The server's answer to a try during the account's wait after a run of wrong passwords. */
const throttled = (seconds: number) => ({
  code: 42900,
  status: 429,
  message: 'Too many wrong passwords for this account; try again later',
  data: { key: 'auth.signIn.throttled', params: { until: UNTIL, seconds }, retry_after: seconds },
});

async function signInRefused(seconds: number) {
  const user = userEvent.setup();
  const calls = stubApi({
    'GET /api/web/v1/auth/me': () => ({
      code: 401,
      status: 401,
      message: 'login',
      data: { key: 'auth.loginRequired', params: {} },
    }),
    [`POST ${LOGIN}`]: () => throttled(seconds),
  });
  renderWithProviders(
    <AuthDialogsProvider>
      <LoginPage />
    </AuthDialogsProvider>,
    { route: '/login' },
  );
  await user.type(await screen.findByRole('textbox'), 'ada@example.com');
  await user.type(document.querySelector('input[type="password"]') as HTMLInputElement, 'correct-horse-1');
  await user.click(screen.getByRole('button', { name: /Log in|登录/ }));
  return { alert: await screen.findByRole('alert'), calls };
}

describe('sign-in paused for the account after a run of wrong passwords', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => setLanguage('en'));
  });

  test('the form says why and until when, the right password included', async () => {
    const { alert, calls } = await signInRefused(32);
    expect(alert).toHaveTextContent(
      'Too many wrong passwords for this account. To protect it, sign-in is paused for 32 s (until 2026-11-23 09:15 UTC).',
    );
    expect(calls.filter((c) => c.path === LOGIN)).toHaveLength(1);
    // Still on the password step, ready for the try after the wait.
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  test('in Chinese, a wait of minutes', async () => {
    await act(() => setLanguage('zh-CN'));
    const { alert } = await signInRefused(900);
    expect(alert).toHaveTextContent(
      '该账户密码错误次数过多。为保护账户安全，登录已暂停 15 分钟（至 2026-11-23 09:15 UTC）。',
    );
  });
});
