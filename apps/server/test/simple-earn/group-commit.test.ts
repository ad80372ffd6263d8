import { dec, toWire } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode, rows, sql } from '../../src/infra/db/client';
import { GroupCommitter, groupCommitStats } from '../../src/infra/db/group-commit';
import { hourStart } from '../../src/lines/simple-earn/model';
import { type BatchedSubscription, subscriptionBatch } from '../../src/lines/simple-earn/store/flex-batch';
import { onPostgres } from '../harness';
import { measureBatching } from './batching';
import {
  type Env,
  expectReconciled,
  expectRule,
  flexProduct,
  spot,
  startSimpleEarn,
  userWith,
} from './helpers';

/*
 * Group commit of flexible subscriptions (infra/db/group-commit.ts, store/flex-batch.ts), on by
 * default: concurrent calls of different users are booked by fewer statements than calls, each
 * exactly, a refused call refused alone, a batched call's key replayed without moving money, and
 * the books reconciled after. Each test counts the batcher's work, so each fails without it.
 */

const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';
/** A batch write statement (not the batched read, which reads the calls by jsonb_to_recordset too). */
const BATCH_TEXT = /^\s*WITH c AS MATERIALIZED \(\s*SELECT \* FROM jsonb_to_recordset/;

type Holder = Awaited<ReturnType<typeof userWith>>;

/** The change in the batcher's counters over `work`, and its statements sent. */
const batchingOf = <T>(work: () => Promise<T>) => measureBatching(groupCommitStats, BATCH_TEXT, work);

describe.runIf(onPostgres)(
  'group commit of flexible subscriptions (PostgreSQL)',
  { timeout: 120_000 },
  () => {
    let env: Env;
    beforeAll(async () => {
      env = await startSimpleEarn();
      await flexProduct(env.op, {
        asset: 'USDT',
        next_time_rate_year: '0.05',
        min_lend_amount: '1',
        borrow_demand: '0',
      });
    });
    afterAll(() => env.server.dispose());

    /** `n` users with `deposit` USDT, each holding 100 (their first subscription, the locking path's). */
    async function holders(n: number, deposit = '1000'): Promise<Holder[]> {
      const made: Holder[] = [];
      for (let i = 0; i < n; i++) {
        const u = await userWith(env, { USDT: deposit });
        expect((await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '100' })).body.code).toBe(0);
        made.push(u);
      }
      return made;
    }

    async function held(u: Holder): Promise<string | undefined> {
      const res = await u.c.get<{ list: { curr_amount: string }[] }>(SUBSCRIBE);
      return res.body.data.list[0]?.curr_amount;
    }

    it('16 users subscribing at once are booked by fewer statements than calls, each to the 8th decimal', async () => {
      const users = await holders(16);
      // Amounts sent with eight decimals, all different; a subscription books them rounded down to its
      // six (SUBSCRIBE_DECIMALS; 1 is decimal.js's ROUND_DOWN), computed here independently of the server.
      const calls = users.map((u, i) => {
        const sent = dec('10.12345678').plus(dec('0.00000001').times(i * 7919));
        return { u, sent, booked: sent.toDecimalPlaces(6, 1) };
      });
      const run = await batchingOf(() =>
        Promise.all(calls.map(({ u, sent }) => u.c.post(SUBSCRIBE, { asset: 'USDT', amount: toWire(sent) }))),
      );
      for (const res of run.result) expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      expect(run.calls).toBe(16);
      expect(run.retried).toBe(0);
      expect(run.batches).toBeLessThan(16);
      expect(run.statements).toBe(run.batches);
      for (const { u, booked } of calls) {
        expect(await spot(env, u.id, 'USDT')).toBe(dec(900).minus(booked).toFixed());
        expect(await held(u)).toBe(dec(100).plus(booked).toFixed());
      }
      await expectReconciled(env.op);
    });

    it('a batch with one call over its balance: that call alone is refused, the others are booked', async () => {
      const users = await holders(6);
      const db = env.server.deps.db;
      const [product] = await rows<{ accrued_until: string | null }>(
        db,
        sql`SELECT accrued_until::text AS accrued_until FROM se_flex_products WHERE asset = 'USDT'`,
      );
      const now = new Date(Number(await env.op.now()) * 1000);
      const positions = await rows<{ user_id: string; id: string }>(
        db,
        sql`SELECT user_id::text, id::text FROM se_flex_positions WHERE asset = 'USDT'`,
      );
      // Each user has 900 in spot; the fourth asks for 900.000001, which the read-free batch books
      // only if the database lets it.
      const amountOf = (i: number) => (i === 3 ? dec('900.000001') : dec('0.123456').times(i + 1));
      const call = (u: Holder, i: number): BatchedSubscription => ({
        userId: u.id,
        positionId: positions.find((p) => Number(p.user_id) === u.id)?.id ?? '',
        asset: 'USDT',
        amount: toWire(amountOf(i)),
        at: now.toISOString(),
        hour: hourStart(now).toISOString(),
        lendRateYear: '0.05',
        blendedApr: '0.05',
        mode: 0,
        accruedUntil: product?.accrued_until ?? null,
        ownFundsCoverLoan: false,
        claim: undefined,
      });
      // A 5 ms window: all six, submitted together, go in one statement.
      const batcher = new GroupCommitter(db, { enabled: true, maxBatch: 32, windowMs: 5 });
      const run = await batchingOf(() =>
        Promise.allSettled(
          users.map((u, i) => batcher.submit(subscriptionBatch, 'USDT', call(u, i), [`user:${u.id}`])),
        ),
      );
      expect(run.batches).toBe(1);
      expect(run.retried).toBe(1);
      // Each call alone, and once more a call that found its holding still locked by the refused batch.
      expect(run.alone).toBeGreaterThanOrEqual(6);
      expect(run.statements).toBe(1 + run.alone);
      for (const [i, outcome] of run.result.entries()) {
        if (i === 3) {
          expect(outcome.status).toBe('rejected');
          expect(pgErrorCode(outcome.status === 'rejected' ? outcome.reason : undefined)).toBe('23514');
        } else
          expect(outcome.status, outcome.status === 'rejected' ? String(outcome.reason) : '').toBe(
            'fulfilled',
          );
      }
      for (const [i, u] of users.entries()) {
        const booked = i === 3 ? dec(0) : amountOf(i);
        expect(await spot(env, u.id, 'USDT')).toBe(dec(900).minus(booked).toFixed());
        expect(await held(u)).toBe(dec(100).plus(booked).toFixed());
      }
      await expectReconciled(env.op);
    });

    it('a call whose holding another transaction holds is left out of its batch, the others are booked', async () => {
      const users = await holders(4);
      const db = env.server.deps.db;
      const pool = env.server.database.pool;
      if (!pool) throw new Error('PostgreSQL only');
      const [product] = await rows<{ accrued_until: string | null }>(
        db,
        sql`SELECT accrued_until::text AS accrued_until FROM se_flex_products WHERE asset = 'USDT'`,
      );
      const positions = await rows<{ user_id: string; id: string }>(
        db,
        sql`SELECT user_id::text, id::text FROM se_flex_positions WHERE asset = 'USDT'`,
      );
      const now = new Date(Number(await env.op.now()) * 1000);
      const call = (u: Holder): BatchedSubscription => ({
        userId: u.id,
        positionId: positions.find((p) => Number(p.user_id) === u.id)?.id ?? '',
        asset: 'USDT',
        amount: '2.5',
        at: now.toISOString(),
        hour: hourStart(now).toISOString(),
        lendRateYear: '0.05',
        blendedApr: '0.05',
        mode: 0,
        accruedUntil: product?.accrued_until ?? null,
        ownFundsCoverLoan: false,
        claim: undefined,
      });
      const [held0] = users;
      if (!held0) throw new Error('no users');
      // Another transaction holds the first user's holding, as a redemption in flight would.
      const other = await pool.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT id FROM se_flex_positions WHERE id = $1 FOR UPDATE', [
          call(held0).positionId,
        ]);
        const batcher = new GroupCommitter(db, { enabled: true, maxBatch: 32, windowMs: 5 });
        const run = await batchingOf(() =>
          Promise.allSettled(
            users.map((u) => batcher.submit(subscriptionBatch, 'USDT', call(u), [`user:${u.id}`])),
          ),
        );
        expect(run.batches).toBe(1);
        expect(run.retried).toBe(0);
        // Left out of the batch, then alone twice (after a pause each), still held: to the locking path.
        expect(run.alone).toBe(2);
        expect(run.statements).toBe(3);
        const [first, ...rest] = run.result;
        expect(first?.status).toBe('rejected');
        expect(pgErrorCode(first?.status === 'rejected' ? first.reason : undefined)).toBe('55P03');
        for (const outcome of rest) expect(outcome.status).toBe('fulfilled');
      } finally {
        await other.query('ROLLBACK');
        other.release();
      }
      for (const u of users) {
        const booked = u === held0 ? dec(0) : dec('2.5');
        expect(await spot(env, u.id, 'USDT')).toBe(dec(900).minus(booked).toFixed());
        expect(await held(u)).toBe(dec(100).plus(booked).toFixed());
      }
      await expectReconciled(env.op);
    });

    it('through the API, a call over its balance is answered lend_earn.insufficient.balance and the others are booked', async () => {
      const users = await holders(10);
      const [over] = users;
      if (!over) throw new Error('no users');
      // `over` has 900 in spot and sends two calls of 500: one is booked, the other refused alone.
      const run = await batchingOf(() =>
        Promise.all([
          over.c.post(SUBSCRIBE, { asset: 'USDT', amount: '500' }),
          ...users.map((u) => u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '500' })),
        ]),
      );
      const [mine, ...others] = run.result;
      const overCalls = [mine, others[0]];
      expect(overCalls.filter((r) => r?.body.code === 0)).toHaveLength(1);
      const refused = overCalls.find((r) => r?.body.code !== 0);
      if (!refused) throw new Error('both calls booked');
      expectRule(refused, 'lend_earn.insufficient.balance');
      for (const res of others.slice(1)) expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      // Every call that passed the fast read went through the batcher; the other nine booked by it.
      expect(run.calls).toBeGreaterThanOrEqual(10);
      for (const u of users) {
        expect(await spot(env, u.id, 'USDT')).toBe('400');
        expect(await held(u)).toBe('600');
      }
      await expectReconciled(env.op);
    });

    it('a batched call’s Idempotency-Key replay answers its first response and moves nothing', async () => {
      const users = await holders(8);
      const [keyed] = users;
      if (!keyed) throw new Error('no users');
      const headers = { 'idempotency-key': 'group-commit-replay-1' };
      const run = await batchingOf(() =>
        Promise.all(
          users.map((u) =>
            u === keyed
              ? u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '33.333333' }, { headers })
              : u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '1' }),
          ),
        ),
      );
      expect(run.calls).toBe(8);
      const first = run.result[0];
      expect(first?.body.code).toBe(0);
      const replay = await batchingOf(() =>
        keyed.c.post(SUBSCRIBE, { asset: 'USDT', amount: '33.333333' }, { headers }),
      );
      expect(replay.calls).toBe(0);
      expect(replay.result.headers['idempotent-replayed']).toBe('true');
      expect(replay.result.body).toEqual(first?.body);
      expect(await spot(env, keyed.id, 'USDT')).toBe('866.666667');
      expect(await held(keyed)).toBe('133.333333');
      await expectReconciled(env.op);
    });

    it('unified accounts with loans are batched with their own funds checked per call', async () => {
      const users = await holders(6, '200');
      for (const u of users) {
        await env.op.call('PUT', `/admin/api/users/${u.id}`, { account_mode: 'multi_currency' });
        expect(
          (await env.op.call('POST', '/admin/api/loans', { user: u.id, asset: 'USDT', amount: '50' })).body
            .code,
        ).toBe(0);
      }
      // Spot 150 of which 50 borrowed: 100 of own funds; each asks for 99.999999.
      const run = await batchingOf(() =>
        Promise.all(users.map((u) => u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '99.999999' }))),
      );
      for (const res of run.result) expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      expect(run.calls).toBe(6);
      for (const u of users) {
        expect(await spot(env, u.id, 'USDT')).toBe('50.000001');
        expect(await held(u)).toBe('199.999999');
      }
      await expectReconciled(env.op);
    });
  },
);
