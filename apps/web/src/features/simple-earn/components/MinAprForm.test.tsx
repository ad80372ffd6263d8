import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import axe from 'axe-core';
import { act } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { i18next, setLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { form, rule } from '../../../test/fakeApi';
import { earnApi } from '../test/setupApi';
import { MinAprForm } from './MinAprForm';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

describe('minimum APR edit (section 5)', () => {
  test('above the maximum (default 5) and below the product limit; empty disables confirm', async () => {
    earnApi();
    renderWithProviders(<MinAprForm asset="GT" current="0" maxPercent="0" limitMinPercent="0.5" />);
    const input = screen.getByTestId('min-apr-input');
    expect(screen.getByTestId('min-apr-confirm')).toBeDisabled();
    fireEvent.change(input, { target: { value: '5.01' } });
    expect(await screen.findByText(t('finances.simpleEarn.maxAPR', { rate: '5' }))).toBeInTheDocument();
    expect(screen.getByTestId('min-apr-confirm')).toBeDisabled();
    fireEvent.change(input, { target: { value: '0.49' } });
    expect(await screen.findByText(t('finances.simpleEarn.minAPR', { rate: '0.5' }))).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('min-apr-confirm')).toBeEnabled());
  });

  test('sent as a fraction (percent / 100, 4 decimals); success toasts modified', async () => {
    const api = earnApi({
      extra: { 'POST /apiw/v2/uni-loan/earn/interest-rate': () => ({ asset: 'GT', rateYear: '0.0124' }) },
    });
    const done = vi.fn();
    renderWithProviders(
      <MinAprForm asset="GT" current="0.01" maxPercent="5" limitMinPercent="0" onDone={done} />,
    );
    expect(screen.getByTestId('min-apr-input')).toHaveValue('1');
    fireEvent.change(screen.getByTestId('min-apr-input'), { target: { value: '1.231' } });
    // Two decimals of percent may be typed: 1.23 % → 0.0123.
    expect(screen.getByTestId('min-apr-input')).toHaveValue('1.23');
    await userEvent.click(screen.getByTestId('min-apr-confirm'));
    expect(await screen.findByText(t('modified'))).toBeInTheDocument();
    expect(form(api.to('POST /apiw/v2/uni-loan/earn/interest-rate'))).toEqual({
      asset: 'GT',
      rateYear: '0.0123',
    });
    expect(done).toHaveBeenCalled();
  });

  test("the server's rule failure shows under the input", async () => {
    earnApi({
      extra: {
        'POST /apiw/v2/uni-loan/earn/interest-rate': () => rule('finances.simpleEarn.maxAPR', { rate: '4' }),
      },
    });
    renderWithProviders(<MinAprForm asset="GT" current="0" maxPercent="5" limitMinPercent="0" />);
    fireEvent.change(screen.getByTestId('min-apr-input'), { target: { value: '4.5' } });
    await userEvent.click(screen.getByTestId('min-apr-confirm'));
    expect(await screen.findByText(t('finances.simpleEarn.maxAPR', { rate: '4' }))).toBeInTheDocument();
  });
});

/** a precedes b in the document. */
const precedes = (a: Element, b: Element) =>
  (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('a money submit that fails with 500 (issue 27): the retry notice stands by the button pressed', () => {
  test.each([
    ['en', 'sending the same order again (try 2 of 4)'],
    ['zh-CN', '正在重新发送同一订单（第 2 次，共 4 次）'],
  ] as const)(
    '%s: between the field and Confirm, not at the top; axe finds nothing',
    async (language, text) => {
      await act(() => setLanguage(language));
      try {
        earnApi({
          extra: {
            'POST /apiw/v2/uni-loan/earn/interest-rate': () => ({ status: 500, code: 500, message: 'down' }),
          },
        });
        renderWithProviders(<MinAprForm asset="GT" current="0" maxPercent="5" limitMinPercent="0" />);
        fireEvent.change(screen.getByTestId('min-apr-input'), { target: { value: '1' } });
        await userEvent.click(screen.getByTestId('min-apr-confirm'));
        const notice = await screen.findByTestId('money-submit-retrying', {}, { timeout: 10_000 });
        expect(notice).toHaveTextContent(text);
        // Below what was typed and the current rate, right above the button the user pressed.
        expect(precedes(screen.getByTestId('min-apr-input'), notice)).toBe(true);
        expect(precedes(notice, screen.getByTestId('min-apr-confirm'))).toBe(true);
        expect(notice.nextElementSibling?.contains(screen.getByTestId('min-apr-confirm'))).toBe(true);
        // jsdom draws nothing, so colours are the browser suite's (e2e/accessibility); the rest is checked here.
        const result = await axe.run(screen.getByTestId('min-apr-form'), {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
          rules: { 'color-contrast': { enabled: false } },
        });
        expect(result.violations.map((v) => v.id)).toEqual([]);
      } finally {
        await act(() => setLanguage('en'));
      }
    },
  );
});
