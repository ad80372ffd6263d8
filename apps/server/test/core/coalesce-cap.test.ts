import { describe, expect, it } from 'vitest';
import { TestClock } from '../../src/infra/jobs/clock';
import { type Job, type Period, Scheduler } from '../../src/infra/jobs/scheduler';
import { useMigratedDatabase } from '../harness';

const HOUR = 3_600_000;
const H0 = Date.UTC(2026, 0, 5, 0, 0, 0);

/**
 * A coalescing job with a cap (Job.coalesce as a number) runs a long advance's periods in spans of at
 * most that many: the daily rollup a month at a time, never a year's days in one statement.
 */
describe('a coalescing job with a cap', () => {
  const database = useMigratedDatabase();

  it('runs 10 hours due at once as spans of 4, 4 and 2 hours, each at its own end', async () => {
    const spans: { hours: number; at: number }[] = [];
    const clock = await TestClock.open(database(), H0);
    const job: Job = {
      name: 'probe.capped',
      periodSeconds: 3600,
      coalesce: 4,
      run: async (_tx, period: Period) => {
        spans.push({
          hours: (period.end.getTime() - period.start.getTime()) / HOUR,
          at: clock.now().getTime(),
        });
      },
    };
    const scheduler = new Scheduler(database(), clock, undefined, { stopSpanMs: 86_400_000 });
    scheduler.register(job);
    await scheduler.advance(clock, 9 * 3600);
    // The hour before the clock started (the first period a new job runs), then the advance's nine.
    expect(spans.map((s) => s.hours)).toEqual([4, 4, 2]);
    expect(spans.map((s) => (s.at - H0) / HOUR)).toEqual([3, 7, 9]);
  });
});
