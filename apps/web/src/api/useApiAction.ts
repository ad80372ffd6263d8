import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { reportAttempt } from './attempts';
import { isTransient, newIdempotencyKey } from './client';
import { backoffMs, POST_RETRY_LIMIT } from './queryClient';
import { send } from './send';
import { type CallOptions, checkedRequest, type PathFor, type WriteMethod } from './typed';
import type { ApiData } from './types';

export interface ApiActionOptions<M extends WriteMethod, P extends PathFor<M>> {
  /** Analytics name of the action; failures are reported under it. */
  name: string;
  /** The operation, as the document names it (`/api/web/v1/auth/sessions/{id}`). */
  path: P;
  method?: M;
  form?: boolean;
  /** Show nothing on failure: the caller handles it (e.g. inline form errors). */
  silent?: boolean;
}

interface Vars {
  opts: unknown;
  idempotencyKey: string;
  /** How many times this run has been sent: TanStack retries with the same variables. */
  tries: { count: number };
}

/**
 * What one run sends beside its body: the path parameters where the path has them, extra headers,
 * and the action's Idempotency-Key where the dialog holds one (`useMoneySubmit`, which keeps it for a
 * second click and a retry); without one, each run is an action of its own with a new key.
 */
type RunOptions<M extends WriteMethod, P extends PathFor<M>> = Pick<CallOptions<P, M>, 'params'> & {
  headers?: Record<string, string>;
  idempotencyKey?: string;
};
type RunArgs<M extends WriteMethod, P extends PathFor<M>> = [
  body: CallOptions<P, M>['body'],
  ...rest: RunOptions<M, P> extends { params: object } ? [opts: RunOptions<M, P>] : [opts?: RunOptions<M, P>],
];

/**
 * Whether a failed action is sent again (with its Idempotency-Key): only a failure that may pass on
 * another try (network, timeout, 5xx), a few times. Never a 4xx: a wrong password, a rule, a lock
 * (429) or a conflict answers the same again, and the user must see it at once.
 */
export function retriesAction(failureCount: number, error: unknown): boolean {
  return failureCount < POST_RETRY_LIMIT && isTransient(error);
}

/**
 * A user action that writes: one Idempotency-Key per `run` unless the run names its action's key
 * (a money dialog's, from `useMoneySubmit`), reused by every retry of that run — transient failures
 * and the funding-password retry alike — so the server moves money once.
 * Failures go through the error catalogue (`errors.ts`) and are reported to analytics under `name`.
 * The path, its parameters, the body and the answer are the document's operation.
 */
export function useApiAction<P extends PathFor<M>, M extends WriteMethod = 'post'>(
  opts: ApiActionOptions<M, P>,
) {
  const method: M = opts.method ?? ('post' as M);
  const mutation = useMutation<ApiData<P, M>, Error, Vars>({
    mutationFn: (vars) => {
      vars.tries.count += 1;
      // A money dialog watching this key says it is retrying (useMoneySubmit).
      reportAttempt(vars.idempotencyKey, vars.tries.count);
      return send<ApiData<P, M>>({
        ...checkedRequest(method, opts.path, vars.opts),
        form: opts.form,
        idempotencyKey: vars.idempotencyKey,
      });
    },
    retry: retriesAction,
    retryDelay: backoffMs,
    meta: { action: opts.name, silent: opts.silent },
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    (...[body, extra]: RunArgs<M, P>) => {
      const { idempotencyKey = newIdempotencyKey(), ...rest } = extra ?? {};
      return mutateAsync({ opts: { ...rest, body }, idempotencyKey, tries: { count: 0 } });
    },
    [mutateAsync],
  );
  return { ...mutation, run };
}
