import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, observeStatements, rows, sql } from '../../src/infra/db/client';
import type { Period } from '../../src/infra/jobs/scheduler';
import { runSoftStakingDay } from '../../src/lines/soft-staking/engine';
import { nextArrival, runRewardDay, settleArrivals } from '../../src/lines/staking/engine';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { acceptStaking, DAY, toNextMidnight } from './helpers';

/*
 * What a staking and a soft-staking day cost the database, counted as statement-budget.test.ts
 * counts a money call (round trips, savepoints included): a year of test clock runs each 365 times,
 * and on PGlite a statement's fixed cost is most of a small day's. Exact, so that a change that adds
 * or saves one says so here. The days run in a transaction rolled back at the end, ahead of the
 * clock, so the scheduler's own days are left alone.
 */

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;

/** Runs `work` in a transaction that is rolled back, answering what each step sent. */
async function counted<T>(db: Db, work: (tx: Db, step: (name: string) => void) => Promise<T>) {
  const sent = new Map<string, string[]>();
  let current: string[] = [];
  const stop = observeStatements((text) => {
    if (!TRANSACTION_CONTROL.test(text)) current.push(text.replace(/\s+/g, ' ').trim().slice(0, 80));
  });
  const step = (name: string) => {
    current = [];
    sent.set(name, current);
  };
  let answer: T | undefined;
  try {
    await db
      .transaction(async (tx) => {
        answer = await work(tx, step);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  } finally {
    stop();
  }
  return { sent, answer };
}

class RolledBack extends Error {}

const dayOf = (startSeconds: number): Period => ({
  start: new Date(startSeconds * 1000),
  end: new Date((startSeconds + DAY) * 1000),
});

describe.skipIf(!onPostgres)(
  'statements of a staking and a soft-staking day (PostgreSQL)',
  { timeout: 120_000 },
  () => {
    let server: TestServer;
    let op: Operator;
    let m0: number;

    beforeAll(async () => {
      server = await startTestServer();
      op = new Operator(server);
      await listCoins(op);
      const c = new TestClient(server);
      const userId = await c.register();
      await op.deposit(userId, 'GT', '5000');
      await op.deposit(userId, 'USDT', '500');
      m0 = await toNextMidnight(op, 3600);
      const created = await op.call('POST', '/admin/api/staking/products', {
        coin: 'GT',
        type: 1,
        reward_coin: 'GT',
        rate: '5',
        min_mortgage_amount: '1',
        min_redeem_amount: '1',
        reward_delay_days: 1,
        income_days: 1,
        extra_interest: [
          {
            reward_coin: 'GT',
            start_time: m0,
            end_time: m0 + 30 * DAY,
            interest: [{ money_min: '0', money_max: '-1', money_rate: '0.08' }],
          },
        ],
      });
      expect(created.body.code).toBe(0);
      await acceptStaking(c, 'GT');
      const staked = await c.post('/apiw/v2/earn/staking/coin-swap-verify', {
        side: 0,
        coin: 'GT',
        amount: '1000',
      });
      expect(staked.body.code).toBe(0);
      expect(
        (await op.call('PUT', '/admin/api/soft-staking/coins/USDT', { rate: '3.65', min_amount: '10' })).body
          .code,
      ).toBe(0);
      expect((await c.post('/apiw/v2/earn/soft-staking/switch', { status: true })).body.code).toBe(0);
    });
    afterAll(() => server?.dispose());

    it('a staking day paying base and campaign rewards: one statement and the entry; a day of nothing: one', async () => {
      const { sent, answer } = await counted(server.deps.db, async (tx, step) => {
        step('paying');
        await runRewardDay(tx, dayOf(m0 + 3 * DAY));
        step('check');
        const [paid] = await rows<{ n: number }>(
          tx,
          sql`SELECT COUNT(*)::int AS n FROM staking_rewards WHERE day = ${new Date((m0 + 3 * DAY) * 1000).toISOString()}::timestamptz AND paid AND amount > 0`,
        );
        // Before the first lot's accrual starts: no position earns, nothing is written but the rate points.
        step('idle');
        await runRewardDay(tx, dayOf(m0 - 2 * DAY));
        return paid?.n;
      });
      // The base rate's row and the campaign's.
      expect(answer).toBe(2);
      // The day's statement, then the entry (no savepoint): staging table, legs, check, ANALYZE,
      // journal entry, accounts, postings, balances, staging emptied.
      expect(sent.get('paying')?.length, sent.get('paying')?.join('\n')).toBe(10);
      expect(sent.get('idle')?.length, sent.get('idle')?.join('\n')).toBe(1);
    });

    it('a soft-staking day paying: the payouts, the entry, the snapshots; a day paying nothing: two', async () => {
      const { sent, answer } = await counted(server.deps.db, async (tx, step) => {
        // The user switched on during m0's day: the next day's opening snapshot is the first.
        step('first');
        await runSoftStakingDay(tx, dayOf(m0 + DAY));
        step('paying');
        await runSoftStakingDay(tx, dayOf(m0 + 2 * DAY));
        step('check');
        const [paid] = await rows<{ amount: string }>(
          tx,
          sql`SELECT amount::text AS amount FROM soft_staking_payouts WHERE day = ${new Date((m0 + 2 * DAY) * 1000).toISOString()}::timestamptz`,
        );
        return paid?.amount;
      });
      // 500 × 3.65 % ÷ 365.
      expect(answer).toBe('0.050000000000000000');
      expect(sent.get('first')?.length, sent.get('first')?.join('\n')).toBe(2);
      expect(sent.get('paying')?.length, sent.get('paying')?.join('\n')).toBe(11);
    });

    it('reads the next arrival once per transaction until an arrival or a redemption changes it', async () => {
      const { sent, answer } = await counted(server.deps.db, async (tx, step) => {
        step('kept');
        const first = await nextArrival(tx);
        await nextArrival(tx);
        await nextArrival(tx);
        step('after an arrival');
        await settleArrivals(tx, new Date(m0 * 1000));
        await nextArrival(tx);
        await nextArrival(tx);
        return first;
      });
      expect(answer).toBeUndefined();
      expect(sent.get('kept')?.length).toBe(1);
      // The settling statement (nothing due), then one read again.
      expect(sent.get('after an arrival')?.length).toBe(2);
    });
  },
);
