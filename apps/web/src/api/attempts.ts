/**
 * Who is told when an action is sent again. `useApiAction` retries a transient failure (network,
 * timeout, 5xx) itself, with the same Idempotency-Key; the money dialog that started the action
 * (`useMoneySubmit`) only knows its key, and says "retrying" while the retries run. The key names
 * one user action, so it is the address: one listener per key, for as long as the action is in flight.
 */
const listeners = new Map<string, (attempt: number) => void>();

/** Calls `onRetry(attempt)` (2 for the first retry) for every retry of the action `key`; returns the unsubscribe. */
export function watchRetries(key: string, onRetry: (attempt: number) => void): () => void {
  listeners.set(key, onRetry);
  return () => {
    if (listeners.get(key) === onRetry) listeners.delete(key);
  };
}

/** The action `key` is being sent for the `attempt`-th time (1 is the first try: nobody is told). */
export function reportAttempt(key: string, attempt: number): void {
  if (attempt > 1) listeners.get(key)?.(attempt);
}
