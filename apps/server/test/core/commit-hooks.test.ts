import { beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { beforeCommit, openCommitHooks, runCommitHooks } from '../../src/infra/db/commit-hooks';
import { TestClock } from '../../src/infra/jobs/clock';
import { type Job, Scheduler } from '../../src/infra/jobs/scheduler';
import { useMigratedDatabase } from '../harness';

const HOUR = 3_600_000;
const H0 = Date.UTC(2026, 0, 5, 0, 0, 0);

/**
 * Work done once per transaction before it commits (what the payout metrics read a clock advance's
 * stop by): the scheduler's transactions run it, in them, once per key however many periods added it.
 */
describe('commit hooks', () => {
  const database = useMigratedDatabase();
  beforeAll(async () => {
    await database().execute(
      sql`CREATE TABLE hook_probe (id bigserial PRIMARY KEY, what text NOT NULL, xact text NOT NULL)`,
    );
  });
  const probes = () =>
    rows<{ what: string; xact: string }>(database(), sql`SELECT what, xact FROM hook_probe ORDER BY id`);

  it('runs once per key, in the transaction, and is refused where nobody runs hooks', async () => {
    const key = {};
    await database().transaction(async (tx) => {
      const write = (what: string) => async () => {
        await tx.execute(
          sql`INSERT INTO hook_probe (what, xact) VALUES (${what}, pg_current_xact_id()::text)`,
        );
      };
      // Not opened: the caller is told to do its work at once.
      expect(beforeCommit(tx, key, write('refused'))).toBe(false);
      openCommitHooks(tx);
      expect(beforeCommit(tx, key, write('first'))).toBe(true);
      expect(beforeCommit(tx, key, write('second'))).toBe(true);
      await tx.execute(sql`INSERT INTO hook_probe (what, xact) VALUES ('work', pg_current_xact_id()::text)`);
      await runCommitHooks(tx);
    });
    const found = await probes();
    expect(found.map((p) => p.what)).toEqual(['work', 'first']);
    // The hook wrote in the work's own transaction.
    expect(found[1]?.xact).toBe(found[0]?.xact);
  });

  it("a clock advance's stop runs a job's hook once for all the periods it ran", async () => {
    await database().execute(sql`DELETE FROM hook_probe`);
    const key = {};
    let periods = 0;
    const job: Job = {
      name: 'probe.hooked',
      periodSeconds: 3600,
      run: async (tx) => {
        periods++;
        const added = beforeCommit(tx, key, async () => {
          await tx.execute(
            sql`INSERT INTO hook_probe (what, xact) VALUES ('hook', pg_current_xact_id()::text)`,
          );
        });
        expect(added).toBe(true);
      },
    };
    const clock = await TestClock.open(database(), H0);
    const scheduler = new Scheduler(database(), clock, undefined, { stopSpanMs: 86_400_000 });
    scheduler.register(job);
    await scheduler.advance(clock, (6 * HOUR) / 1000);
    // The first period (the hour before the clock started) and the advance's six, in spanning stops.
    expect(periods).toBe(7);
    const found = await probes();
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found.length).toBeLessThan(periods);
    // One a transaction.
    expect(new Set(found.map((p) => p.xact)).size).toBe(found.length);
  });
});
