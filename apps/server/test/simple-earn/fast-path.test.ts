import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastPathOutcomes } from '../../src/accounts/idempotency';
import { rows, sql } from '../../src/infra/db/client';
import { FLEX_LOCK_KEY } from '../../src/lines/simple-earn/model';
import { csrfTokenFor, onPostgres, TestClient } from '../harness';
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

const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';
const REDEEM = '/apiw/v2/uni-loan/earn/redeem';

/** The change in the fast path's outcome counters over `work`. */
async function outcomesOf(work: () => Promise<unknown>) {
  const before = { ...fastPathOutcomes };
  await work();
  return {
    taken: fastPathOutcomes.taken - before.taken,
    declined: fastPathOutcomes.declined - before.declined,
    refused: fastPathOutcomes.refused - before.refused,
  };
}

/** Signs the client in again and answers the new session's token (the cookie the server set). */
async function signInAgain(c: TestClient): Promise<string> {
  const me = await c.get<{ email: string }>('/api/web/v1/auth/me');
  const res = await c.post('/api/web/v1/auth/login', {
    email: me.body.data.email,
    password: 'correct-horse-1',
  });
  const cookie = ([] as string[])
    .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
    .find((c) => c.startsWith('earn_sid='));
  return cookie?.slice('earn_sid='.length).split(';')[0] ?? '';
}

async function holding(c: TestClient): Promise<string | undefined> {
  const res = await c.get<{ list: { curr_amount: string }[] }>(SUBSCRIBE);
  return res.body.data.list[0]?.curr_amount;
}

