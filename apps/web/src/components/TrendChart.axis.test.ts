import { describe, expect, test } from 'vitest';
import { axisLabel, isHourly } from './TrendChart';

const at = (h: number) => Date.UTC(2026, 10, 23, h) / 1000;

describe('the trend chart axis', () => {
  test('24 hourly points: hours on the axis, the date only where the day changes', () => {
    const day = Array.from({ length: 24 }, (_, i) => ({ time: at(i), value: '1' }));
    expect(isHourly(day)).toBe(true);
    expect(axisLabel(at(14), true, false)).toBe('14:00');
    expect(axisLabel(at(0), true, true)).toBe('2026-11-23');
  });

  test('30 daily points: dates', () => {
    const month = Array.from({ length: 30 }, (_, i) => ({ time: at(0) - i * 86_400, value: '1' }));
    expect(isHourly(month)).toBe(false);
    expect(axisLabel(at(0), false, false)).toBe('2026-11-23');
  });
});
