import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './client';

/** A driver error as pg throws it, wrapped as Drizzle wraps it ("Failed query: …", cause). */
const failed = (code: string) => {
  const driver = Object.assign(new Error(`server said ${code}`), { code });
  return Object.assign(new Error('Failed query: SELECT 1'), { cause: driver });
};

describe('isDatabaseUnavailable', () => {
  it('takes a database that cannot serve now for a 503: class 08, class 53, 57P01–57P05', () => {
    for (const code of ['08006', '08001', '53300', '53200', '53100', '53400', '57P01', '57P03', '57P05'])
      expect(isDatabaseUnavailable(failed(code)), code).toBe(true);
  });

  it("leaves a statement's own failure alone: conflicts, bad data, constraints, a cancelled query", () => {
    for (const code of ['40001', '40P01', '22P02', '23505', '23514', '57014', '42P01'])
      expect(isDatabaseUnavailable(failed(code)), code).toBe(false);
  });
});
