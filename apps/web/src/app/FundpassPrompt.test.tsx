import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { fundpassSettled, promptFundpass } from '../api/fundpass';
import { i18next, setLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { LOCK_END_FORMAT } from './FundpassDialog';
import { FundpassPrompt } from './FundpassPrompt';

const UNTIL = '2026-11-23T07:15:00.000Z';

/** Opens the prompt as `send` does; the answer is what `send` would re-send. */
function ask(state?: Parameters<typeof promptFundpass>[0]): Promise<string | null> {
  let answer: Promise<string | null> = Promise.resolve(null);
  act(() => {
    answer = promptFundpass(state);
  });
  return answer;
}

describe('funding-password prompt (issue 18 §3)', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  test('wrong → stays open with the tries left inline; last try → lock with its end; cancel closes', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FundpassPrompt />);
    let answer = ask();
    const input = await screen.findByLabelText(
      i18next.t('fundpass.label'),
      { selector: 'input' },
      { timeout: 15_000 },
    );
    // Empty, Confirm says why it waits.
    expect(screen.getByRole('button', { name: i18next.t('common.confirm') })).toHaveAccessibleDescription(
      'Enter your funding password first.',
    );
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: i18next.t('common.confirm') }));
    expect(await answer).toBe('000000');
    // Still on screen while the password is checked.
    expect(screen.getByLabelText(i18next.t('fundpass.label'), { selector: 'input' })).toBeInTheDocument();

    answer = ask({ kind: 'wrong', left: 3 });
    expect(await screen.findByText(i18next.t('fundpass.wrongTriesLeft', { count: 3 }))).toBeInTheDocument();
    expect(screen.getByText(/3 tries left/)).toBeInTheDocument();
    expect(screen.getByLabelText(i18next.t('fundpass.label'), { selector: 'input' })).toHaveValue('');
    await user.type(screen.getByLabelText(i18next.t('fundpass.label'), { selector: 'input' }), '111111');
    await user.click(screen.getByRole('button', { name: i18next.t('common.confirm') }));
    expect(await answer).toBe('111111');

    answer = ask({ kind: 'wrong', left: 0, until: UNTIL });
    const lock = await screen.findByTestId('fundpass-locked');
    const end = new Intl.DateTimeFormat('en', LOCK_END_FORMAT).format(new Date(UNTIL));
    expect(lock).toHaveTextContent(`You can try again at ${end}`);
    expect(screen.getByLabelText(i18next.t('fundpass.label'), { selector: 'input' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: i18next.t('common.confirm') })).not.toBeInTheDocument();
    // The form's Close (the dialog's corner button is named Close too, as in the app).
    const closes = screen.getAllByRole('button', { name: i18next.t('common.close') });
    await user.click(closes[closes.length - 1] as HTMLElement);
    expect(await answer).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('fundpass-locked')).not.toBeInTheDocument());
  }, 20_000);

  test('the lock in Chinese, and the request settling closes the prompt', async () => {
    await act(() => setLanguage('zh-CN'));
    renderWithProviders(<FundpassPrompt />);
    void ask({ kind: 'locked', until: UNTIL });
    expect(await screen.findByTestId('fundpass-locked', {}, { timeout: 15_000 })).toHaveTextContent(
      '错误次数过多',
    );
    act(() => fundpassSettled());
    await waitFor(() => expect(screen.queryByTestId('fundpass-locked')).not.toBeInTheDocument());
  }, 20_000);
});
