import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setCookie } from '../test/cookies';
import { renderWithProviders } from '../test/render';
import { ApiError } from './client';
import { handleApiError, reactionTo } from './errors';
import { onLoginRequired } from './session';

const api = (code: number, status: number, message = '', data: Record<string, unknown> = {}) =>
  new ApiError('api', message, code, status, data, '/x');

describe('the error catalogue', () => {
  test('network failures and timeouts: the Networkerr toast', () => {
    for (const kind of ['network', 'timeout'] as const) {
      expect(reactionTo(new ApiError(kind, 'x'))).toEqual({
        toast: { level: 'error', text: 'Network error, please try again later' },
        login: false,
      });
    }
    expect(reactionTo(new TypeError('Failed to fetch')).toast?.text).toBe(
      'Network error, please try again later',
    );
  });

  test('401 opens the login flow', () => {
    expect(reactionTo(api(401, 401, 'Login required'))).toEqual({
      toast: { level: 'info', text: 'Please log in first' },
      login: true,
    });
  });

  test.each([
    [10010106, 'error', 'Wrong funding password'],
    [10010107, 'warning', 'Please set a funding password first'],
    [10010108, 'warning', 'This action needs fingerprint verification in the app'],
    [10010112, 'warning', 'Too many funding password attempts, please try again later'],
  ])('%i has its own text', (code, level, text) => {
    expect(reactionTo(api(code, 403, 'server words'))).toEqual({ toast: { level, text }, login: false });
  });

  test('101 and 10010111 need the funding password (the prompt runs in send; here only if it could not)', () => {
    for (const code of [101, 10010111]) {
      expect(reactionTo(api(code, 403, 'fundpass needed')).toast?.text).toBe(
        'Please enter your funding password',
      );
    }
    expect(reactionTo(api(-1, 403, 'x', { require_fundpass: true })).toast?.text).toBe(
      'Please enter your funding password',
    );
  });

  test("other codes: the server's message as a warning, in the user's language when the key is known", () => {
    const rule = api(42200, 422, 'The minimum stake is 10 GT', {
      key: 'finances.startupMining.stake.min.tip',
      params: { amount: '10', coin: 'GT' },
    });
    expect(reactionTo(rule)).toEqual({
      toast: { level: 'warning', text: 'The minimum stake is 10 GT' },
      login: false,
    });
    const unknown = api(-1, 422, 'Pool is closed', { key: 'launchpool.closed', params: {} });
    expect(reactionTo(unknown).toast).toEqual({ level: 'warning', text: 'Pool is closed' });
    expect(reactionTo(api(-1, 422, '')).toast?.text).toBe('Request data error, please retry later');
  });

  test('server failures: an error toast without details', () => {
    expect(reactionTo(api(50000, 500, 'Internal error', { key: 'common.internalError' })).toast).toEqual({
      level: 'error',
      text: 'Something went wrong on our side, please try again later',
    });
  });

  test('a cancelled action shows nothing', () => {
    expect(reactionTo(new ApiError('cancelled', 'x'))).toEqual({ toast: null, login: false });
  });
});

describe('handleApiError', () => {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
    async () => new Response(JSON.stringify({ code: 0, message: 'success', data: null })),
  );
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setCookie('csrftoken=t');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  test('shows the toast, opens login on 401 and reports a named action to analytics', async () => {
    renderWithProviders(<div />);
    const login = vi.fn();
    const off = onLoginRequired(login);
    handleApiError(api(401, 401, 'Login required'));
    expect(login).toHaveBeenCalledTimes(1);
    off();

    handleApiError(api(42200, 422, 'Pool is closed'), { action: 'launchpool.stake' });
    expect(await screen.findByText('Pool is closed')).toBeInTheDocument();
    const analytics = fetchMock.mock.calls.find(([url]) =>
      String(url).includes('/api/web/v1/analytics/events'),
    );
    expect(analytics).toBeDefined();
    const body = JSON.parse(String(analytics?.[1]?.body));
    expect(body).toEqual({
      kind: 'failure',
      name: 'launchpool.stake',
      payload: { code: 42200, message: 'Pool is closed', path: '/x' },
    });
  });
});
