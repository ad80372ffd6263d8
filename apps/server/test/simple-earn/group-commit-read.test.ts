import { Code, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastPathOutcomes, type KeyClaim, REPLAYED_HEADER } from '../../src/accounts/idempotency';
import { rows, sql } from '../../src/infra/db/client';
import { GroupCommitter, groupReadStats } from '../../src/infra/db/group-commit';
import { flexReadBatch, readFast } from '../../src/lines/simple-earn/store/flex-fast';
import { onPostgres, TestClient } from '../harness';
import { measureBatching } from './batching';
import { type Env, flexProduct, spot, startSimpleEarn, userWith } from './helpers';

/*
 * Group commit of the fast path's read (store/flex-fast.ts, flexReadBatch): the reads of concurrent
 * flexible calls go as one statement, and each call is answered its own row exactly as its own
 * read would have found it: its user's, or none where its session is revoked, its user would be asked
 * for a funding password, or its Idempotency-Key was used. Each test counts the batched reads, so
 * each fails without them; the first compares every call's batched answer with its own one-call read
 * (PostgreSQL and PGlite), the second runs concurrent calls through the API (PostgreSQL).
 */

const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';
const REDEEM = '/apiw/v2/uni-loan/earn/redeem';
const PASSWORD = 'correct-horse-1';
const FUNDPASS = '246810';
const FUND_PASSWORD = '/api/web/v1/auth/fund-password';
const BATCH_READ = /^\s*SELECT c.n, r.\* FROM jsonb_to_recordset/;

type Read = Parameters<typeof flexReadBatch.read>[1][number];
type Holder = Awaited<ReturnType<typeof userWith>>;

/** The reads the server's batcher made while `work` ran, each call's as it was given to the batch. */
async function readsOf(work: () => Promise<unknown>): Promise<Read[]> {
  const original = flexReadBatch.read;
  const seen: Read[] = [];
  flexReadBatch.read = (db, calls) => {
    seen.push(...calls);
    return original.call(flexReadBatch, db, calls);
  };
  try {
    await work();
  } finally {
    flexReadBatch.read = original;
  }
  return seen;
}

/** The change in the batcher's counters over `work`, and its statements sent. */
const batchingOf = <T>(work: () => Promise<T>) => measureBatching(groupReadStats, BATCH_READ, work);

/** A call of a recorded read, with another Idempotency-Key (null: none). */
function callOf(read: Read, key: string | null = read.key) {
  return { session: read.session, claim: key === null ? undefined : ({ key } as KeyClaim) };
}

