import { describe, expect, it } from 'vitest';
import { fixedArrival, flexibleArrival, stakingArrival, wealthNextNav } from './arrival';

const T = 1_795_000_000; // 2026-11-18 07:06:40 UTC

describe('redemption arrival', () => {
  it('flexible: at once when covered, else the next whole hour', () => {
    expect(flexibleArrival(T, true)).toEqual({ rule: 'flexible_instant', arrivesAt: T, estimated: false });
    expect(flexibleArrival(T, false).arrivesAt).toBe(1_795_003_200); // 08:00:00
    expect(flexibleArrival(1_795_003_200, false).arrivesAt).toBe(1_795_006_800); // on the hour: the next one
  });
  it('fixed: maturity plus 30 minutes', () => {
    expect(fixedArrival(1_795_046_400).arrivesAt).toBe(1_795_048_200);
  });
  it('staking: income days, else the longest period, or the quick minutes', () => {
    const base = { incomeDays: 3, maxDay: 7, quickMinutes: 90 };
    expect(stakingArrival(T, { ...base, quick: false }).arrivesAt).toBe(T + 3 * 86_400);
    expect(stakingArrival(T, { ...base, incomeDays: 0, quick: false }).arrivesAt).toBe(T + 7 * 86_400);
    expect(stakingArrival(T, { ...base, quick: true })).toEqual({
      rule: 'staking_quick',
      arrivesAt: T + 5_400,
      estimated: false,
    });
  });
  it("wealth: the next NAV on the product's cadence, past now", () => {
    const day = 86_400;
    const m = 1_794_960_000; // a midnight
    expect(wealthNextNav(T, [m - day, m]).arrivesAt).toBe(m + day);
    expect(wealthNextNav(T, [m - 3 * day, m - 2 * day]).arrivesAt).toBe(m + day);
    expect(wealthNextNav(T, [m - 12 * 3600, m]).arrivesAt).toBe(m + 12 * 3600);
    expect(wealthNextNav(T, []).arrivesAt).toBe(T + day);
  });
});
