import { describe, expect, it } from 'vitest';
import { spanEnd } from '../../src/infra/jobs/batch';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const end = (from: string, spanMs: number) => new Date(spanEnd(new Date(from), spanMs)).toISOString();

/** A clock advance's stop ends at 12:00 UTC where one lies in its span (no job's period ends near it). */
describe('where a spanning stop ends', () => {
  it('at the last noon within a day of clock', () => {
    expect(end('2026-12-01T13:00:00Z', DAY)).toBe('2026-12-02T12:00:00.000Z');
    expect(end('2026-12-01T01:00:00Z', DAY)).toBe('2026-12-01T12:00:00.000Z');
    // From a noon: the next one, a whole day.
    expect(end('2026-12-01T12:00:00Z', DAY)).toBe('2026-12-02T12:00:00.000Z');
    expect(end('2026-12-01T08:00:00Z', 6 * HOUR)).toBe('2026-12-01T12:00:00.000Z');
  });
  it('after its length where no noon lies within it', () => {
    expect(end('2026-12-01T13:00:00Z', 3 * HOUR)).toBe('2026-12-01T16:00:00.000Z');
    expect(end('2026-12-01T10:00:00Z', 0)).toBe('2026-12-01T10:00:00.000Z');
  });
});
