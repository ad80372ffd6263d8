import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../kernel/clock';
import type { Db } from '../db/client';
import { testClock } from '../db/schema';

export type { Clock } from '../../kernel/clock';
export { unixSeconds } from '../../kernel/clock';

export class SystemClock implements Clock {
  readonly kind = 'system' as const;
  now(): Date {
    return new Date();
  }
  async refresh(): Promise<void> {}
}

/**
 * A clock only the operator API moves, like Stripe's test clocks. It starts at the real time of the
 * first start, on a whole hour so that scenarios read plainly, and never goes back.
 */
export class TestClock implements Clock {
  readonly kind = 'test' as const;
  private currentMs = 0;

  private constructor(private readonly db: Db) {}

  static async open(db: Db, startMs?: number): Promise<TestClock> {
    const clock = new TestClock(db);
    const initial = startMs ?? Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await db.insert(testClock).values({ id: 1, nowMs: initial }).onConflictDoNothing();
    await clock.refresh();
    return clock;
  }

  now(): Date {
    return new Date(this.currentMs);
  }

  async refresh(): Promise<void> {
    const [row] = await this.db.select().from(testClock).where(eq(testClock.id, 1));
    if (row) this.currentMs = Math.max(this.currentMs, row.nowMs);
  }

  /**
   * Moves this process's time forward to `target` without persisting it: a clock advance's stop that
   * spans several period ends runs each at its own time, and persists the last with set() in the
   * stop's transaction.
   */
  pass(target: Date): void {
    this.currentMs = Math.max(this.currentMs, target.getTime());
  }

  /** Back to `at` after a stop that passed it was rolled back (its moves were never persisted). */
  rewind(at: Date): void {
    this.currentMs = at.getTime();
  }

  /**
   * Moves forward to `target` (never back) and persists it for the other instances: in `within` (a
   * clock advance's stop: the move commits with the periods it makes due), else in its own commit.
   */
  async set(target: Date, within?: Db): Promise<void> {
    const wanted = Math.max(this.currentMs, target.getTime());
    // GREATEST in the update itself: two instances moving the clock at once can never move it back.
    // A long advance moves it at every period end: its commit does not wait for the disk (a crash
    // loses at most the last moves, and the periods after them with them, which run again).
    const move = (tx: Db) =>
      tx
        .update(testClock)
        .set({ nowMs: sql`GREATEST(${testClock.nowMs}, ${wanted})` })
        .where(eq(testClock.id, 1))
        .returning({ nowMs: testClock.nowMs });
    const [row] = within
      ? await move(within)
      : await this.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL synchronous_commit = off`);
          return move(tx);
        });
    this.currentMs = Math.max(wanted, Number(row?.nowMs ?? wanted));
  }
}

/**
 * Real time for infrastructure only (health, metrics, timeouts, backoff): how long ago this process
 * last did something, never a business instant. Business code reads a `Clock`.
 */
export function wallTime(): Date {
  return new Date();
}
