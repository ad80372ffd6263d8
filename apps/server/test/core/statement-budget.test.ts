import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastPathOutcomes } from '../../src/accounts/idempotency';
import { observeStatements } from '../../src/infra/db/client';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { createProject, LP, pool, ridOf } from '../launch-pool/helpers';
import { sleep } from './util';

/*
 * What one money call costs the database, counted: the statements it sends and the round trips they
 * take, the request's fixed overhead included (the session, the rate limit's key, the idempotency
 * claim, the money gate's funding-password read), through HTTP as the web client calls (session
 * cookie, signed CSRF token, an Idempotency-Key on every call). Each call is measured in its steady
 * state: the same call once before, so the accounts, the holding or position and the caches it finds
 * on a user's second call are there, and the session looked up just before (GET /auth/me), as an
 * instance holds a session it served within the last few seconds (infra/http/session-cache.ts):
 * one call in SESSION_CACHE_TTL_MS of each session reads it again, one round trip more.
 *
 * The budget is exact: a change that adds a statement fails here, and so does one that saves one,
 * so that each figure is lowered on purpose, in the commit that earns it. Raise a figure only with a
 * reason in the commit message.
 *
 * Not counted: the test clock's read at the start of each request (production's clock is the
 * system's, which reads nothing).
 *
 * The flexible calls are measured with group commit on (the default): their read is the batched read
 * (store/flex-fast.ts, flexReadBatch) and their write the batch statement (store/flex-batch.ts,
 * flex-redeem-batch.ts), here batches of one, the same two round trips as the one-call read and
 * statement they replace; under concurrency several calls share each of them.
 */
interface Cost {
  /** Calls of a pg client's query: each waits for its answer. */
  roundTrips: number;
  /** The same less BEGIN, COMMIT, ROLLBACK and savepoints. */
  statements: number;
}

const BUDGET: Record<string, Cost> = {
  'flexible subscribe': { roundTrips: 2, statements: 2 },
  'flexible redeem': { roundTrips: 2, statements: 2 },
  'fixed subscribe': { roundTrips: 16, statements: 12 },
  'launch-pool stake': { roundTrips: 21, statements: 17 },
  'staking stake': { roundTrips: 20, statements: 16 },
};

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const TEST_CLOCK = /"test_clock"/;

/** The statements `call` sent, once the database has been quiet for a while after it answered. */
async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const stop = observeStatements((text) => {
    if (!TEST_CLOCK.test(text)) sent.push(text.replace(/\s+/g, ' ').trim());
  });
  try {
    await call();
    // Hooks after the answer (metrics) may still read: wait until nothing has been sent for 50 ms.
    for (let seen = -1; seen !== sent.length; ) {
      seen = sent.length;
      await sleep(50);
    }
  } finally {
    stop();
  }
  return sent;
}

function costOf(sent: string[]): Cost {
  return {
    roundTrips: sent.length,
    statements: sent.filter((text) => !TRANSACTION_CONTROL.test(text)).length,
  };
}

const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';
const REDEEM = '/apiw/v2/uni-loan/earn/redeem';
const FIXED_LEND = '/apiw/v2/fixed_earn/api/user/lend';
const STAKE = '/apiw/v2/earn/staking/coin-swap-verify';
const HOUR = 3600;

describe.skipIf(!onPostgres)('statement budget of a money call (PostgreSQL)', { timeout: 120_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let keys = 0;
  const calls: Record<string, () => Promise<{ body: { code: number } }>> = {};

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
    c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'USDT', '1000000');
    const now = await op.now();
    // Flexible: a demand below the holding leaves idle liquidity, so a redemption is immediate.
    expect(
      (
        await op.call('POST', '/admin/api/simple-earn/flexible-products', {
          asset: 'USDT',
          min_lend_amount: '1',
          next_time_rate_year: '0.05',
          borrow_demand: '300',
        })
      ).body.code,
    ).toBe(0);
    const fixed = await op.call<{ id: number }>('POST', '/admin/api/simple-earn/fixed-products', {
      asset: 'USDT',
      lock_up_period: 30,
      year_rate: '0.04',
      total_quota: '1000000',
      min_lend_amount: '10',
      start_time: now - 86_400,
    });
    expect(fixed.body.code).toBe(0);
    const project = await createProject(op, {
      start: now - (now % HOUR) + HOUR,
      hours: 48,
      pools: [pool('USDT', { personal_min_amount: '10', personal_max_amount: '1000' })],
    });
    const staking = await op.call('POST', '/admin/api/staking/products', {
      coin: 'USDT',
      type: 0,
      reward_coin: 'USDT',
      rate: '7.3',
      min_mortgage_amount: '10',
      min_redeem_amount: '1',
      reward_delay_days: 0,
      income_days: 0,
    });
    expect(staking.body.code).toBe(0);
    expect((await c.post('/apiw/v2/earn/staking/agreement', { coin: 'USDT' })).body.code).toBe(0);
    // The holding is created by a first subscription and earns from the next whole hour.
    expect((await c.post(SUBSCRIBE, { asset: 'USDT', amount: '400' })).body.code).toBe(0);
    await op.advance(HOUR - (now % HOUR) + 2 * HOUR);

    const key = () => ({ headers: { 'idempotency-key': `budget-${++keys}` } });
    calls['flexible subscribe'] = () => c.post(SUBSCRIBE, { asset: 'USDT', amount: '10' }, key());
    calls['flexible redeem'] = () => c.post(REDEEM, { asset: 'USDT', amount: '10' }, key());
    calls['fixed subscribe'] = () =>
      c.post(FIXED_LEND, { product_id: fixed.body.data.id, amount: '10' }, key());
    calls['launch-pool stake'] = () =>
      c.post(
        `${LP}/create-order`,
        { pid: project.pid, rid: ridOf(project), amount: '10', simpleEarnStatus: 0 },
        key(),
      );
    calls['staking stake'] = () => c.post(STAKE, { side: 0, coin: 'USDT', amount: '10' }, key());
    // Each call once, unmeasured: the steady state is a user's second call.
    for (const call of Object.values(calls)) expect((await call()).body.code).toBe(0);
  });
  afterAll(() => server?.dispose());

  for (const [name, budget] of Object.entries(BUDGET)) {
    it(`${name}: ${budget.roundTrips} round trips, ${budget.statements} statements`, async () => {
      const call = calls[name];
      if (!call) throw new Error(`no call ${name}`);
      expect((await c.get('/api/web/v1/auth/me')).status).toBe(200);
      const taken = fastPathOutcomes.taken;
      let code = -1;
      const sent = await statementsOf(async () => {
        code = (await call()).body.code;
      });
      expect(code).toBe(0);
      // The flexible calls are measured on their fast path, as the load of bench:api takes them.
      if (name.startsWith('flexible')) expect(fastPathOutcomes.taken - taken).toBe(1);
      expect(costOf(sent), `${name} sent:\n${sent.map((s, i) => `${i + 1}. ${s}`).join('\n')}`).toEqual(
        budget,
      );
    });
  }
});
