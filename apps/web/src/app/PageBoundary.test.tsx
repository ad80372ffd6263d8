import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { PageBoundary } from './PageBoundary';

/** Chromium's words when a lazy page's chunk cannot be fetched (offline, or a replaced deploy). */
const CHUNK_ERROR =
  'Failed to fetch dynamically imported module: http://127.0.0.1:3997/assets/OverviewPage-Cv9b_wzM.js';

function pageThatDoesNotLoad() {
  const Page = lazy(() => Promise.reject(new TypeError(CHUNK_ERROR)));
  return (
    <PageBoundary resetKey="/earn">
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}

function Broken(): never {
  throw new Error('boom in render');
}

describe('a page whose code does not load', () => {
  const reload = vi.fn();
  afterEach(async () => {
    cleanup();
    act(() => onlineManager.setOnline(true));
    vi.unstubAllGlobals();
    reload.mockReset();
    await setLanguage('en');
  });

  function stubReload() {
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  }

  test('online: the shared Networkerr with Retry, which reloads; never the browser message', async () => {
    stubReload();
    renderWithProviders(pageThatDoesNotLoad());
    expect(await screen.findByText('Network error, please try again later')).toBeTruthy();
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('offline: the offline notice, in Chinese too, and the page reloads once the connection is back', async () => {
    stubReload();
    await setLanguage('zh-CN');
    act(() => onlineManager.setOnline(false));
    renderWithProviders(pageThatDoesNotLoad());
    expect(await screen.findByText('您已离线。网络恢复后页面会重新加载。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      onlineManager.setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('any other failure still says what went wrong, with Reload', async () => {
    stubReload();
    renderWithProviders(
      <PageBoundary resetKey="/x">
        <Broken />
      </PageBoundary>,
    );
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('boom in render')).toBeTruthy();
  });
});
