import { LaunchPoolKey, POOL_HISTORY_LIMIT_DAYS, POOL_HISTORY_MAX_SPAN_SECONDS } from '@earn/domain';
import { errors } from '../../../kernel/errors';
import { unix } from '../store/projects';

/**
 * The reward history's date range: none given, the whole history; otherwise end_time defaults to now
 * and start_time to 6 months before it. Start after end: 400 (finances.startupMining.history.range.reversed);
 * longer than 6 months of 30 days from the first day's start to the last day's end: 422
 * (analysis.date.picker.limit.tip {months, days}), the spec's key for the same limit in the client.
 */
export function rewardHistoryRange(
  q: { start_time?: number; end_time?: number },
  now: Date,
): { start: Date; end: Date } | null {
  if (q.start_time === undefined && q.end_time === undefined) return null;
  const end = q.end_time ?? unix(now);
  const start = q.start_time ?? Math.max(0, end - POOL_HISTORY_LIMIT_DAYS * 86_400);
  if (start > end) {
    throw errors.invalidParams(
      'start_time is after end_time',
      { start_time: start, end_time: end },
      LaunchPoolKey.historyRangeReversed,
    );
  }
  if (end - start > POOL_HISTORY_MAX_SPAN_SECONDS) {
    throw errors.rule(LaunchPoolKey.historyRangeLimit, 'The date range is limited to 6 months', {
      months: 6,
      days: POOL_HISTORY_LIMIT_DAYS,
    });
  }
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}
