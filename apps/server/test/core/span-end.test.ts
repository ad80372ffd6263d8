import { describe, expect, it } from 'vitest';
import { spanEnd } from '../../src/infra/jobs/batch';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A clock advance's stop ends at a UTC midnight where one lies in its span (the daily jobs' instant). */
describe('where a spanning stop ends', () => {
  it('at the last midnight within a day of clock', () => {
    expect(new Date(spanEnd(at('2026-12-01T01:00:00Z'), DAY)).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(new Date(spanEnd(at('2026-12-01T23:00:00Z'), DAY)).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    // From a midnight: the next one, a whole day.
    expect(new Date(spanEnd(at('2026-12-01T00:00:00Z'), DAY)).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(new Date(spanEnd(at('2026-12-01T20:00:00Z'), 6 * HOUR)).toISOString()).toBe(
      '2026-12-02T00:00:00.000Z',
    );
  });
  it('after its length where no midnight lies within it', () => {
    expect(new Date(spanEnd(at('2026-12-01T10:00:00Z'), 3 * HOUR)).toISOString()).toBe(
      '2026-12-01T13:00:00.000Z',
    );
    expect(spanEnd(at('2026-12-01T10:00:00Z'), 0)).toBe(at('2026-12-01T10:00:00Z').getTime());
  });
});
