import '../i18n/register';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FundpassPrompt } from '../../../app/FundpassPrompt';
import { i18next } from '../../../i18n';
import { type Call, stubApi } from '../../../test/harness';
import { renderWithProviders } from '../../../test/render';
import SecurityPage from '../pages/SecurityPage';
import { ME, SESSIONS, SIGN_INS, TOTP_OFF } from './fixtures';

const OTPAUTH = 'otpauth://totp/Earn:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Earn';
const CODES = [
  'abcde-fghjk',
  'mnpqr-stuvw',
  'xyz23-45678',
  'aaaaa-bbbbb',
  'ccccc-ddddd',
  'eeeee-fffff',
  'ggggg-hhhhh',
  'jjjjj-kkkkk',
  'mmmmm-nnnnn',
  'ppppp-qqqqq',
];

function api(over: Record<string, (c: Call) => unknown> = {}) {
  return stubApi({
    'GET /api/web/v1/auth/me': () => ME,
    'GET /api/web/v1/auth/2fa': () => TOTP_OFF,
    'GET /api/web/v1/auth/sessions': () => ({ list: SESSIONS }),
    'GET /api/web/v1/auth/sign-ins': () => ({ list: SIGN_INS, total: 3 }),
    ...over,
  });
}

function render(width = 1400, route = '/account/security') {
  return renderWithProviders(<SecurityPage />, { width, route });
}

