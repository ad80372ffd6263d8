import { inject, type ProvidedContext } from 'vitest';

/**
 * What the e2e project's global setup made once for the run (see global-setup.ts), or undefined
 * outside a test worker (the global setup itself, a benchmark) or when a file runs without it.
 */
export function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}
