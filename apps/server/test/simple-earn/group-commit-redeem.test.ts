import { type Decimal, dec, minDec, SimpleEarnHistoryMode, toWire } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, pgErrorCode, rows, sql } from '../../src/infra/db/client';
import { GroupCommitter, groupCommitSettings, groupCommitStats } from '../../src/infra/db/group-commit';
import { type BatchedRedemption, redemptionBatch } from '../../src/lines/simple-earn/store/flex-redeem-batch';
import { onPostgres } from '../harness';
import { measureBatching } from './batching';
import {
  type Env,
  expectReconciled,
  expectRule,
  flexProduct,
  HOUR,
  spot,
  startSimpleEarn,
  toNextHour,
  userWith,
} from './helpers';

/*
 * Group commit of flexible redemptions (infra/db/group-commit.ts, store/flex-redeem-batch.ts), on by
 * default: concurrent redemptions of different users are booked by fewer statements than calls, each
 * exactly as an independent split (interest, then amounts not yet earning, then principal) says, a
 * refused call refused alone, a batched call's key replayed without moving money, a user's
 * subscription and redemption at once both booked, the books reconciled after. Each test counts the
 * batcher's work, so each fails without it.
 */

const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';
const REDEEM = '/apiw/v2/uni-loan/earn/redeem';
/** A batch write statement (not the batched read, which reads the calls by jsonb_to_recordset too). */
const BATCH_TEXT = /^\s*WITH c AS MATERIALIZED \(\s*SELECT \* FROM jsonb_to_recordset/;

type Holder = Awaited<ReturnType<typeof userWith>>;

/** The change in the batcher's counters over `work`, and its statements sent. */
const batchingOf = <T>(work: () => Promise<T>) => measureBatching(groupCommitStats, BATCH_TEXT, work);

/** A holder's books in USDT, as the database has them. */
interface Books {
  positionId: string;
  version: string;
  accIndex: string;
  accruedUntil: string | null;
  principal: string;
  interestWithdrawn: string;
  interest: string;
  pending: string;
  lots: string[];
  flexible: string;
  spot: string;
}

async function booksOf(db: Db, userId: number): Promise<Books> {
  const [row] = await rows<Omit<Books, 'lots'>>(
    db,
    sql`SELECT p.id::text AS "positionId", p.xmin::text AS version, pr.acc_index::text AS "accIndex",
        pr.accrued_until::text AS "accruedUntil", p.principal::text AS principal,
        p.interest_withdrawn::text AS "interestWithdrawn",
        (trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn)::text AS interest,
        COALESCE((SELECT SUM(amount) FROM se_flex_pending WHERE position_id = p.id), 0)::text AS pending,
        COALESCE((SELECT balance FROM ledger_accounts WHERE user_id = p.user_id AND asset = 'USDT' AND purpose = 'flexible'), 0)::text AS flexible,
        COALESCE((SELECT balance FROM ledger_accounts WHERE user_id = p.user_id AND asset = 'USDT' AND purpose = 'spot'), 0)::text AS spot
      FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
      WHERE p.user_id = ${userId}::bigint AND p.asset = 'USDT'`,
  );
  if (!row) throw new Error(`no holding for ${userId}`);
  const n = (v: string) => dec(v).toFixed();
  const lots = await rows<{ amount: string }>(
    db,
    sql`SELECT amount::text FROM se_flex_pending WHERE position_id = ${row.positionId}::bigint ORDER BY hour_start`,
  );
  return {
    ...row,
    principal: n(row.principal),
    interestWithdrawn: n(row.interestWithdrawn),
    interest: n(row.interest),
    pending: n(row.pending),
    flexible: n(row.flexible),
    spot: n(row.spot),
    lots: lots.map((l) => n(l.amount)),
  };
}

/** The split computed here, independently of the server: interest, then pending, then principal. */
function split(b: Books, amount: Decimal) {
  const fromInterest = minDec(amount, dec(b.interest));
  const fromPending = minDec(amount.minus(fromInterest), dec(b.pending));
  return { fromInterest, fromPending, fromPrincipal: amount.minus(fromInterest).minus(fromPending) };
}

/** What one redemption of `amount` must have done to `before`, to the 8th decimal. */
async function expectRedeemed(env: Env, userId: number, before: Books, amount: Decimal) {
  const db = env.server.deps.db;
  const s = split(before, amount);
  const after = await booksOf(db, userId);
  expect(after.spot).toBe(dec(before.spot).plus(amount).toFixed());
  expect(await spot(env, userId, 'USDT')).toBe(dec(before.spot).plus(amount).toFixed());
  expect(after.flexible).toBe(dec(before.flexible).minus(s.fromPending).minus(s.fromPrincipal).toFixed());
  expect(after.principal).toBe(dec(before.principal).minus(s.fromPrincipal).toFixed());
  expect(after.interestWithdrawn).toBe(dec(before.interestWithdrawn).plus(s.fromInterest).toFixed());
  expect(after.interest).toBe(dec(before.interest).minus(s.fromInterest).toFixed());
  expect(after.pending).toBe(dec(before.pending).minus(s.fromPending).toFixed());
  // One history record, one inbox item named by it, one entry of the postings the split says.
  const hist = await rows<{ id: string; amount: string; mode: number }>(
    db,
    sql`SELECT id::text, amount::text, mode FROM se_history WHERE user_id = ${userId}::bigint AND type = 2 ORDER BY id`,
  );
  const last = hist.at(-1);
  expect(dec(last?.amount ?? '0').toFixed()).toBe(amount.toFixed());
  // Classic accounts: paid to spot.
  expect(last?.mode).toBe(SimpleEarnHistoryMode.redeemSpot);
  const items = await rows<{ params: Record<string, string> }>(
    db,
    sql`SELECT params FROM notifications WHERE user_id = ${userId}::bigint AND kind = 'redemption_arrived'
      AND cause = ${`flexible:redeem:${last?.id}`}`,
  );
  expect(items.map((i) => i.params)).toEqual([
    { line: 'flexible', asset: 'USDT', amount: toWire(amount), dest: 'spot' },
  ]);
  const postings = await rows<{ owner: string; purpose: string; amount: string }>(
    db,
    sql`SELECT a.user_id::text AS owner, a.purpose, p.amount::text AS amount FROM postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE p.entry_id = (SELECT max(p2.entry_id) FROM postings p2 JOIN journal_entries j ON j.id = p2.entry_id
        JOIN ledger_accounts a2 ON a2.id = p2.account_id
        WHERE j.reason = 'se_flex_redeem' AND a2.user_id = ${userId}::bigint)
      ORDER BY a.purpose`,
  );
  const expected = [
    ...(s.fromPending.plus(s.fromPrincipal).gt(0)
      ? [
          {
            owner: String(userId),
            purpose: 'flexible',
            amount: s.fromPending.plus(s.fromPrincipal).negated(),
          },
        ]
      : []),
    ...(s.fromInterest.gt(0)
      ? [{ owner: '0', purpose: 'se_flex_interest', amount: s.fromInterest.negated() }]
      : []),
    { owner: String(userId), purpose: 'spot', amount },
  ].map((p) => ({ ...p, amount: p.amount.toFixed() }));
  expect(postings.map((p) => ({ ...p, amount: dec(p.amount).toFixed() }))).toEqual(expected);
  return s;
}

describe.runIf(onPostgres)('group commit of flexible redemptions (PostgreSQL)', { timeout: 180_000 }, () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
    await flexProduct(env.op, { asset: 'USDT', next_time_rate_year: '0.0876', min_lend_amount: '1' });
  });
  afterAll(() => env.server.dispose());

  /**
   * `n` users with 1000 USDT, each holding 100 earning for two hours (interest accrued), then 10
   * more waiting for the next hour (a pending lot).
   */
  async function holders(n: number): Promise<Holder[]> {
    const made: Holder[] = [];
    for (let i = 0; i < n; i++) {
      const u = await userWith(env, { USDT: '1000' });
      expect((await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '100' })).body.code).toBe(0);
      made.push(u);
    }
    await toNextHour(env);
    await env.op.advance(2 * HOUR);
    for (const u of made)
      expect((await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '10' })).body.code).toBe(0);
    return made;
  }

  it('16 users redeeming at once are booked by fewer statements than calls, each to the 8th decimal', async () => {
    const users = await holders(16);
    const db = env.server.deps.db;
    const before = await Promise.all(users.map((u) => booksOf(db, u.id)));
    for (const b of before) expect(dec(b.interest).gt(0)).toBe(true);
    // Interest only, interest and part of the pending lot, the whole lot and some principal,
    // deep into principal: each with its own eighth decimal.
    const amountOf = (i: number, b: Books) => {
      const tail = dec('0.00000001').times(i * 131);
      if (i % 4 === 0) return minDec(dec(b.interest), dec('0.000005').plus(tail));
      if (i % 4 === 1) return dec(b.interest).plus('3.5').plus(tail);
      if (i % 4 === 2) return dec(b.interest).plus('10').plus(tail);
      return dec('57.12345678').plus(tail);
    };
    const amounts = users.map((_, i) => amountOf(i, before[i] as Books));
    const run = await batchingOf(() =>
      Promise.all(
        users.map((u, i) => u.c.post(REDEEM, { asset: 'USDT', amount: toWire(amounts[i] as Decimal) })),
      ),
    );
    for (const [i, res] of run.result.entries())
      expect(res.body, JSON.stringify(res.body)).toEqual({
        code: 0,
        message: 'success',
        data: { asset: 'USDT', amount: toWire(amounts[i] as Decimal), frozen_amount: '0' },
      });
    expect(run.calls).toBe(16);
    expect(run.retried).toBe(0);
    expect(run.batches).toBeLessThan(16);
    expect(run.statements).toBe(run.batches);
    const kinds = { partLot: 0, wholeLot: 0, principal: 0 };
    for (const [i, u] of users.entries()) {
      const s = await expectRedeemed(env, u.id, before[i] as Books, amounts[i] as Decimal);
      if (s.fromPending.gt(0) && s.fromPending.lt(10)) kinds.partLot++;
      if (s.fromPending.eq(10)) kinds.wholeLot++;
      if (s.fromPrincipal.gt(0)) kinds.principal++;
    }
    expect(kinds).toEqual({ partLot: 4, wholeLot: 8, principal: 8 });
    await expectReconciled(env.op);
  });

  it('a batch with one call over its holding: that call alone is refused, the others are booked', async () => {
    const users = await holders(6);
    const db = env.server.deps.db;
    const now = new Date(Number(await env.op.now()) * 1000);
    const before = await Promise.all(users.map((u) => booksOf(db, u.id)));
    // The fourth takes 0.000001 more principal than its flexible account holds: only the database
    // can refuse it (the batch is not read again).
    const call = (u: Holder, i: number): BatchedRedemption => {
      const b = before[i] as Books;
      const amount = i === 3 ? dec(b.interest).plus(b.flexible).plus('0.000001') : dec('1.23456789').plus(i);
      const s = split(b, amount);
      return {
        userId: u.id,
        positionId: b.positionId,
        positionVersion: b.version,
        asset: 'USDT',
        paid: toWire(amount),
        fromInterest: toWire(s.fromInterest),
        fromPending: toWire(s.fromPending),
        fromPrincipal: toWire(s.fromPrincipal),
        accIndex: b.accIndex,
        accruedUntil: b.accruedUntil,
        mode: SimpleEarnHistoryMode.redeemSpot,
        at: now.toISOString(),
        claim: undefined,
      };
    };
    // The server's settings (on unless GROUP_COMMIT=0), with a 5 ms window: all six go in one statement.
    const settings = groupCommitSettings(env.server.deps.config);
    expect(settings.enabled).toBe(true);
    const batcher = new GroupCommitter(db, { ...settings, windowMs: 5 });
    const run = await batchingOf(() =>
      Promise.allSettled(
        users.map((u, i) =>
          batcher.submit(redemptionBatch, 'USDT', call(u, i), [
            `user:${u.id}`,
            `holding:${before[i]?.positionId}`,
          ]),
        ),
      ),
    );
    expect(run.batches).toBe(1);
    expect(run.retried).toBe(1);
    expect(run.alone).toBeGreaterThanOrEqual(6);
    expect(run.statements).toBe(1 + run.alone);
    for (const [i, outcome] of run.result.entries()) {
      if (i === 3) {
        expect(outcome.status).toBe('rejected');
        expect(pgErrorCode(outcome.status === 'rejected' ? outcome.reason : undefined)).toBe('23514');
      } else
        expect(outcome.status, outcome.status === 'rejected' ? String(outcome.reason) : '').toBe('fulfilled');
    }
    for (const [i, u] of users.entries()) {
      if (i === 3) expect(await booksOf(db, u.id)).toEqual(before[i]);
      else await expectRedeemed(env, u.id, before[i] as Books, dec('1.23456789').plus(i));
    }
    await expectReconciled(env.op);
  });

  it('through the API, a user redeeming more than its holding in two calls is refused once with its key, the others are booked', async () => {
    const users = await holders(10);
    const db = env.server.deps.db;
    const [over] = users;
    if (!over) throw new Error('no users');
    const before = await Promise.all(users.map((u) => booksOf(db, u.id)));
    const whole = dec((before[0] as Books).interest).plus((before[0] as Books).flexible);
    // `over` sends two calls of 60 % of its holding: one is booked, the other refused alone.
    const part = whole.times('0.6').toDecimalPlaces(8, 1);
    const run = await batchingOf(() =>
      Promise.all([
        over.c.post(REDEEM, { asset: 'USDT', amount: toWire(part) }),
        ...users.map((u) => u.c.post(REDEEM, { asset: 'USDT', amount: u === over ? toWire(part) : '7.5' })),
      ]),
    );
    const [mine, ...others] = run.result;
    const overCalls = [mine, others[0]];
    expect(overCalls.filter((r) => r?.body.code === 0)).toHaveLength(1);
    const refused = overCalls.find((r) => r?.body.code !== 0);
    if (!refused) throw new Error('both calls booked');
    expectRule(refused, 'simple_earn.redeem.maxLimit');
    for (const res of others.slice(1)) expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(run.calls).toBeGreaterThanOrEqual(10);
    await expectRedeemed(env, over.id, before[0] as Books, part);
    for (const [i, u] of users.entries())
      if (i > 0) await expectRedeemed(env, u.id, before[i] as Books, dec('7.5'));
    await expectReconciled(env.op);
  });

  it('a batched redemption’s Idempotency-Key replay answers its first response and moves nothing', async () => {
    const users = await holders(8);
    const db = env.server.deps.db;
    const [keyed] = users;
    if (!keyed) throw new Error('no users');
    const before = await booksOf(db, keyed.id);
    const headers = { 'idempotency-key': 'group-commit-redeem-replay-1' };
    const run = await batchingOf(() =>
      Promise.all(
        users.map((u) =>
          u === keyed
            ? u.c.post(REDEEM, { asset: 'USDT', amount: '33.33333333' }, { headers })
            : u.c.post(REDEEM, { asset: 'USDT', amount: '1' }),
        ),
      ),
    );
    expect(run.calls).toBe(8);
    const first = run.result[0];
    expect(first?.body.code).toBe(0);
    await expectRedeemed(env, keyed.id, before, dec('33.33333333'));
    const booked = await booksOf(db, keyed.id);
    const replay = await batchingOf(() =>
      keyed.c.post(REDEEM, { asset: 'USDT', amount: '33.33333333' }, { headers }),
    );
    expect(replay.calls).toBe(0);
    expect(replay.result.headers['idempotent-replayed']).toBe('true');
    expect(replay.result.body).toEqual(first?.body);
    expect(await booksOf(db, keyed.id)).toEqual(booked);
    await expectReconciled(env.op);
  });

  it('users subscribing and redeeming at once: both calls of each booked, by both batchers', async () => {
    const users = await holders(12);
    const db = env.server.deps.db;
    const before = await Promise.all(users.map((u) => booksOf(db, u.id)));
    const run = await batchingOf(() =>
      Promise.all(
        users.flatMap((u) => [
          u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '20.5' }),
          u.c.post(REDEEM, { asset: 'USDT', amount: '40.00000001' }),
        ]),
      ),
    );
    for (const res of run.result) expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(run.calls).toBeGreaterThanOrEqual(24);
    expect(run.batches).toBeLessThan(run.calls);
    for (const [i, u] of users.entries()) {
      const b = before[i] as Books;
      const after = await booksOf(db, u.id);
      // Whatever their order, the two calls leave spot, and the holding's total, the same.
      expect(after.spot).toBe(dec(b.spot).minus('20.5').plus('40.00000001').toFixed());
      const total = (x: Books) => dec(x.interest).plus(x.pending).plus(x.principal);
      expect(total(after).toFixed()).toBe(total(b).plus('20.5').minus('40.00000001').toFixed());
      expect(dec(after.flexible).toFixed()).toBe(dec(after.pending).plus(after.principal).toFixed());
    }
    await expectReconciled(env.op);
  });
});