describe('security page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  test('shows the funding password, two-factor state, sessions with device/address and the sign-in history', async () => {
    api();
    render();
    expect(await screen.findByTestId('fundpass-status')).toHaveTextContent('Set');
    expect(await screen.findByTestId('totp-status')).toHaveTextContent('Off');
    const phone = await screen.findByTestId('session-phoneSession', {}, { timeout: 15_000 });
    expect(phone).toHaveTextContent('Safari · iOS');
    expect(phone).toHaveTextContent('203.0.113.9');
    const mine = screen.getByTestId('session-thisSession1');
    expect(mine).toHaveTextContent('Chrome · Linux');
    expect(mine).toHaveTextContent('This device');
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    const table = await screen.findByTestId('sign-in-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Signed in');
    expect(rows[1]).toHaveTextContent('Authenticator code');
    expect(rows[2]).toHaveTextContent('Wrong code');
    expect(rows[3]).toHaveTextContent('Wrong password');
    expect(rows[3]).toHaveTextContent('198.51.100.4');
  });

  test('signing out another session sends DELETE with its id and reloads the list', async () => {
    const user = userEvent.setup({ delay: null });
    let list = SESSIONS;
    const calls = api({
      'GET /api/web/v1/auth/sessions': () => ({ list }),
      'DELETE /api/web/v1/auth/sessions/phoneSession': () => {
        list = SESSIONS.filter((s) => s.current);
        return null;
      },
    });
    render();
    const phone = await screen.findByTestId('session-phoneSession', {}, { timeout: 15_000 });
    await user.click(within(phone).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByTestId('session-phoneSession')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/web/v1/auth/sessions/phoneSession',
    ]);
  });

  test('turning two-factor on: password, QR code and key, a code, then the recovery codes once', async () => {
    const user = userEvent.setup({ delay: null });
    let enabled = false;
    const calls = api({
      'GET /api/web/v1/auth/2fa': () =>
        enabled ? { enabled: true, enabled_at: 1, recovery_codes_left: 10 } : TOTP_OFF,
      'POST /api/web/v1/auth/2fa/setup': () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: OTPAUTH }),
      'POST /api/web/v1/auth/2fa/enable': (c) => {
        if (c.body?.code !== '123456')
          return { code: 40111, status: 401, message: 'no', data: { key: 'auth.totp.invalid', params: {} } };
        enabled = true;
        return { recovery_codes: CODES };
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await user.type(
      await screen.findByLabelText('Login password', {}, { timeout: 15_000 }),
      'correct-horse-1',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const qr = await screen.findByTestId('totp-qr', {}, { timeout: 15_000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,/);
    expect(qr).toHaveAttribute('alt', 'QR code for your authenticator app');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await user.type(screen.getByLabelText('Six-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByTestId('totp-error')).toHaveTextContent('The code does not match');
    await user.type(screen.getByLabelText('Six-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    for (const c of CODES) expect(codes).toHaveTextContent(c);
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/web/v1/auth/2fa/setup', { password: 'correct-horse-1' }],
      ['/api/web/v1/auth/2fa/enable', { code: '654321' }],
      ['/api/web/v1/auth/2fa/enable', { code: '123456' }],
    ]);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument());
    expect(await screen.findByTestId('totp-status')).toHaveTextContent('On');
    expect(screen.getByTestId('recovery-left')).toHaveTextContent('10 recovery codes left');
  });

  test('changing the login password: wrong current one inline, then the count of sessions ended', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({
      'POST /api/web/v1/auth/password': (c) =>
        c.body?.current_password === 'correct-horse-1'
          ? { revoked_sessions: 2 }
          : { code: 40100, status: 401, message: 'no', data: { key: 'auth.passwordWrong', params: {} } },
    });
    render();
    const card = await screen.findByTestId('security-password');
    // The button is wrapped with its reason while it waits: found again each time.
    const submit = () => within(card).getByRole('button', { name: 'Change password' });
    await user.type(within(card).getByLabelText('Current password'), 'wrong-one-11');
    await user.type(within(card).getByLabelText('New password (at least 8 characters)'), 'short');
    expect(within(card).getByText('At least 8 characters')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(within(card).getByLabelText('New password (at least 8 characters)'));
    await user.type(within(card).getByLabelText('New password (at least 8 characters)'), 'new-password-22');
    await user.type(within(card).getByLabelText('Repeat the new password'), 'new-password-22');
    await user.click(submit());
    expect(await within(card).findByTestId('password-error')).toHaveTextContent(
      'Login password is incorrect',
    );
    await user.clear(within(card).getByLabelText('Current password'));
    await user.type(within(card).getByLabelText('Current password'), 'correct-horse-1');
    await user.click(submit());
    expect(
      await screen.findByText('Password changed. 2 other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { current_password: 'wrong-one-11', new_password: 'new-password-22' },
      { current_password: 'correct-horse-1', new_password: 'new-password-22' },
    ]);
  });

  test('?reset=fundpass opens the reset: a mailed code, then the new password; a wrong code stays inline', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({
      'POST /api/web/v1/auth/fund-password/reset': () => ({ sent: true }),
      'POST /api/web/v1/auth/fund-password/reset/confirm': (c) =>
        c.body?.code === '424242'
          ? { mode: 'every_2h' }
          : {
              code: 42220,
              status: 422,
              message: 'no',
              data: { key: 'fundpass.reset.codeInvalid', params: { left: 4 } },
            },
    });
    render(1400, '/account/security?reset=fundpass');
    expect(await screen.findByText('Reset funding password', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If ada@example.com is this account');
    await user.type(screen.getByLabelText('Code from the email'), '111111');
    await user.type(screen.getByLabelText('New funding password (6 digits)'), '135790');
    await user.type(screen.getByLabelText('Repeat the new funding password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A wrong code is said under the code's field (issue 27), not under the last field.
    await waitFor(() =>
      expect(screen.getByLabelText('Code from the email')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByTestId('fundpass-proof').closest('.mantine-InputWrapper-root')).toHaveTextContent(
      'The code is not right (4 tries left)',
    );
    expect(screen.queryByTestId('fundpass-dialog-error')).toBeNull();
    await user.clear(screen.getByLabelText('Code from the email'));
    await user.type(screen.getByLabelText('Code from the email'), '424242');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Reset funding password')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/web/v1/auth/fund-password/reset', { email: 'ada@example.com', lang: 'en' }],
      ['/api/web/v1/auth/fund-password/reset/confirm', { fundpass: '135790', code: '111111' }],
      ['/api/web/v1/auth/fund-password/reset/confirm', { fundpass: '135790', code: '424242' }],
    ]);
  });

  test('without a funding password: the mode waits, and the set dialog asks for the login password', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({
      'GET /api/web/v1/auth/me': () => ({ ...ME, fundpass_set: false, fundpass_mode: 'never' }),
      'POST /api/web/v1/auth/fund-password': () => ({ mode: 'every_2h' }),
    });
    render();
    expect(await screen.findByTestId('fundpass-status')).toHaveTextContent('Not set');
    // Off until a password is set, and says why in a tooltip on desktop.
    expect(screen.getByLabelText('Ask for it', { selector: 'input' })).toBeDisabled();
    expect(screen.getByTestId('fundpass-mode-reason')).toHaveAttribute(
      'data-reason',
      'Set a funding password to choose when it is asked.',
    );
    await user.click(screen.getByRole('button', { name: 'Set funding password' }));
    await user.type(
      await screen.findByLabelText('Login password', {}, { timeout: 15_000 }),
      'correct-horse-1',
    );
    await user.type(screen.getByLabelText('New funding password (6 digits)'), '12345');
    expect(screen.getByText('Six digits')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New funding password (6 digits)'), '6');
    await user.type(screen.getByLabelText('Repeat the new funding password'), '123457');
    expect(screen.getByText('The two entries differ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Repeat the new funding password'));
    await user.type(screen.getByLabelText('Repeat the new funding password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        fundpass: '123456',
        login_password: 'correct-horse-1',
      }),
    );
  });

  test('setting it with a wrong login password (issue 27): "Login password is incorrect" under that field', async () => {
    const user = userEvent.setup();
    api({
      'GET /api/web/v1/auth/me': () => ({ ...ME, fundpass_set: false, fundpass_mode: 'never' }),
      'POST /api/web/v1/auth/fund-password': () => ({
        code: 40100,
        status: 401,
        message: 'Login password is incorrect',
        data: { key: 'auth.passwordWrong', params: {} },
      }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Set funding password' }));
    const login = await screen.findByLabelText('Login password', {}, { timeout: 15_000 });
    await user.type(login, 'not-my-password');
    await user.type(screen.getByLabelText('New funding password (6 digits)'), '123456');
    await user.type(screen.getByLabelText('Repeat the new funding password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(login).toHaveAttribute('aria-invalid', 'true'));
    // Under that field, and read with it (aria-describedby names the message).
    expect(login.closest('.mantine-InputWrapper-root')).toHaveTextContent('Login password is incorrect');
    expect(document.getElementById(login.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Login password is incorrect',
    );
    expect(screen.queryByText('Wrong email or password')).toBeNull();
    expect(screen.queryByTestId('fundpass-dialog-error')).toBeNull();
    // Typing a new one takes the refusal away.
    await user.type(login, 'x');
    expect(login).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('at 375 px without a funding password: why the mode is off is written under it', async () => {
    api({ 'GET /api/web/v1/auth/me': () => ({ ...ME, fundpass_set: false, fundpass_mode: 'never' }) });
    render(375);
    expect(await screen.findByTestId('fundpass-mode-reason')).toHaveTextContent(
      'Set a funding password to choose when it is asked.',
    );
    expect(screen.getByLabelText('Ask for it', { selector: 'input' })).toBeDisabled();
  });

  test('at 375 px the login password and the change dialog say why their submit waits, until it does not', async () => {
    const user = userEvent.setup({ delay: null });
    api();
    render(375);
    const card = await screen.findByTestId('security-password');
    const submit = () => within(card).getByRole('button', { name: 'Change password' });
    expect(submit()).toBeDisabled();
    expect(screen.getByTestId('password-reason')).toHaveTextContent('Fill in every field as asked first.');
    expect(submit()).toHaveAccessibleDescription('Fill in every field as asked first.');
    await user.type(within(card).getByLabelText('Current password'), 'old-password-1');
    await user.type(within(card).getByLabelText('New password (at least 8 characters)'), 'new-password-22');
    await user.type(within(card).getByLabelText('Repeat the new password'), 'new-password-22');
    expect(submit()).toBeEnabled();
    expect(screen.queryByTestId('password-reason')).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('security-fundpass')).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change funding password' });
    expect(within(dialog).getByTestId('fundpass-save-reason')).toHaveTextContent(
      'Fill in every field as asked first.',
    );
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('with a funding password the mode is on and says nothing', async () => {
    api();
    render();
    expect(await screen.findByTestId('fundpass-status')).toHaveTextContent('Set');
    expect(screen.getByLabelText('Ask for it', { selector: 'input' })).toBeEnabled();
    expect(screen.queryByTestId('fundpass-mode-reason')).not.toBeInTheDocument();
  });

  test('choosing when the funding password is asked: the server asks for it, the prompt sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({
      'POST /api/web/v1/auth/fund-password/mode': (c) =>
        c.headers['X-Fund-Password'] === '246810'
          ? { mode: 'always' }
          : {
              code: 10010111,
              status: 403,
              message: 'Please enter your funding password',
              data: { key: 'fundpass.required', params: {}, require_fundpass: true },
            },
    });
    renderWithProviders(
      <>
        <FundpassPrompt />
        <SecurityPage />
      </>,
      { route: '/account/security' },
    );
    await user.click(await screen.findByLabelText('Ask for it', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Every time' }));
    const input = await screen.findByLabelText(
      'Funding password',
      { selector: 'input' },
      { timeout: 15_000 },
    );
    await user.type(input, '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Saved: the funding password is asked Every time')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.body, c.headers['X-Fund-Password'] ?? null])).toEqual([
      [{ mode: 'always' }, null],
      [{ mode: 'always' }, '246810'],
    ]);
    expect(posts[0]?.headers['Idempotency-Key']).toBe(posts[1]?.headers['Idempotency-Key']);
  }, 20_000);

  test('in Chinese at 375 px: the history as a list, every section titled', async () => {
    await i18next.changeLanguage('zh-CN');
    api();
    render(375);
    expect(await screen.findByText('安全中心')).toBeInTheDocument();
    for (const title of ['资金密码', '登录密码', '两步验证登录', '当前登录会话', '登录记录'])
      expect(screen.getByText(title)).toBeInTheDocument();
    await screen.findByText('密码错误');
    expect(screen.queryByTestId('sign-in-table')).not.toBeInTheDocument();
    expect(screen.getByText('验证码错误')).toBeInTheDocument();
  });
});