describe('group commit of the fast read', { timeout: 120_000 }, () => {
  let env: Env;
  let keys = 0;
  const key = () => ({ headers: { 'idempotency-key': `gcread-${++keys}` } });
  beforeAll(async () => {
    env = await startSimpleEarn();
    // Demand of 0: every holding idle, so redemptions are immediate.
    await flexProduct(env.op, {
      asset: 'USDT',
      next_time_rate_year: '0.05',
      min_lend_amount: '1',
      borrow_demand: '0',
    });
  });
  afterAll(() => env.server.dispose());

  /** A user with `deposit` USDT holding 100 (the first subscription: the locking path's). */
  async function holder(deposit: string): Promise<Holder & { email: string }> {
    const u = await userWith(env, { USDT: deposit });
    expect((await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '100' })).body.code).toBe(0);
    const me = await u.c.get<{ email: string }>('/api/web/v1/auth/me');
    return { ...u, email: me.body.data.email };
  }

  /** Another signed-in session of the same user. */
  async function otherSession(email: string): Promise<TestClient> {
    const other = new TestClient(env.server);
    expect((await other.post('/api/web/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return other;
  }

  /** `u` sets a funding password (mode every_2h): this session has just verified it, others not. */
  async function withFundpass(u: Holder): Promise<void> {
    const set = await u.c.post(FUND_PASSWORD, { fundpass: FUNDPASS, login_password: PASSWORD });
    expect(set.body.code, JSON.stringify(set.body)).toBe(0);
  }

  it('one statement reads different users, a revoked session, a funding password due and a replayed key, each its own row', async () => {
    const [a, b, r, f] = [
      await holder('1000'),
      await holder('2000'),
      await holder('3000'),
      await holder('4000'),
    ];
    const r2 = await otherSession(r.email);
    await withFundpass(f);
    const f2 = await otherSession(f.email);
    // Each call once, as the routes make them: the batcher is given each call's session and key.
    const calls = await readsOf(async () => {
      for (const [c, path] of [
        [a.c, SUBSCRIBE],
        [b.c, REDEEM],
        [r.c, SUBSCRIBE],
        [r2, SUBSCRIBE],
        [f.c, SUBSCRIBE],
        [f2, SUBSCRIBE],
      ] as const)
        await c.post(path, { asset: 'USDT', amount: '1' }, key());
    });
    expect(calls).toHaveLength(6);
    const [ca, cb, cr, cr2, cf, cf2] = calls as [Read, Read, Read, Read, Read, Read];
    // r's first session is revoked since its call; its other session is live.
    const db = env.server.deps.db;
    await rows(
      db,
      sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${cr.session.values.token_hash} RETURNING 1`,
    );
    const batch = [
      callOf(ca, 'gcread-fresh-a'),
      callOf(cb, null),
      callOf(ca), // the key a's call used: a replay
      callOf(cr, 'gcread-fresh-r'),
      callOf(cr2, 'gcread-fresh-r2'),
      callOf(cf, 'gcread-fresh-f'),
      callOf(cf2, 'gcread-fresh-f2'), // not verified in this session: the password is due
      callOf(cb, 'gcread-fresh-b'),
    ];
    const assets = [ca, cb, ca, cr, cr2, cf, cf2, cb].map((c) => c.asset);
    const alone = [];
    for (const [i, call] of batch.entries()) alone.push(await readFast(db, call, assets[i] ?? ''));
    // A window holds the idle queue until every call has arrived: one batch of all eight.
    const batcher = new GroupCommitter(db, { enabled: true, maxBatch: 32, windowMs: 5 });
    const run = await batchingOf(() =>
      Promise.all(batch.map((call, i) => readFast(db, call, assets[i] ?? '', batcher))),
    );
    expect(run).toMatchObject({ batches: 1, calls: 8, retried: 0 });
    // The statement observer watches pg's pool (PostgreSQL), not PGlite.
    if (onPostgres) expect(run.statements).toBe(1);
    expect(run.result).toEqual(alone);
    const users = run.result.map((row) => row?.userId);
    expect(users).toEqual([a.id, b.id, undefined, undefined, r.id, f.id, undefined, b.id]);
    // Each its own user's figures: spot as the user's calls left it (all four began with different sums).
    const spots = new Map<number, string>();
    for (const u of [a, b, r, f]) spots.set(u.id, await spot(env, u.id, 'USDT'));
    expect(new Set(spots.values()).size).toBe(4);
    expect(run.result.map((row) => row && dec(row.balance ?? 0).toFixed())).toEqual(
      users.map((id) => (id === undefined ? undefined : spots.get(id))),
    );
  });

  // PostgreSQL: PGlite runs one statement at a time, so its reads never overlap to be batched.
  it.runIf(onPostgres)(
    'concurrent calls over HTTP: reads batched, each call answered as alone (booked, replayed, asked for the password)',
    async () => {
      const users: (Holder & { email: string })[] = [];
      for (let i = 0; i < 10; i++) users.push(await holder('1000'));
      const [first, due] = [users[0], users[1]] as [Holder, Holder];
      // One key already used by the first user's call; the second user has a password not verified here.
      const used = { headers: { 'idempotency-key': 'gcread-used' } };
      const once = await first.c.post(SUBSCRIBE, { asset: 'USDT', amount: '5' }, used);
      expect(once.body.code).toBe(0);
      await withFundpass(due);
      const dueElsewhere = await otherSession(
        (await due.c.get<{ email: string }>('/api/web/v1/auth/me')).body.data.email,
      );
      const taken = fastPathOutcomes.taken;
      const run = await batchingOf(() =>
        Promise.all([
          first.c.post(SUBSCRIBE, { asset: 'USDT', amount: '5' }, used),
          dueElsewhere.post(SUBSCRIBE, { asset: 'USDT', amount: '7' }, key()),
          ...users.slice(2).map((u, i) => u.c.post(SUBSCRIBE, { asset: 'USDT', amount: `${10 + i}` }, key())),
        ]),
      );
      const [replayed, asked, ...booked] = run.result;
      expect(replayed?.body).toEqual(once.body);
      expect(replayed?.headers[REPLAYED_HEADER]).toBe('true');
      expect(asked?.body).toMatchObject({ code: Code.FUNDPASS_REQUIRED, data: { require_fundpass: true } });
      for (const res of booked) expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      expect(fastPathOutcomes.taken - taken).toBe(booked.length);
      expect(run.calls).toBe(10);
      expect(run.batches).toBeLessThan(run.calls);
      expect(run.statements).toBe(run.batches);
      expect(await spot(env, first.id, 'USDT')).toBe('895');
      expect(await spot(env, due.id, 'USDT')).toBe('900');
      for (const [i, u] of users.slice(2).entries())
        expect(await spot(env, u.id, 'USDT')).toBe(dec(900 - 10 - i).toFixed());
    },
  );
});