describe('flexible subscribe and redeem: the two-round-trip fast path', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
    // Demand of 300: the first holder's 400 is lent 300, so 100 stays idle for immediate redemptions.
    await flexProduct(env.op, {
      asset: 'USDT',
      next_time_rate_year: '0.0876',
      min_lend_amount: '1',
      borrow_demand: '300',
    });
  });
  afterAll(() => env.server.dispose());

  it('takes a holder’s calls, books them exactly, and answers a replayed key without moving money again', async () => {
    const u = await userWith(env, { USDT: '1000' });
    // A first subscription creates the holding: the locking path's case.
    expect(await outcomesOf(() => u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '400' }))).toEqual({
      taken: 0,
      declined: 1,
      refused: 0,
    });
    await toNextHour(env);
    await env.op.advance(2 * HOUR);
    // Two hours with 300 of the 400 lent at 8.76 %: 2 × 300 × 0.0876 / 8760 = 0.006 exactly.
    const key = { 'idempotency-key': 'fast-sub-1' };
    const sub = () => u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '100.1234567' }, { headers: key });
    let first: Awaited<ReturnType<typeof sub>> | undefined;
    expect(
      await outcomesOf(async () => {
        first = await sub();
      }),
    ).toEqual({ taken: 1, declined: 0, refused: 0 });
    // Rounded down to 6 decimals, as the locking path does.
    // With the holding's APR once it earns (400 + 100.123456 at 8.76 %, no bonus).
    expect(first?.body).toMatchObject({
      code: 0,
      message: 'success',
      data: {
        asset: 'USDT',
        amount: '100.123456',
        blended_apr: '0.0876',
        apr_detail: { amount: '500.123456', held: '0', interest_year: '43.8108147456' },
      },
    });
    expect(await spot(env, u.id, 'USDT')).toBe('499.876544');

    // The same key again: the first answer, marked as a replay, nothing moved.
    const again = await sub();
    expect(again.body).toEqual(first?.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await spot(env, u.id, 'USDT')).toBe('499.876544');
    // The same key with another body: refused as a conflict.
    const other = await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '5' }, { headers: key });
    expect(other.status).toBe(409);

    // Interest first (0.006), then the amount not yet earning (100.123456), then 0.870544 of principal,
    // paid at once like every redemption (issue 27).
    const red = await outcomesOf(async () => {
      const res = await u.c.post(REDEEM, { asset: 'USDT', amount: '101' });
      expect(res.body).toEqual({
        code: 0,
        message: 'success',
        data: { asset: 'USDT', amount: '101', frozen_amount: '0' },
      });
    });
    expect(red).toEqual({ taken: 1, declined: 0, refused: 0 });
    expect(await spot(env, u.id, 'USDT')).toBe('600.876544');
    expect(await holding(u.c)).toBe('399.129456');

    const amounts = async (type: number) => {
      const res = await u.c.get<{ list: { amount: string }[] }>('/apiw/v2/uni-loan/earn/history', { type });
      return res.body.data.list.map((r) => r.amount);
    };
    expect(await amounts(1)).toContain('100.123456');
    expect(await amounts(2)).toEqual(['101']);
    await expectReconciled(env.op);
  });

  it('leaves refusals to the locking path, which answers them with the spec’s keys', async () => {
    const u = await userWith(env, { USDT: '50' });
    await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '10' });
    const below = await outcomesOf(async () =>
      expectRule(
        await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '0.5' }),
        'finances.simpleEarn.minPurchaseAmount',
      ),
    );
    expect(below).toEqual({ taken: 0, declined: 1, refused: 0 });
    expectRule(await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '41' }), 'lend_earn.insufficient.balance');
    expectRule(await u.c.post(REDEEM, { asset: 'USDT', amount: '10.5' }), 'simple_earn.redeem.maxLimit');
    expect(await spot(env, u.id, 'USDT')).toBe('40');

    // A session revoked since: the fast path's read finds it no more, and the answer is the login code.
    const sid = await signInAgain(u.c);
    expect((await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '1' })).body.code).toBe(0);
    expect((await u.c.post('/api/web/v1/auth/logout')).status).toBe(200);
    const csrf = await csrfTokenFor(env.server, `earn_sid=${sid}`);
    const replayed = await env.server.app.inject({
      method: 'POST',
      url: SUBSCRIBE,
      headers: {
        cookie: `earn_sid=${sid}; csrftoken=${csrf}`,
        'x-csrf-token': csrf,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ asset: 'USDT', amount: '1' }),
    });
    expect(replayed.statusCode).toBe(401);
    expect(await spot(env, u.id, 'USDT')).toBe('39');

    // Without a session neither path moves anything: the login code.
    const visitor = new TestClient(env.server);
    const res = await visitor.post(SUBSCRIBE, { asset: 'USDT', amount: '10' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('refuses a statement whose read an hourly accrual overtook, and one made while the accrual runs', async () => {
    const db = env.server.database.db;
    const [p] = await rows<{ at: string | null }>(
      db,
      sql`SELECT accrued_until::text AS at FROM se_flex_products WHERE asset = 'USDT'`,
    );
    const check = async (at: string | null | undefined) => {
      const [r] = await rows<{ ok: boolean }>(
        db,
        sql`SELECT se_flex_unchanged(${FLEX_LOCK_KEY}::bigint, 'USDT', ${at ?? null}::timestamptz) AS ok`,
      );
      return r?.ok;
    };
    expect(await check(p?.at)).toBe(true);
    await env.op.advance(HOUR);
    expect(await check(p?.at)).toBe(false);
    // A failed check raises, so the statement's writes are undone with it.
    await expect(
      db.execute(sql`WITH w AS (INSERT INTO se_flex_liquidity_claims (asset, amount) VALUES ('USDT', 1) RETURNING 1)
        SELECT earn_check((SELECT count(*) FROM w) = 2, '40001', 'test')`),
    ).rejects.toThrow();
    const [claims] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM se_flex_liquidity_claims`,
    );
    expect(claims?.n).toBe(0);
  });

  it.runIf(onPostgres)(
    'runs parallel calls on one holding correctly, by the locking path where they collide',
    async () => {
      const u = await userWith(env, { USDT: '200' });
      await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '100' });
      const outcome = await outcomesOf(async () => {
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            i % 2 === 0
              ? u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '3' })
              : u.c.post(REDEEM, { asset: 'USDT', amount: '3' }),
          ),
        );
        expect(results.every((r) => r.body.code === 0)).toBe(true);
      });
      expect(outcome.taken + outcome.declined + outcome.refused).toBe(30);
      expect(await spot(env, u.id, 'USDT')).toBe('100');
      expect(await holding(u.c)).toBe('100');
      await expectReconciled(env.op);
    },
  );
});
