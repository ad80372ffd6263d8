import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { setCookie } from '../test/cookies';
import { renderWithProviders } from '../test/render';
import { AmountInput } from './AmountInput';

function Harness({
  onChange,
  precision = 2,
  max,
}: {
  onChange: (v: string | null) => void;
  precision?: number;
  max?: string;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <AmountInput
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      precision={precision}
      max={max}
      coin="USDT"
      label="Amount"
    />
  );
}

describe('AmountInput', () => {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
    async () => new Response(JSON.stringify({ code: 0, message: 'success', data: null })),
  );
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setCookie('csrftoken=test-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  test('filters what the spec filters (issue 27): a minus sign, digits past the precision, a leading dot becomes 0.', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    const user = userEvent.setup({ delay: null });

    await user.type(input, '-5');
    expect(input.value).toBe('5');
    expect(onChange).toHaveBeenLastCalledWith('5');
    expect(screen.queryByText('Type the amount without a sign.')).toBeNull();

    await user.clear(input);
    await user.type(input, '0.001');
    expect(input.value).toBe('0.00');
    expect(screen.queryByText('At most 2 decimal places.')).toBeNull();
    await user.type(input, '7');
    expect(input.value).toBe('0.00');

    await user.clear(input);
    await user.type(input, '.5');
    expect(input.value).toBe('0.5');
    expect(onChange).toHaveBeenLastCalledWith('0.5');

    await user.clear(input);
    await user.click(input);
    await user.paste('12.3456');
    expect(input.value).toBe('12.34');
    expect(onChange).toHaveBeenLastCalledWith('12.34');
  });

  test('refuses an exponent with the reason, keeping the text as typed (dropping the e would change the size)', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(input, '1e3');
    expect(input.value).toBe('1e3');
    expect(screen.getByText('Type the amount in full: no exponent (e).')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    // Never a half-typed value or a negative upward.
    for (const [v] of onChange.mock.calls) expect(v === null || /^\d+(\.\d+)?$/.test(v)).toBe(true);
  });

  test("reads '1,000' as one thousand, groups on blur, and takes a pasted '1 234.5'", async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    const user = userEvent.setup({ delay: null });
    await user.type(input, '1,000');
    expect(onChange).toHaveBeenLastCalledWith('1000');
    await user.clear(input);
    await user.type(input, '2500.');
    fireEvent.blur(input);
    expect(input.value).toBe('2,500');
    expect(onChange).toHaveBeenLastCalledWith('2500');
    await user.clear(input);
    await user.click(input);
    await user.paste('1 234.5');
    expect(onChange).toHaveBeenLastCalledWith('1234.5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('refuses what is above the cap instead of changing it', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '123456789012345' } });
    expect(input.value).toBe('123456789012345');
    expect(screen.getByText('At most 999,999,999,999.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalledWith('999999999999');
  });

  test('starts empty and shows a Chinese reason in Chinese', async () => {
    await setLanguage('zh-CN');
    try {
      renderWithProviders(<Harness onChange={() => undefined} max="500" />);
      const input = screen.getByRole('textbox') as HTMLInputElement;
      expect(input.value).toBe('');
      fireEvent.change(input, { target: { value: '1e2' } });
      expect(screen.getByText('请完整输入数量，不能使用科学计数法 (e)。')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  test('Max fills the maximum cut to the precision, debounced 200 ms', async () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      renderWithProviders(<Harness onChange={onChange} precision={6} max="12500.123456789" />);
      const input = screen.getByLabelText('Amount') as HTMLInputElement;
      const max = screen.getByRole('button', { name: 'Max' });
      fireEvent.click(max);
      fireEvent.click(max);
      fireEvent.click(max);
      expect(input.value).toBe('12,500.123456');
      expect(onChange).toHaveBeenLastCalledWith('12500.123456');
      expect(onChange).toHaveBeenCalledTimes(1);
      // One analytics click for the burst, not three.
      const clicks = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('analytics')).length;
      await vi.advanceTimersByTimeAsync(0);
      expect(clicks()).toBe(1);
      await vi.advanceTimersByTimeAsync(250);
      fireEvent.click(max);
      await vi.advanceTimersByTimeAsync(0);
      expect(clicks()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test('Max with nothing available is off and says why: a tooltip on desktop', () => {
    renderWithProviders(<Harness onChange={() => undefined} max="0.00" />, { width: 1400 });
    const max = screen.getByRole('button', { name: 'Max' });
    expect(max).toBeDisabled();
    expect(max).toHaveAccessibleDescription('Nothing to fill in: the available amount is 0.');
    expect(screen.getByTestId('amount-max-reason')).toHaveAttribute(
      'data-reason',
      'Nothing to fill in: the available amount is 0.',
    );
  });

  test('Max with nothing available says why in text on a phone; with a balance it says nothing', () => {
    const { unmount } = renderWithProviders(<Harness onChange={() => undefined} max="0" />, { width: 375 });
    expect(screen.getByRole('button', { name: 'Max' })).toBeDisabled();
    expect(screen.getByTestId('amount-max-reason')).toHaveTextContent(
      'Nothing to fill in: the available amount is 0.',
    );
    unmount();
    renderWithProviders(<Harness onChange={() => undefined} max="12" />, { width: 375 });
    expect(screen.getByRole('button', { name: 'Max' })).toBeEnabled();
    expect(screen.queryByTestId('amount-max-reason')).not.toBeInTheDocument();
  });

  test('a disabled field shows no error under it (issue 27: a sold-out product)', () => {
    renderWithProviders(
      <AmountInput value={null} onChange={() => undefined} disabled error="The remaining quota is too low" />,
    );
    expect(screen.queryByText('The remaining quota is too low')).toBeNull();
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
