import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
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

  test('keeps the typed text and hands upward only valid amounts', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    const user = userEvent.setup();

    await user.type(input, '-12.345');
    expect(input.value).toBe('12.34');
    expect(onChange).toHaveBeenLastCalledWith('12.34');
    // Never a half-typed value or a negative upward.
    for (const [v] of onChange.mock.calls) expect(v === null || /^\d+(\.\d+)?$/.test(v)).toBe(true);

    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(input, '.');
    expect(input.value).toBe('0.');
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(input, '5');
    expect(input.value).toBe('0.5');
    expect(onChange).toHaveBeenLastCalledWith('0.5');
  });

  test('trims a trailing dot on blur and caps huge values', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(input, '7.');
    expect(input.value).toBe('7.');
    fireEvent.blur(input);
    expect(input.value).toBe('7');
    expect(onChange).toHaveBeenLastCalledWith('7');

    fireEvent.change(input, { target: { value: '123456789012345' } });
    expect(input.value).toBe('999999999999');
    expect(onChange).toHaveBeenLastCalledWith('999999999999');
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
      expect(input.value).toBe('12500.123456');
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
});
