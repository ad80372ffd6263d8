import { expect } from 'vitest';

/**
 * `expect.poll` with a browser-sized patience: pages load chunks and call the API, and the machine
 * may be busy. The default second is too short for that; 15 s still fails a real hang quickly.
 */
export function eventually<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}
