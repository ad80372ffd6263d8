import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { registerFundpassPrompter } from '../../api/fundpass';
import { send } from '../../api/send';
import { useApiAction } from '../../api/useApiAction';
import { setCookie } from '../../test/cookies';
import { renderWithProviders } from '../../test/render';
import { MoneySubmitNotice } from './MoneySubmitNotice';
import { fingerprint, MONEY_TRIES, type MoneySubmitOptions, useMoneySubmit } from './useMoneySubmit';

type Call = { path: string; key: string | undefined; body: string };

let calls: Call[];
/** What the next requests meet: an answer, or a lost connection. */
let answers: ('ok' | 'network' | 'refused' | '500' | 'fundpass')[];
/** Requests held until the test lets them answer. */
let held: (() => void)[];
let holding: boolean;

function ok(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, message: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  calls = [];
  answers = [];
  held = [];
  holding = false;
  setCookie('csrftoken=csrf-1');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ path: String(url), key: headers['Idempotency-Key'], body: String(init.body) });
    if (holding) await new Promise<void>((resolve) => held.push(resolve));
    const answer = answers.shift() ?? 'ok';
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === '500')
      return new Response(JSON.stringify({ code: 50000, message: 'Internal error', data: {} }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    if (answer === 'fundpass')
      return new Response(
        JSON.stringify({
          code: 10010111,
          message: 'Funding password required',
          data: { require_fundpass: true },
        }),
        { status: 403, headers: { 'content-type': 'application/json' } },
      );
    if (answer === 'refused')
      return new Response(
        JSON.stringify({ code: 42200, message: 'Not enough', data: { key: 'finances.inadequateBalance' } }),
        { status: 422, headers: { 'content-type': 'application/json' } },
      );
    return ok({ order_id: calls.length });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A stake dialog's last step: an amount field and the button that sends it, as the dialogs do. */
function StakeButton({ options }: { options?: MoneySubmitOptions }) {
  const submit = useMoneySubmit(options);
  const [amount, setAmount] = useState('5');
  const [answer, setAnswer] = useState('');
  const stake = async () => {
    const body = { coin: 'SOL', amount };
    try {
      const sent = await submit.run(body, (key) =>
        send<{ order_id: number }>({ method: 'POST', path: '/stake', body, idempotencyKey: key }),
      );
      if (sent) setAnswer(`order ${sent.value.order_id}`);
    } catch {
      setAnswer('failed');
    }
  };
  return (
    <>
      <input aria-label="Amount" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
      <button type="button" onClick={() => void stake()} disabled={submit.pending}>
        Stake
      </button>
      <button type="button" onClick={submit.reset}>
        Close
      </button>
      <output>{answer}</output>
    </>
  );
}

const stakeButton = () => screen.getByRole('button', { name: 'Stake' }) as HTMLButtonElement;

/** Waits until every request sent so far has answered and React has rendered the outcome. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
}

describe('useMoneySubmit: one user action is one order', () => {
  test('a double click in the same tick sends one request; the button is off until it answers', async () => {
    render(<StakeButton />);
    holding = true;
    // Both clicks before React renders again: only the ref can tell the second that one is in flight.
    act(() => {
      stakeButton().click();
      stakeButton().click();
    });
    await settle();
    expect(calls).toHaveLength(1);
    expect(stakeButton()).toBeDisabled();
    // A third click on the (disabled) button while in flight sends nothing either.
    act(() => stakeButton().click());
    await settle();
    expect(calls).toHaveLength(1);
    holding = false;
    for (const release of held) release();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('order 1');
    expect(stakeButton()).toBeEnabled();
    expect(calls[0]?.key).toMatch(/^[A-Za-z0-9_.:-]{1,128}$/);
  });

  test('a retry after a network failure sends the same key, so a booked first try is answered, not booked again', async () => {
    render(<StakeButton />);
    answers.push('network');
    act(() => stakeButton().click());
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('failed');
    act(() => stakeButton().click());
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('order 2');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toBe(calls[0]?.body);
  });

  test('a new action gets a new key: after a success, after the amount changed, after the dialog closed', async () => {
    render(<StakeButton />);
    act(() => stakeButton().click());
    await settle();
    act(() => stakeButton().click());
    await settle();
    // A failed 6 SOL, then the user types 7: the 7 is another order.
    answers.push('network');
    act(() => {
      const input = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, '6');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => stakeButton().click());
    await settle();
    act(() => {
      const input = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, '7');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => stakeButton().click());
    await settle();
    // A 7 after the 7 booked is another order; it fails, the dialog is closed and opened again: another.
    answers.push('network');
    act(() => stakeButton().click());
    await settle();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    act(() => stakeButton().click());
    await settle();
    expect(calls.map((c) => JSON.parse(c.body).amount)).toEqual(['5', '5', '6', '7', '7', '7']);
    expect(new Set(calls.map((c) => c.key)).size).toBe(6);
  });

  test("the specs' debounce drops a click that follows the last one sent too closely", async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    render(<StakeButton options={{ debounceMs: 500 }} />);
    act(() => stakeButton().click());
    await settle();
    now = 1_300;
    act(() => stakeButton().click());
    await settle();
    expect(calls).toHaveLength(1);
    now = 1_600;
    act(() => stakeButton().click());
    await settle();
    expect(calls).toHaveLength(2);
    vi.restoreAllMocks();
  });

  test('the same body in another key order is the same action', () => {
    expect(fingerprint({ amount: '5', coin: 'SOL' })).toBe(fingerprint({ coin: 'SOL', amount: '5' }));
    expect(fingerprint({ amount: '5', coin: 'SOL' })).not.toBe(fingerprint({ amount: '6', coin: 'SOL' }));
  });
});

function ApiActionButton() {
  const submit = useMoneySubmit();
  const action = useApiAction({ name: 'staking.stake', path: '/apiw/v2/earn/staking/coin-swap-verify' });
  const body = { side: 0, coin: 'SOL', amount: '5' };
  return (
    <button
      type="button"
      onClick={() =>
        void submit.run(body, (key) => action.run(body, { idempotencyKey: key })).catch(() => {})
      }
    >
      Stake
    </button>
  );
}

describe('useApiAction with the action key', () => {
  test("sends the money dialog's key, the same on the second try after a refusal", async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ApiActionButton />
      </QueryClientProvider>,
    );
    answers.push('refused');
    act(() => stakeButton().click());
    await settle();
    act(() => stakeButton().click());
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.key).toMatch(/.+/);
    expect(calls[1]?.key).toBe(calls[0]?.key);
  });
});

/** A dialog's submit as the money dialogs wire it: the button, the action's retries, the notice. */
function RetryingDialog() {
  const submit = useMoneySubmit();
  const action = useApiAction({
    name: 'staking.stake',
    path: '/apiw/v2/earn/staking/coin-swap-verify',
    silent: true,
  });
  const [answer, setAnswer] = useState('');
  const body = { side: 0, coin: 'SOL', amount: '5' };
  const stake = () =>
    void submit
      .run(body, (key) => action.run(body, { idempotencyKey: key }))
      .then((sent) => sent && setAnswer('booked'))
      .catch(() => setAnswer('failed'));
  return (
    <>
      <MoneySubmitNotice submit={submit} onRetry={stake} />
      <button type="button" onClick={stake} disabled={submit.pending}>
        Stake
      </button>
      <output>{answer}</output>
    </>
  );
}

describe('a money call that fails with 500: the dialog says it retries, then offers Retry', () => {
  async function wait(ms: number) {
    await act(() => vi.advanceTimersByTimeAsync(ms));
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a 500 then a success: "retrying" with the same key while it retries, one order, the button back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<RetryingDialog />);
    answers.push('500');
    act(() => stakeButton().click());
    await wait(10);
    expect(calls).toHaveLength(1);
    expect(stakeButton()).toBeDisabled();
    // The retry is held until the test has seen what the dialog says while it is out.
    holding = true;
    await wait(1_000);
    expect(calls).toHaveLength(2);
    expect(screen.getByTestId('money-submit-retrying')).toHaveTextContent(
      `sending the same order again (try 2 of ${MONEY_TRIES})`,
    );
    expect(stakeButton()).toBeDisabled();
    holding = false;
    for (const release of held) release();
    await wait(10);
    expect(screen.queryByTestId('money-submit-retrying')).toBeNull();
    expect(screen.getByText('booked')).toBeInTheDocument();
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(stakeButton()).toBeEnabled();
  });

  test('a 500, then the funding password asked for: no "retrying" beside the prompt, one order with the password', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let enter: ((password: string | null) => void) | undefined;
    const unregister = registerFundpassPrompter(
      () =>
        new Promise<string | null>((resolve) => {
          enter = resolve;
        }),
    );
    try {
      renderWithProviders(<RetryingDialog />);
      answers.push('500', 'fundpass');
      act(() => stakeButton().click());
      await wait(1_000);
      // The retry was answered with the demand: the prompt is open, and the retries are over.
      expect(calls).toHaveLength(2);
      expect(enter).toBeDefined();
      expect(screen.queryByTestId('money-submit-retrying')).toBeNull();
      expect(stakeButton()).toBeDisabled();
      act(() => enter?.('123456'));
      await wait(10);
      expect(calls).toHaveLength(3);
      expect(new Set(calls.map((c) => c.key)).size).toBe(1);
      expect(screen.getByText('booked')).toBeInTheDocument();
    } finally {
      unregister();
    }
  });

  test('500s until the retries are used up: the error with Retry, the button usable, Retry sends the same key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<RetryingDialog />);
    answers.push(...Array.from({ length: MONEY_TRIES }, () => '500' as const));
    act(() => stakeButton().click());
    await wait(30_000);
    expect(calls).toHaveLength(MONEY_TRIES);
    expect(screen.getByText('failed')).toBeInTheDocument();
    expect(screen.queryByTestId('money-submit-retrying')).toBeNull();
    expect(screen.getByTestId('money-submit-failed')).toHaveTextContent(
      'The order could not be sent. Retry sends the same order again',
    );
    expect(stakeButton()).toBeEnabled();
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    await wait(10);
    expect(screen.getByText('booked')).toBeInTheDocument();
    expect(screen.queryByTestId('money-submit-failed')).toBeNull();
    expect(calls).toHaveLength(MONEY_TRIES + 1);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  });
});
