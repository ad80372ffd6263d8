import dayjs from 'dayjs';

/** The specs count a month as 30 days for the date-range limits. */
export const DAYS_PER_MONTH = 30;

export type RangeLimitMonths = 6 | 12;

/** The message each limit shows when a range is clamped. */
export const RANGE_LIMIT_MESSAGE_KEY: Record<RangeLimitMonths, string> = {
  6: 'analysis.date.picker.limit.tip',
  12: 'finances.date.picker.maximum.time',
};

/** Days as 'YYYY-MM-DD', the form Mantine's date pickers use. */
export type DayString = string;
export type DayRange = [DayString | null, DayString | null];

const DAY = 'YYYY-MM-DD';

export interface ClampResult {
  range: DayRange;
  /** True when the range had to change to fit; the filter then shows the limit's warning. */
  clamped: boolean;
}

/**
 * Fits a picked range into the limit: nothing after `maxDay` (today by default), start not after end,
 * and at most `limitMonths` × 30 days from start to end; a longer range keeps its end and moves its
 * start forward.
 */
export function clampRange(range: DayRange, limitMonths: RangeLimitMonths, maxDay: DayString): ClampResult {
  let [start, end] = range;
  let clamped = false;
  const max = dayjs(maxDay);
  if (end && dayjs(end).isAfter(max, 'day')) {
    end = max.format(DAY);
    clamped = true;
  }
  if (start && dayjs(start).isAfter(max, 'day')) {
    start = max.format(DAY);
    clamped = true;
  }
  if (start && end && dayjs(start).isAfter(dayjs(end), 'day')) [start, end] = [end, start];
  if (start && end) {
    const limitDays = limitMonths * DAYS_PER_MONTH;
    if (dayjs(end).diff(dayjs(start), 'day') > limitDays) {
      start = dayjs(end).subtract(limitDays, 'day').format(DAY);
      clamped = true;
    }
  }
  return { range: [start, end], clamped };
}

/** A picked day's start in UTC, unix seconds: the lists' times and dates are UTC's, so are the days picked. */
const utcDayStart = (day: DayString) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A range as unix seconds for the API: start of the first UTC day to the end of the last. */
export function rangeToUnix(range: DayRange): { from?: number; to?: number } {
  const [start, end] = range;
  return {
    from: start ? utcDayStart(start) : undefined,
    to: end ? utcDayStart(end) + 86_399 : undefined,
  };
}

/**
 * A picked range as the statement export reads it: from inclusive, to exclusive (the day after the
 * last day's start); nothing picked, the whole history.
 */
export function exportRange(range: DayRange): { from?: number; to?: number } {
  const [start, end] = range;
  if (!start || !end) return {};
  return { from: utcDayStart(start), to: utcDayStart(end) + 86_400 };
}

/** Today's UTC day: the last day a picker offers when its list gives no server day of its own. */
export function today(): DayString {
  return new Date().toISOString().slice(0, 10);
}
