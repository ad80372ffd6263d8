import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isTransient, newIdempotencyKey, type RequestOptions } from './client';
import { backoffMs, POST_RETRY_LIMIT } from './queryClient';
import { send } from './send';

export interface ApiActionOptions {
  /** Analytics name of the action; failures are reported under it. */
  name: string;
  path: string;
  method?: 'POST' | 'PUT' | 'DELETE';
  form?: boolean;
  /** Show nothing on failure: the caller handles it (e.g. inline form errors). */
  silent?: boolean;
}

interface Vars {
  body: Record<string, unknown>;
  /** The call's own path, when it names a resource (`DELETE /sessions/{id}`); else the action's. */
  path?: string;
  idempotencyKey: string;
  headers?: Record<string, string>;
}

/**
 * Whether a failed action is sent again (with its Idempotency-Key): only a failure that may pass on
 * another try (network, timeout, 5xx), a few times. Never a 4xx: a wrong password, a rule, a lock
 * (429) or a conflict answers the same again, and the user must see it at once.
 */
export function retriesAction(failureCount: number, error: unknown): boolean {
  return failureCount < POST_RETRY_LIMIT && isTransient(error);
}

/**
 * A user action that writes: one Idempotency-Key per `run` (per click), reused by every retry of that
 * run — transient failures and the funding-password retry alike — so the server moves money once.
 * Failures go through the error catalogue (`errors.ts`) and are reported to analytics under `name`.
 */
/** TBody: the body `run` takes, the operation's (`ApiBody`) where the caller names it. */
export function useApiAction<TData, TBody extends Record<string, unknown> = Record<string, unknown>>(
  opts: ApiActionOptions,
) {
  const mutation = useMutation<TData, Error, Vars>({
    mutationFn: (vars) =>
      send<TData>({
        method: opts.method ?? 'POST',
        path: vars.path ?? opts.path,
        form: opts.form,
        body: vars.body,
        headers: vars.headers,
        idempotencyKey: vars.idempotencyKey,
      } satisfies RequestOptions),
    retry: retriesAction,
    retryDelay: backoffMs,
    meta: { action: opts.name, silent: opts.silent },
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    (body: TBody, headers?: Record<string, string>) =>
      mutateAsync({ body, headers, idempotencyKey: newIdempotencyKey() }),
    [mutateAsync],
  );
  return { ...mutation, run };
}
