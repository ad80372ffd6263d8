import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { clampRange, exportRange, RANGE_LIMIT_MESSAGE_KEY, rangeToUnix } from './dateRange';

const TODAY = '2026-11-21';

describe('clampRange', () => {
  test('a range within 6 months (180 days) is kept', () => {
    expect(clampRange(['2026-05-25', TODAY], 6, TODAY)).toEqual({
      range: ['2026-05-25', TODAY],
      clamped: false,
    });
  });

  test('a range over 6 months keeps its end and starts 180 days before it', () => {
    expect(clampRange(['2026-03-01', TODAY], 6, TODAY)).toEqual({
      range: ['2026-05-25', TODAY],
      clamped: true,
    });
    expect(clampRange(['2026-05-24', TODAY], 6, TODAY)).toEqual({
      range: ['2026-05-25', TODAY],
      clamped: true,
    });
  });

  test('the 12-month limit is 360 days', () => {
    expect(clampRange(['2025-11-26', TODAY], 12, TODAY)).toEqual({
      range: ['2025-11-26', TODAY],
      clamped: false,
    });
    expect(clampRange(['2025-01-01', TODAY], 12, TODAY)).toEqual({
      range: ['2025-11-26', TODAY],
      clamped: true,
    });
  });

  test('nothing after today; a reversed range is put in order', () => {
    expect(clampRange(['2026-11-01', '2026-12-31'], 6, TODAY)).toEqual({
      range: ['2026-11-01', TODAY],
      clamped: true,
    });
    expect(clampRange(['2026-11-10', '2026-11-01'], 6, TODAY)).toEqual({
      range: ['2026-11-01', '2026-11-10'],
      clamped: false,
    });
  });

  test('each limit has the spec message key', () => {
    expect(RANGE_LIMIT_MESSAGE_KEY[6]).toBe('analysis.date.picker.limit.tip');
    expect(RANGE_LIMIT_MESSAGE_KEY[12]).toBe('finances.date.picker.maximum.time');
  });

  test('a range covers whole days in unix seconds', () => {
    const { from, to } = rangeToUnix(['2026-11-01', '2026-11-01']);
    expect((to as number) - (from as number)).toBe(86_399);
  });
});

describe('days picked are UTC days, as the lists write their times', () => {
  test('in a UTC+8 browser too: 11/01 is 2026-11-01 00:00 to 23:59:59 UTC, the export up to the next day', () => {
    // Put back as it was, unset included (assigning undefined would set the zone "undefined").
    vi.stubEnv('TZ', 'Asia/Shanghai');
    onTestFinished(() => vi.unstubAllEnvs());
    const start = Date.UTC(2026, 10, 1) / 1000;
    expect(rangeToUnix(['2026-11-01', '2026-11-02'])).toEqual({ from: start, to: start + 2 * 86_400 - 1 });
    expect(exportRange(['2026-11-01', '2026-11-02'])).toEqual({ from: start, to: start + 2 * 86_400 });
    expect(exportRange([null, null])).toEqual({});
  });
});
