/**
 * Who is told when an action is sent again. `useApiAction` retries a transient failure (network,
 * timeout, 5xx) itself, with the same Idempotency-Key; the money dialog that started the action
 * (`useMoneySubmit`) only knows its key, and says "retrying" while the retries run. The key names
 * one user action, so it is the address: one listener per key, for as long as the action is in flight.
 */
const listeners = new Map<string, (attempt: number | null) => void>();

/**
 * Calls `onRetry(attempt)` (2 for the first retry) for every retry of the action `key`, and
 * `onRetry(null)` once a try is answered by the server with something the action goes on from (the
 * funding-password prompt): the retries are over then, though the action is not. Returns the unsubscribe.
 */
export function watchRetries(key: string, onRetry: (attempt: number | null) => void): () => void {
  listeners.set(key, onRetry);
  return () => {
    if (listeners.get(key) === onRetry) listeners.delete(key);
  };
}

/** The action `key` is being sent for the `attempt`-th time (1 is the first try: nobody is told). */
export function reportAttempt(key: string, attempt: number): void {
  if (attempt > 1) listeners.get(key)?.(attempt);
}

/**
 * The action `key` was answered (a funding-password demand, whose prompt now opens): whatever was
 * said of its retries no longer holds, so a "retrying" notice does not stand beside the prompt.
 */
export function reportAnswered(key: string | undefined): void {
  if (key) listeners.get(key)?.(null);
}
