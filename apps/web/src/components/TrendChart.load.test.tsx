import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TrendChart } from './TrendChart';

// The chart library's chunk cannot be fetched (offline, a dropped connection): its import rejects.
vi.mock('lightweight-charts', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/lightweight-charts.js');
});

const POINTS = [
  { time: 1_795_651_200, value: '15.2' },
  { time: 1_795_654_800, value: '15.23' },
];

/**
 * Walk (issue 27): the subscribe dialog's APR chart, opened as the connection dropped, stayed an empty
 * box for good, even once back online. The chart now says what happened, with Retry.
 */
describe('a trend chart whose library does not load', () => {
  afterEach(() => {
    cleanup();
    act(() => onlineManager.setOnline(true));
  });

  test('online: the shared Networkerr with Retry, not an empty box', async () => {
    renderWithProviders(<TrendChart label="USDT APR" data={POINTS} />);
    expect(await screen.findByText('Network error, please try again later')).toBeTruthy();
    expect(screen.getByTestId('chart-failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // Retry asks for the library again and, failing again, says so again.
    expect(await screen.findByText('Network error, please try again later')).toBeTruthy();
  });

  test('offline: the offline notice', async () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(<TrendChart label="USDT APR" data={POINTS} />);
    expect(
      await screen.findByText('You are offline. The page loads again when your connection is back.'),
    ).toBeTruthy();
  });
});
