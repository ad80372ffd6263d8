import { useCallback, useRef, useState } from 'react';
import { watchRetries } from '../../api/attempts';
import { isTransient, newIdempotencyKey } from '../../api/client';
import { POST_RETRY_LIMIT } from '../../api/queryClient';

/** What a submit that went out answered: its `value`. A dropped click answers null instead. */
export interface Sent<T> {
  value: T;
}

export interface MoneySubmitOptions {
  /**
   * A click within this many milliseconds of the last one that went out is dropped, where a spec
   * asks for a submit debounce (simple earn's subscribe 500 ms, wealth's calls 200 ms). The in-flight
   * guard needs none: this only keeps the specs' timing.
   */
  debounceMs?: number;
}

export interface MoneySubmit {
  /**
   * Sends one user action unless one is in flight. `send` gets the action's Idempotency-Key: the
   * same for every try of the same `input` (the body) until one succeeds, so a second click, a retry
   * after a failure and the client's own retries book one order; another `input` (the user changed the
   * amount) or a success starts a new action with a new key. Resolves with what `send` answered, or
   * null when the click was dropped; rejects with `send`'s failure, keeping the key for the next try.
   */
  run<T>(input: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<Sent<T> | null>;
  /** True while an action is in flight: the submit button shows it (loading, so not clickable). */
  pending: boolean;
  /**
   * While the action is sent again after a transient failure (network, timeout, 5xx; with the same
   * key): which try this is (2 is the first retry) and how many there are at most. Null otherwise.
   */
  retrying: { attempt: number; of: number } | null;
  /**
   * The last action failed for a reason that may pass (its retries used up): the dialog shows the
   * error state with Retry, which sends the same action (same key) again. Cleared by the next run and
   * by `reset`.
   */
  failed: boolean;
  /** The next run is a new action (the dialog was closed, or opened again). */
  reset(): void;
}

/** How many times an action is sent at most: the first try and `useApiAction`'s retries. */
export const MONEY_TRIES = POST_RETRY_LIMIT + 1;

/** The input as text with its keys in order, so the same body gives the same text. */
export function fingerprint(input: unknown): string {
  return JSON.stringify(input, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * The one submit of every dialog that moves money, in the app and the console: one user action is
 * one order. The guard is a ref, set before anything is awaited, so two clicks in the same tick (a
 * double click) send one request; React's `pending` alone arrives a render later, after the second
 * click has gone out. The key belongs to the action, not to the click: a second click while the
 * first's answer is lost (a network failure after the server booked it) sends the same key, and the
 * server answers its first response instead of booking again.
 */
export function useMoneySubmit(options: MoneySubmitOptions = {}): MoneySubmit {
  const { debounceMs = 0 } = options;
  const inFlight = useRef(false);
  const lastSentAt = useRef<number | null>(null);
  const action = useRef<{ key: string; input: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [retrying, setRetrying] = useState<MoneySubmit['retrying']>(null);
  const [failed, setFailed] = useState(false);

  const run = useCallback(
    async <T>(input: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<Sent<T> | null> => {
      if (inFlight.current) return null;
      // A UI timing, not business time: the monotonic clock of the page.
      const at = performance.now();
      if (debounceMs > 0 && lastSentAt.current !== null && at - lastSentAt.current < debounceMs) return null;
      inFlight.current = true;
      lastSentAt.current = at;
      setPending(true);
      setFailed(false);
      const print = fingerprint(input);
      if (action.current?.input !== print) action.current = { key: newIdempotencyKey(), input: print };
      const { key } = action.current;
      const unwatch = watchRetries(key, (attempt) =>
        setRetrying(attempt === null ? null : { attempt, of: MONEY_TRIES }),
      );
      try {
        const value = await send(key);
        // Done: the next action is a new order with a key of its own.
        if (action.current?.key === key) action.current = null;
        return { value };
      } catch (e) {
        // A refusal (4xx) is the dialog's to word; a failure that may pass offers the same action again.
        setFailed(isTransient(e));
        throw e;
      } finally {
        unwatch();
        inFlight.current = false;
        setPending(false);
        setRetrying(null);
      }
    },
    [debounceMs],
  );

  const reset = useCallback(() => {
    action.current = null;
    setFailed(false);
  }, []);

  return { run, pending, retrying, failed, reset };
}
