import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setCookie } from '../test/cookies';
import { ApiError, REQUEST_TIMEOUT_MS, request, setContentLanguage } from './client';
import { registerFundpassPrompter } from './fundpass';
import { send } from './send';

type Call = { url: string; init: RequestInit };

function envelope(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function header(call: Call | undefined, name: string): string | undefined {
  const h = (call?.init.headers ?? {}) as Record<string, string>;
  return h[name];
}

describe('request and send', () => {
  let calls: Call[];
  let answers: Response[];
  beforeEach(() => {
    calls = [];
    answers = [];
    setCookie('csrftoken=csrf-123');
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (String(url).includes('analytics'))
        return envelope(200, { code: 0, message: 'success', data: null });
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  test('a POST echoes the csrftoken cookie and sends its Idempotency-Key; a GET sends neither', async () => {
    answers.push(envelope(200, { code: 0, message: 'success', data: { ok: 1 } }));
    answers.push(envelope(200, { code: 0, message: 'success', data: [1] }));
    await request({ method: 'POST', path: '/p', body: { a: 1 }, idempotencyKey: 'key-1' });
    await request({ path: '/g', query: { coin: 'BTC', skip: undefined } });
    expect(header(calls[0], 'X-CSRF-Token')).toBe('csrf-123');
    expect(header(calls[0], 'Idempotency-Key')).toBe('key-1');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(header(calls[1], 'X-CSRF-Token')).toBeUndefined();
    expect(calls[1]?.url).toBe('/g?coin=BTC');
  });

  test("every call asks in the app's language (Accept-Language), which follows the language picked", async () => {
    answers.push(envelope(200, { code: 0, message: 'success', data: 1 }));
    answers.push(envelope(200, { code: 0, message: 'success', data: 2 }));
    setContentLanguage('zh-CN');
    await request({ path: '/products' });
    setContentLanguage('en');
    await request({ method: 'POST', path: '/p', body: {} });
    expect(calls.map((c) => header(c, 'Accept-Language'))).toEqual(['zh-CN', 'en']);
  });

  test('a refused CSRF token is retried once with the fresh cookie the refusal handed out', async () => {
    const refused = () =>
      envelope(403, {
        code: 40301,
        message: 'Missing or wrong CSRF token',
        data: { key: 'common.csrfInvalid' },
      });
    answers.push(refused(), envelope(200, { code: 0, message: 'success', data: { ok: 1 } }));
    const sent = request({ method: 'POST', path: '/p', body: {}, idempotencyKey: 'key-2' });
    setCookie('csrftoken=csrf-456');
    expect(await sent).toEqual({ ok: 1 });
    expect(calls.map((c) => header(c, 'X-CSRF-Token'))).toEqual(['csrf-123', 'csrf-456']);
    expect(calls.map((c) => header(c, 'Idempotency-Key'))).toEqual(['key-2', 'key-2']);
    // Twice refused: the error surfaces, no third attempt.
    answers.push(refused(), refused());
    await expect(request({ method: 'POST', path: '/p', body: {} })).rejects.toMatchObject({ code: 40301 });
    expect(calls).toHaveLength(4);
  });

  test('form bodies are form-encoded', async () => {
    answers.push(envelope(200, { code: 0, message: 'success', data: null }));
    await request({ method: 'POST', path: '/f', body: { pid: 3, amount: '1.5' }, form: true });
    expect(header(calls[0], 'Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(calls[0]?.init.body).toBe('pid=3&amount=1.5');
  });

  test('failure codes become ApiError with the server data; 200 as a code is success', async () => {
    answers.push(
      envelope(422, {
        code: 42200,
        message: 'min',
        data: { key: 'finances.startupMining.stake.min.tip', params: { amount: '1' } },
      }),
    );
    const err = (await request({ path: '/x' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.code, err.status, err.key, err.params]).toEqual([
      42200,
      422,
      'finances.startupMining.stake.min.tip',
      { amount: '1' },
    ]);
    answers.push(envelope(200, { code: 200, msg: 'ok', data: 5 }));
    expect(await request({ path: '/y' })).toBe(5);
  });

  test('the request times out after 20000 ms', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    vi.useFakeTimers();
    try {
      const pending = request({ path: '/slow' }).catch((e: unknown) => e as ApiError);
      await vi.advanceTimersByTimeAsync(19_999);
      await vi.advanceTimersByTimeAsync(1);
      const err = (await pending) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  test('10010111: the prompt opens and the same request is retried with the password and the same key', async () => {
    const prompt = vi.fn(async () => '123456');
    const off = registerFundpassPrompter(prompt);
    answers.push(
      envelope(403, {
        code: 10010111,
        message: 'Funding password required',
        data: { require_fundpass: true },
      }),
    );
    answers.push(envelope(200, { code: 0, message: 'success', data: { order: 1 } }));
    const data = await send({ method: 'POST', path: '/stake', body: { amount: '1' }, idempotencyKey: 'k-9' });
    off();
    expect(data).toEqual({ order: 1 });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(header(calls[0], 'X-Fund-Password')).toBeUndefined();
    expect(header(calls[1], 'X-Fund-Password')).toBe('123456');
    expect(header(calls[1], 'Idempotency-Key')).toBe('k-9');
    expect(calls[1]?.init.body).toBe(calls[0]?.init.body);
  });

  test('101 again after a password: the message is shown first, then the prompt again; cancel ends quietly', async () => {
    const toasts: string[] = [];
    vi.doMock('@mantine/notifications', () => ({
      notifications: { show: (n: { message: string }) => toasts.push(n.message) },
    }));
    const prompt = vi.fn().mockResolvedValueOnce('111111').mockResolvedValueOnce(null);
    const off = registerFundpassPrompter(prompt);
    answers.push(envelope(403, { code: 101, message: 'Funding password required', data: {} }));
    answers.push(envelope(403, { code: 101, message: 'Please verify again', data: {} }));
    const err = (await send({ method: 'POST', path: '/redeem', body: {}, idempotencyKey: 'k-2' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    off();
    vi.doUnmock('@mantine/notifications');
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('cancelled');
    expect(prompt).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(toasts).toEqual(['Please verify again']));
  });

  test('a wrong password keeps the prompt with the tries left, then the lock with its end; no toast, no extra call', async () => {
    const toasts: string[] = [];
    vi.doMock('@mantine/notifications', () => ({
      notifications: { show: (n: { message: string }) => toasts.push(n.message) },
    }));
    const states: unknown[] = [];
    const settled = vi.fn();
    const prompt = vi.fn().mockImplementation(async (state: unknown) => {
      states.push(state);
      return states.length < 4 ? '000000' : null;
    });
    const off = registerFundpassPrompter(prompt, settled);
    const until = '2026-11-23T07:15:00.000Z';
    answers.push(
      envelope(403, {
        code: 10010111,
        message: 'Funding password required',
        data: { require_fundpass: true },
      }),
    );
    answers.push(
      envelope(400, {
        code: 10010106,
        message: 'wrong',
        data: { key: 'fundpass.wrong', params: { left: 1 } },
      }),
    );
    answers.push(
      envelope(400, {
        code: 10010106,
        message: 'wrong',
        data: { key: 'fundpass.wrong', params: { left: 0, until } },
      }),
    );
    answers.push(
      envelope(429, {
        code: 10010112,
        message: 'locked',
        data: { key: 'fundpass.verifyFrequency', params: { until } },
      }),
    );
    const err = (await send({ method: 'POST', path: '/stake', body: {}, idempotencyKey: 'k-3' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    off();
    vi.doUnmock('@mantine/notifications');
    expect(err.kind).toBe('cancelled');
    expect(states).toEqual([
      { kind: 'ask' },
      { kind: 'wrong', left: 1 },
      { kind: 'wrong', left: 0, until },
      { kind: 'locked', until },
    ]);
    // One request per password, none re-sent on the 429; the prompt is told to close once.
    expect(calls).toHaveLength(4);
    expect(settled).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  test("a wrong-password code without a prompt first is not the prompt's: it surfaces", async () => {
    const prompt = vi.fn(async () => '123456');
    const off = registerFundpassPrompter(prompt);
    answers.push(
      envelope(400, {
        code: 10010106,
        message: 'wrong',
        data: { key: 'fundpass.wrong', params: { left: 3 } },
      }),
    );
    await expect(send({ method: 'POST', path: '/p', body: {}, fundpass: '1' })).rejects.toMatchObject({
      code: 10010106,
    });
    off();
    expect(prompt).not.toHaveBeenCalled();
  });
});
