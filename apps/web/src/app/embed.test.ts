import { afterEach, describe, expect, test, vi } from 'vitest';
import { closePage, FRAME_SOURCE, isFramed, openPage, reportSuccess } from './embed';

describe('embedded mode', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  test('is_frame=1 marks the page as embedded', () => {
    expect(isFramed('?is_frame=1')).toBe(true);
    expect(isFramed('?is_frame=0')).toBe(false);
    expect(isFramed('')).toBe(false);
  });

  test('embedded: open-page, close and success go to the parent window instead of navigating', () => {
    window.history.replaceState(null, '', '/launch-pool?is_frame=1');
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    const navigate = vi.fn();
    const localClose = vi.fn();
    openPage('/trade/BTC_USDT', navigate);
    closePage(localClose);
    reportSuccess({ amount: '10' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localClose).not.toHaveBeenCalled();
    expect(parent.postMessage.mock.calls.map(([m]) => m)).toEqual([
      { source: FRAME_SOURCE, type: 'open-page', url: '/trade/BTC_USDT' },
      { source: FRAME_SOURCE, type: 'close' },
      { source: FRAME_SOURCE, type: 'success', payload: { amount: '10' } },
    ]);
  });

  test('not embedded: the page navigates and closes itself', () => {
    const navigate = vi.fn();
    const localClose = vi.fn();
    openPage('/myaccount/deposit/BTC', navigate);
    closePage(localClose);
    expect(navigate).toHaveBeenCalledWith('/myaccount/deposit/BTC');
    expect(localClose).toHaveBeenCalledTimes(1);
  });
});
