import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastPathOutcomes } from '../../src/accounts/idempotency';
import { rows, sql } from '../../src/infra/db/client';
import { listCoins, Operator, startTestServer } from '../harness';
import { createProject, LP, pool, ridOf } from '../launch-pool/helpers';
import {
  type Env,
  type FixedOrder,
  fixedProduct,
  flexProduct,
  HOUR,
  toNextHour,
  userWith,
} from '../simple-earn/helpers';
import { acceptStaking } from '../staking/helpers';
import { inbox } from './helpers';

const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';
const REDEEM = '/apiw/v2/uni-loan/earn/redeem';

/**
 * A redemption paid at once tells the user in the inbox, written by the redeeming call in its own
 * transaction: flexible savings (the one-statement fast path and the locking path), a fixed order
 * redeemed early, staking's quick redeem without a wait, and a launch-pool redeem. One item per
 * redemption: a replayed Idempotency-Key adds none, and a refused redemption none.
 */
describe('instant redemptions make their "redemption arrived" item', () => {
  let env: Env;
  beforeAll(async () => {
    const server = await startTestServer();
    env = { server, op: new Operator(server) };
    await listCoins(env.op);
    await env.op.setPrice('NOVA', '0.5');
    await flexProduct(env.op, {
      asset: 'USDT',
      next_time_rate_year: '0.05',
      min_lend_amount: '1',
      borrow_demand: '0',
    });
  });
  afterAll(() => env.server.dispose());

  const arrived = async (c: Parameters<typeof inbox>[0], lang = 'en') =>
    (await inbox(c, { kind: 'redemption_arrived', lang })).list.map((i) => i.body).reverse();

  it('flexible: the fast path and the locking path (with mail) each write one item; a replay none', async () => {
    const u = await userWith(env, { USDT: '1000' });
    expect((await u.c.post(SUBSCRIBE, { asset: 'USDT', amount: '400' })).body.code).toBe(0);
    await toNextHour(env);
    const fast = { ...fastPathOutcomes };
    const key = { 'idempotency-key': 'instant-1' };
    const first = await u.c.post(REDEEM, { asset: 'USDT', amount: '25.5' }, { headers: key });
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    expect(fastPathOutcomes.taken - fast.taken).toBe(1);
    const replay = await u.c.post(REDEEM, { asset: 'USDT', amount: '25.5' }, { headers: key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // More than the holding: refused, nothing told.
    expect((await u.c.post(REDEEM, { asset: 'USDT', amount: '5000' })).body.code).not.toBe(0);
    expect(await arrived(u.c)).toEqual([
      'Your Flexible savings redemption of 25.5 USDT arrived in your spot account.',
    ]);

    // Mail chosen for the kind: the locking path takes the call and writes the mail with the item.
    const prefs = await u.c.post('/api/web/v1/notifications/preferences', {
      language: 'zh-CN',
      mail_kinds: ['redemption_arrived'],
    });
    expect(prefs.body.code, JSON.stringify(prefs.body)).toBe(0);
    const declined = fastPathOutcomes.declined;
    expect((await u.c.post(REDEEM, { asset: 'USDT', amount: '10' })).body.code).toBe(0);
    expect(fastPathOutcomes.declined - declined).toBe(1);
    expect(await arrived(u.c, 'zh-CN')).toEqual([
      '您在活期理财赎回的 25.5 USDT 已到账至现货账户。',
      '您在活期理财赎回的 10 USDT 已到账至现货账户。',
    ]);
    const mail = await rows<{ subject: string; language: string }>(
      env.server.deps.db,
      sql`SELECT subject, language FROM outbox WHERE user_id = ${u.id} AND template = 'notification'`,
    );
    expect(mail).toEqual([{ subject: '10 USDT 已赎回', language: 'zh-CN' }]);
  });

  it('fixed early redemption, staking quick redeem without a wait, launch-pool redeem', async () => {
    const { op } = env;
    const productId = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.05',
      pre_redeem: 1,
    });
    const staking = await op.call('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
      extra: { redeem_quick: 1, redeem_quick_long: 0, redeem_quick_fee: '0.01' },
      redeem_config: { redeem_quick_daily: '-1' },
    });
    expect(staking.body.code, JSON.stringify(staking.body)).toBe(0);
    const now = await op.now();
    const start = Math.ceil((now + 1) / HOUR) * HOUR;
    const project = await createProject(op, { start, hours: 48, pools: [pool('GT')] });
    await op.advance(start - now + 60);

    const u = await userWith(env, { USDT: '2000', ETH: '2', GT: '500' });
    const order = (
      await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/lend', {
        product_id: productId,
        amount: '1000',
      })
    ).body.data;
    const early = await u.c.post('/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: order.order_id });
    expect(early.body.code, JSON.stringify(early.body)).toBe(0);
    // Redeemed once: a second try is refused and tells nothing.
    expect(
      (await u.c.post('/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: order.order_id })).body.code,
    ).not.toBe(0);

    await acceptStaking(u.c, 'ETH');
    const stake = await u.c.post('/apiw/v2/earn/staking/coin-swap-verify', {
      side: 0,
      coin: 'ETH',
      amount: '2',
    });
    expect(stake.body.code, JSON.stringify(stake.body)).toBe(0);
    const quick = await u.c.post('/apiw/v2/earn/staking/coin-redeem', { coin: 'ETH', amount: '1', quick: 1 });
    expect(quick.body.code, JSON.stringify(quick.body)).toBe(0);

    const rid = ridOf(project);
    const lp = (amount: string) =>
      u.c.post(`${LP}/create-order`, { pid: project.pid, rid, amount, simpleEarnStatus: 0 }, { form: true });
    expect((await lp('100')).body.code).toBe(0);
    const out = await u.c.post(
      `${LP}/redeem`,
      { pid: project.pid, rid, amount: '40', simpleEarnStatus: 0 },
      {
        form: true,
      },
    );
    expect(out.body.code, JSON.stringify(out.body)).toBe(0);

    expect(await arrived(u.c)).toEqual([
      'Your Fixed savings redemption of 1000 USDT arrived in your spot account.',
      // 1 ETH less the 1 % quick fee.
      'Your Staking redemption of 0.99 ETH arrived in your spot account.',
      'Your Launchpool redemption of 40 GT arrived in your spot account.',
    ]);
    // Nothing more arrives later for the same redemptions (the staking arrival job skips arrived rows).
    await op.advance(2 * HOUR);
    expect(await arrived(u.c)).toHaveLength(3);
  });
});
