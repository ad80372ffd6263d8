import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { AuthDialogsProvider } from './auth';
import { Providers } from './providers';
import { routes } from './routes';

// The console's chunk cannot be fetched: an operator who clicks to /admin while offline. (A throwing
// mock factory's error is reworded by vitest, so the browser's error is thrown where the console mounts.)
vi.mock('../features/admin/AdminApp', () => ({
  default: () => {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/AdminApp.js');
  },
}));

/** Walk (issue 27): /admin whose code did not load was a blank page (the error unmounted the app). */
describe('the console whose code does not load', () => {
  afterEach(() => {
    cleanup();
    act(() => onlineManager.setOnline(true));
  });

  test('offline: the shared offline notice with Retry, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => onlineManager.setOnline(false));
    render(
      <Providers client={createQueryClient()} env="test">
        <AuthDialogsProvider>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/admin'] })} />
        </AuthDialogsProvider>
      </Providers>,
    );
    expect(
      await screen.findByText('You are offline. The page loads again when your connection is back.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
