import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { lastDays, serverDay } from './format';

describe("the history's default range", () => {
  test("ends with the server's UTC day in a browser west of UTC (its local day is the day before)", () => {
    // Put back as it was, unset included (assigning undefined would set the zone "undefined").
    vi.stubEnv('TZ', 'America/New_York');
    onTestFinished(() => vi.unstubAllEnvs());
    // 2026-11-29 02:00 UTC is 11/28 21:00 in New York: the rows of 11/29 UTC are in the range.
    const now = Date.UTC(2026, 10, 29, 2) / 1000;
    expect(serverDay(now)).toBe('2026-11-29');
    expect(lastDays(now, 30)).toEqual(['2026-10-30', '2026-11-29']);
  });
});
