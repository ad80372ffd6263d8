import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test/harness';
import LoginPage, { safeRedirect } from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

async function fill(code: string) {
  await userEvent.type(screen.getByTestId('login-email'), 'ops@example.com', { delay: null });
  await userEvent.type(screen.getByTestId('login-password'), 'secret-password', { delay: null });
  await userEvent.type(screen.getByTestId('login-code'), code, { delay: null });
  await userEvent.click(screen.getByTestId('login-submit'));
}

describe('operator sign-in', () => {
  test('a code that is not 6 digits is refused in place, without a call', async () => {
    const calls = fakeApi({});
    renderConsole(<LoginPage />, { role: null, path: '/admin/login' });
    await fill('12a34');
    expect(screen.getByTestId('login-code')).toHaveValue('1234');
    expect(screen.getByText('The code is 6 digits.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  test('a wrong email, password or code gets one answer', async () => {
    const calls = fakeApi({ 'POST /admin/api/auth/login': () => [401, {}, 'operator.login.invalid'] });
    renderConsole(<LoginPage />, { role: null, path: '/admin/login' });
    await fill('123456');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Wrong email, password or code.');
    expect(calls[0]?.body).toEqual({ email: 'ops@example.com', password: 'secret-password', code: '123456' });
    // The code is cleared for the next try.
    expect(screen.getByTestId('login-code')).toHaveValue('');
  });

  test('the lock says until when, in UTC', async () => {
    const until = Date.UTC(2026, 10, 23, 3, 15) / 1000;
    fakeApi({ 'POST /admin/api/auth/login': () => [429, { until }, 'operator.login.locked'] });
    renderConsole(<LoginPage />, { role: null, path: '/admin/login' });
    await fill('123456');
    expect(await screen.findByTestId('login-locked')).toHaveTextContent(
      'Too many wrong tries. Sign-in for this email is locked until 2026-11-23 03:15:00 UTC.',
    );
  });

  test('signed in, the operator goes back where they were, never outside the console', async () => {
    fakeApi({
      'POST /admin/api/auth/login': () => [
        200,
        { id: 1, email: 'ops@example.com', role: 'admin', expires_at: 1 },
      ],
    });
    renderConsole(<LoginPage />, {
      role: null,
      path: '/admin/login?redirect=%2Fadmin%2Faudit',
      route: '/admin/login',
    });
    await fill('123456');
    await waitFor(() => expect(screen.queryByTestId('admin-login')).not.toBeInTheDocument());
    expect(safeRedirect('/admin/users/3')).toBe('/admin/users/3');
    expect(safeRedirect('https://evil.example/admin')).toBe('/admin');
    expect(safeRedirect('//evil.example')).toBe('/admin');
    expect(safeRedirect('/admin/login?redirect=/admin')).toBe('/admin');
    expect(safeRedirect(null)).toBe('/admin');
  });
});
