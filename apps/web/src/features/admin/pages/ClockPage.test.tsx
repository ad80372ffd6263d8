import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiData } from '../../../api/types';

type ClockAdvance = ApiData<'/admin/api/clock/advances/{id}'>;

import { fakeApi, renderConsole } from '../test/harness';
import ClockPage, { advancePercent } from './ClockPage';

afterEach(() => vi.unstubAllGlobals());

const FROM = Date.UTC(2026, 10, 23, 3) / 1000;
const DAY = 86_400;

describe('the clock page', () => {
  test('a preset starts a background advance and its progress follows the server until done', async () => {
    let polls = 0;
    const advance = (at: number, status: ClockAdvance['status'], periods: number): ClockAdvance => ({
      id: 7,
      status,
      from: FROM,
      to: FROM + 7 * DAY,
      at,
      periods_run: periods,
      periods_total: 190,
      error: null,
    });
    const calls = fakeApi({
      'GET /admin/api/clock': () => [200, { kind: 'test', now: FROM }],
      'GET /admin/api/clock/advances': () => [200, { list: [] }],
      'POST /admin/api/clock/advances': () => [200, advance(FROM, 'running', 0)],
      'GET /admin/api/clock/advances/7': () => {
        polls++;
        return [
          200,
          polls < 2 ? advance(FROM + 2 * DAY, 'running', 60) : advance(FROM + 7 * DAY, 'done', 190),
        ];
      },
    });
    renderConsole(<ClockPage />);
    expect(await screen.findByTestId('clock-now')).toHaveTextContent('2026-11-23 03:00:00 UTC');
    await userEvent.click(screen.getByTestId(`clock-preset-${7 * DAY}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ seconds: 7 * DAY });
    const card = await screen.findByTestId('clock-advance');
    await waitFor(
      () =>
        expect(screen.getByTestId('clock-advance-at')).toHaveTextContent('2026-11-25 03:00:00 UTC · 29 %'),
      {
        timeout: 15_000,
      },
    );
    // While it runs, another cannot be started from here.
    expect(screen.getByTestId(`clock-preset-${DAY}`)).toBeDisabled();
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'done'), { timeout: 15_000 });
    expect(screen.getByTestId('clock-advance-at')).toHaveTextContent('2026-11-30 03:00:00 UTC · 100 %');
    expect(screen.getByText('190 of 190 job periods run')).toBeInTheDocument();
  });

  test('the system clock cannot be moved, and says why', async () => {
    fakeApi({
      'GET /admin/api/clock': () => [200, { kind: 'system', now: FROM }],
      'GET /admin/api/clock/advances': () => [200, { list: [] }],
    });
    renderConsole(<ClockPage />);
    const preset = await screen.findByTestId(`clock-preset-${DAY}`);
    expect(preset).toBeDisabled();
    expect(preset).toHaveAttribute('data-reason', expect.stringContaining('EARN_CLOCK=test'));
  });

  test('only an admin moves the clock', async () => {
    fakeApi({
      'GET /admin/api/clock': () => [200, { kind: 'test', now: FROM }],
      'GET /admin/api/clock/advances': () => [200, { list: [] }],
    });
    renderConsole(<ClockPage />, { role: 'operator' });
    const preset = await screen.findByTestId(`clock-preset-${DAY}`);
    expect(preset).toHaveAttribute(
      'data-reason',
      'Your role (Operator) can only look here; this needs Admin.',
    );
  });

  test('progress is the share of the span the clock has covered', () => {
    expect(advancePercent({ from: 0, to: 100, at: 25, status: 'running' })).toBe(25);
    expect(advancePercent({ from: 0, to: 100, at: 60, status: 'done' })).toBe(100);
    expect(advancePercent({ from: 0, to: 0, at: 0, status: 'running' })).toBe(0);
  });
});
