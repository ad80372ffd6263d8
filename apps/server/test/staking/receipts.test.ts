import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { assets } from '../../src/infra/db/schema';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import {
  acceptStaking,
  advanceTo,
  D,
  DAY,
  expectReconciled,
  floor,
  ledgerBalance,
  spot,
  systemBalance,
  toNextMidnight,
} from './helpers';

const BASE = '/apiw/v2/earn/staking';
const STAKE = `${BASE}/coin-swap-verify`;
const REDEEM = `${BASE}/coin-redeem`;
const ceil8 = (x: Decimal.Value) => new D(x).toDecimalPlaces(8, Decimal.ROUND_UP);

interface StakeAnswer {
  amount: string;
  receipt_coin: string | null;
  receipt_amount: string;
}
interface RedeemAnswer {
  fee: string;
  received: string;
  redeem_stamp: number;
  payout_coin: string;
  payout_amount: string;
  receipt_coin: string | null;
  receipt_burned: string;
}

/**
 * The parts of staking that move more than the staked coin: receipt tokens (exchange_type asset), a
 * credit-debt product paying out in its redeem_coin, the recorded agreement, and arrivals to the minute.
 */
describe('staking receipt tokens, redeem_coin payouts, agreements and exact arrivals', {
  timeout: 300_000,
}, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let userId: number;
  let ethId: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('GTETH', '4020');
    await op.setPrice('DOT', '7.45');
    c = new TestClient(server);
    userId = await c.register();
    await op.deposit(userId, 'ETH', '10');
    await op.deposit(userId, 'DOT', '500');
    await toNextMidnight(op, 10 * 3600);
  });
  afterAll(() => server.dispose());

  it('refuses an asset-type product without a listed receipt token other than its coin', async () => {
    const base = {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
      exchange_type: 'asset',
      exchange_rate: '0.99',
    };
    const none = await op.call('POST', '/admin/api/staking/products', base);
    expect(none.status).toBe(400);
    const unknown = await op.call('POST', '/admin/api/staking/products', { ...base, exchange_coin: 'NOPE' });
    expect(unknown.body.data).toMatchObject({ key: 'common.unknownAsset' });
    const same = await op.call('POST', '/admin/api/staking/products', { ...base, exchange_coin: 'ETH' });
    expect(same.status).toBe(400);
    const zero = await op.call('POST', '/admin/api/staking/products', {
      ...base,
      exchange_coin: 'GTETH',
      exchange_rate: '0',
    });
    expect(zero.status).toBe(400);
    const created = await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
      ...base,
      exchange_coin: 'GTETH',
      exchange_rate: '0.99412345',
      exchange_rate_reverse: '1.00591',
      min_mortgage_amount: '0.01',
      min_redeem_amount: '0.01',
      extra: { redeem_fee: '0.001' },
    });
    expect(created.body.code).toBe(0);
    ethId = created.body.data.id;
    const product = await c.get(`${BASE}/product`, { coin: 'ETH' });
    expect(product.body.data).toMatchObject({
      exchange_type: 'asset',
      exchange_coin: 'GTETH',
      exchange_rate: '0.99412345',
    });
  });

  it('refuses a stake until the agreement is recorded, and again when the agreement changes', async () => {
    const refused = await c.post(STAKE, { side: 0, coin: 'ETH', amount: '1' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 42210,
      data: {
        key: 'staking.stake.agreementRequired',
        params: { document: '/docs/staking_user_agreement.pdf' },
      },
    });
    expect((await c.get(`${BASE}/agreement`, { coin: 'ETH' })).body.data).toMatchObject({
      accepted: 0,
      accepted_at: null,
    });
    const now = await op.now();
    const accepted = await c.post(`${BASE}/agreement`, { coin: 'eth' });
    expect(accepted.body).toMatchObject({
      code: 0,
      data: {
        kind: 'staking_agreement',
        document: '/docs/staking_user_agreement.pdf',
        accepted: 1,
        accepted_at: now,
      },
    });
    // A new agreement needs a new acceptance.
    await op.call('PUT', `/admin/api/staking/products/${ethId}`, {
      agreement: '/docs/staking_user_agreement_v2.pdf',
    });
    const again = await c.post(STAKE, { side: 0, coin: 'ETH', amount: '1' });
    expect(again.body).toMatchObject({
      code: 42210,
      data: { params: { document: '/docs/staking_user_agreement_v2.pdf' } },
    });
    expect((await c.get(`${BASE}/agreement`, { coin: 'ETH' })).body.data).toMatchObject({ accepted: 0 });
    await op.advance(60);
    await acceptStaking(c, 'ETH');
    expect((await c.get(`${BASE}/agreement`, { coin: 'ETH' })).body.data).toMatchObject({
      accepted: 1,
      accepted_at: now + 60,
    });
    expect((await c.post(`${BASE}/agreement`, { coin: 'DOGE' })).status).toBe(404);
    expect((await new TestClient(server).post(`${BASE}/agreement`, { coin: 'ETH' })).status).toBe(401);
    expect(await spot(c, 'ETH')).toBe('10');
  });

  const staked = '1.23456789';
  const minted = floor(new D(staked).times('0.99412345'), 8);

  it('credits the receipt token on stake: amount × exchange_rate, 8 decimals down, in one balanced entry', async () => {
    expect(minted.toFixed()).toBe('1.22731289');
    const res = await c.post<StakeAnswer>(STAKE, { side: 0, coin: 'ETH', amount: staked });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      amount: staked,
      receipt_coin: 'GTETH',
      receipt_amount: minted.toFixed(),
    });
    expect(await spot(c, 'ETH')).toBe(new D(10).minus(staked).toFixed());
    expect(await spot(c, 'GTETH')).toBe(minted.toFixed());
    expect(await ledgerBalance(op, userId, 'ETH', 'staking')).toBe(staked);
    expect(await systemBalance(server, 'GTETH', 'staking_receipt_issued')).toBe(minted.negated().toFixed());
    const [entry] = await rows<{ n: string }>(
      server.deps.db,
      sql`SELECT COUNT(*)::text AS n FROM postings p JOIN journal_entries e ON e.id = p.entry_id
          WHERE e.reason = 'staking_stake'`,
    );
    expect(entry?.n).toBe('4');
    const balances = await c.get<Record<string, string>[]>(`${BASE}/balances`, { coin: 'ETH' });
    expect(balances.body.data[0]).toMatchObject({
      mortgage_amount: staked,
      redeemable_amount: staked,
      receipt_coin: 'GTETH',
      receipt_amount: minted.toFixed(),
    });
    // The holdings page lists the tokens minted for the stake.
    const lock = await c.get<{ list: Record<string, string | number>[] }>(`${BASE}/lock-balances`);
    expect(lock.body.data.list.find((h) => h.coin === 'ETH')).toMatchObject({
      mortgage_amount: staked,
      receipt_coin: 'GTETH',
      receipt_amount: minted.toFixed(),
    });
    await expectReconciled(op);
  });

  it('redeems only what the receipt tokens in spot cover, and takes them back in proportion', async () => {
    // The user sends 0.5 GTETH away: 0.72731278 of 1.22731278 tokens cover that share of the coins.
    expect(
      (await op.call('POST', '/admin/api/withdrawals', { user: userId, asset: 'GTETH', amount: '0.5' })).body
        .code,
    ).toBe(0);
    const tokens = minted.minus('0.5');
    const covered = floor(tokens.times(staked).div(minted), 8);
    const balances = await c.get<Record<string, string>[]>(`${BASE}/balances`, { coin: 'ETH' });
    expect(balances.body.data[0]).toMatchObject({ redeemable_amount: covered.toFixed() });
    const over = await c.post(REDEEM, {
      coin: 'ETH',
      amount: covered.plus('0.00000001').toFixed(),
      quick: 0,
    });
    expect(over.status).toBe(422);
    expect(over.body.data).toMatchObject({
      key: 'redeem.maxLimit.insufficientBalance',
      params: { number: covered.toFixed(), coin: 'ETH' },
    });

    const part = '0.4';
    const burn = ceil8(minted.times(part).div(staked));
    const fee = floor(new D(part).times('0.001'), 8);
    const res = await c.post<RedeemAnswer>(REDEEM, { coin: 'ETH', amount: part, quick: 0 });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      fee: fee.toFixed(),
      received: new D(part).minus(fee).toFixed(),
      payout_coin: 'ETH',
      payout_amount: new D(part).minus(fee).toFixed(),
      receipt_coin: 'GTETH',
      receipt_burned: burn.toFixed(),
    });
    expect(await spot(c, 'GTETH')).toBe(tokens.minus(burn).toFixed());
    const outstanding = minted.minus(burn);
    expect(await systemBalance(server, 'GTETH', 'staking_receipt_issued')).toBe(
      outstanding.negated().toFixed(),
    );
    await expectReconciled(op);

    // The tokens come back; the rest of the position takes back every outstanding token.
    await op.deposit(userId, 'GTETH', '0.5');
    const rest = new D(staked).minus(part);
    const all = await c.post<RedeemAnswer>(REDEEM, { coin: 'ETH', amount: rest.toFixed(), quick: 0 });
    expect(all.body.data).toMatchObject({ receipt_burned: outstanding.toFixed() });
    expect(await spot(c, 'GTETH')).toBe(tokens.minus(burn).plus('0.5').minus(outstanding).toFixed());
    expect(await systemBalance(server, 'GTETH', 'staking_receipt_issued')).toBe('0');
    const after = await c.get<Record<string, string>[]>(`${BASE}/balances`, { coin: 'ETH' });
    expect(after.body.data[0]).toMatchObject({ mortgage_amount: '0', receipt_amount: '0' });
    const records = await c.get<{ list: Record<string, unknown>[] }>(`${BASE}/redeem-records`, {
      coin: 'ETH',
    });
    expect(records.body.data.list.map((r) => r.receipt_burned)).toEqual([
      outstanding.toFixed(),
      burn.toFixed(),
    ]);
    await expectReconciled(op);
  });

  it('keeps the exchange terms fixed while receipt tokens are outstanding', async () => {
    expect((await c.post(STAKE, { side: 0, coin: 'ETH', amount: '0.1' })).body.code).toBe(0);
    const change = await op.call('PUT', `/admin/api/staking/products/${ethId}`, { exchange_type: 'default' });
    expect(change.status).toBe(409);
    expect(
      (await op.call('PUT', `/admin/api/staking/products/${ethId}`, { exchange_rate: '0.995' })).body.code,
    ).toBe(0);
    const res = await c.post<StakeAnswer>(STAKE, { side: 0, coin: 'ETH', amount: '0.3' });
    expect(res.body.data).toMatchObject({ receipt_amount: floor(new D('0.3').times('0.995'), 8).toFixed() });
    await expectReconciled(op);
  });

  it('pays a credit-debt redeem in its redeem_coin (USDC by default) at the USDT prices, arriving to the second', async () => {
    const created = await op.call('POST', '/admin/api/staking/products', {
      coin: 'DOT',
      type: 2,
      reward_coin: 'DOT',
      rate: '11.2',
      min_mortgage_amount: '1',
      min_redeem_amount: '1',
      reward_delay_days: 0,
      income_days: 2,
      extra: { redeem_fee: '0.001', redeem_maxday: 2 },
    });
    expect(created.body.code).toBe(0);
    const product = await c.get(`${BASE}/product`, { coin: 'DOT' });
    expect(product.body.data).toMatchObject({ type: 2, redeem_config: { redeem_coin: 'USDC' } });
    await acceptStaking(c, 'DOT');
    expect((await c.post(STAKE, { side: 0, coin: 'DOT', amount: '100' })).body.code).toBe(0);
    await op.advance(17 * 60 + 23);
    const now = await op.now();
    const res = await c.post<RedeemAnswer>(REDEEM, { coin: 'DOT', amount: '10.5', quick: 0 });
    const fee = floor(new D('10.5').times('0.001'), 8);
    const received = new D('10.5').minus(fee);
    const payout = floor(received.times('7.45'), 8);
    expect(payout.toFixed()).toBe('78.146775');
    expect(res.body.data).toMatchObject({
      fee: '0.0105',
      received: received.toFixed(),
      payout_coin: 'USDC',
      payout_amount: payout.toFixed(),
      redeem_stamp: now + 2 * DAY,
    });
    expect(await ledgerBalance(op, userId, 'USDC', 'staking_redeeming')).toBe(payout.toFixed());
    expect(await systemBalance(server, 'DOT', 'staking_conversion')).toBe(received.toFixed());
    expect(await systemBalance(server, 'USDC', 'staking_conversion')).toBe(payout.negated().toFixed());
    const lock = await c.get<{ redeeming: { coin: string; amount: string }[] }>(`${BASE}/lock-balances`);
    expect(lock.body.data.redeeming).toEqual([{ coin: 'USDC', amount: payout.toFixed() }]);
    await expectReconciled(op);
    await advanceTo(op, now + 2 * DAY - 1);
    expect(await spot(c, 'USDC')).toBe('0');
    await op.advance(1);
    expect(await spot(c, 'USDC')).toBe(payout.toFixed());
    expect(await spot(c, 'DOT')).toBe('400');
    expect(await ledgerBalance(op, userId, 'USDC', 'staking_redeeming')).toBe('0');
    await expectReconciled(op);

    // Without a price for the coin the payout cannot be converted: refused, and nothing moves.
    await server.deps.db.update(assets).set({ priceUsdt: '0' }).where(eq(assets.symbol, 'DOT'));
    const held = await c.get<{ hold_amount: string }>(`${BASE}/coin-user-info`, { coin: 'DOT' });
    const refused = await c.post(REDEEM, { coin: 'DOT', amount: '2', quick: 0 });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toMatchObject({
      key: 'staking.redeem.priceMissing',
      params: { coin: 'DOT', redeem_coin: 'USDC' },
    });
    expect((await c.get(`${BASE}/coin-user-info`, { coin: 'DOT' })).body.data).toMatchObject({
      hold_amount: held.body.data.hold_amount,
    });
    expect(await spot(c, 'USDC')).toBe(payout.toFixed());
    await op.setPrice('DOT', '7.45');
    await expectReconciled(op);
  });

  it('credits quick redeems at the exact minute, each on its own, once however often the jobs run', async () => {
    await op.call('POST', '/admin/api/staking/products', {
      coin: 'GT',
      type: 1,
      reward_coin: 'GT',
      rate: '5',
      income_days: 3,
      extra: { redeem_quick: 1, redeem_quick_long: 7, redeem_quick_fee: '0.003' },
    });
    await op.deposit(userId, 'GT', '100');
    await acceptStaking(c, 'GT');
    expect((await c.post(STAKE, { side: 0, coin: 'GT', amount: '100' })).body.code).toBe(0);
    await op.advance(3 * 60 + 11);
    const t1 = await op.now();
    const first = await c.post<RedeemAnswer>(REDEEM, { coin: 'GT', amount: '10', quick: 1 });
    expect(first.body.data).toMatchObject({ fee: '0.03', received: '9.97', redeem_stamp: t1 + 7 * 60 });
    await op.advance(2 * 60);
    const second = await c.post<RedeemAnswer>(REDEEM, { coin: 'GT', amount: '20.12345678', quick: 1 });
    const fee2 = floor(new D('20.12345678').times('0.003'), 8);
    expect(second.body.data).toMatchObject({ fee: fee2.toFixed(), redeem_stamp: t1 + 9 * 60 });

    // One advance across both arrivals: the clock stops at each, so each lands at its own minute.
    await op.advance(30 * 60);
    const records = await c.get<{ list: { redeem_stamp: number; arrived_time: number; status: string }[] }>(
      `${BASE}/redeem-records`,
      { coin: 'GT' },
    );
    expect(records.body.data.list.map((r) => [r.status, r.redeem_stamp, r.arrived_time])).toEqual([
      ['arrived', t1 + 9 * 60, t1 + 9 * 60],
      ['arrived', t1 + 7 * 60, t1 + 7 * 60],
    ]);
    const spotGt = new D('9.97').plus(new D('20.12345678').minus(fee2));
    expect(await spot(c, 'GT')).toBe(spotGt.toFixed());
    const entries = await rows<{ at: string; amount: string }>(
      server.deps.db,
      sql`SELECT EXTRACT(EPOCH FROM e.created_at)::bigint::text AS at, p.amount::text AS amount
          FROM journal_entries e JOIN postings p ON p.entry_id = e.id
          JOIN ledger_accounts a ON a.id = p.account_id
          WHERE e.reason = 'staking_redeem_arrival' AND a.asset = 'GT' AND a.purpose = 'spot'
          ORDER BY e.id`,
    );
    expect(entries.map((e) => [Number(e.at), new D(e.amount).toFixed()])).toEqual([
      [t1 + 7 * 60, '9.97'],
      [t1 + 9 * 60, new D('20.12345678').minus(fee2).toFixed()],
    ]);
    // Passes of the scheduler and a re-run of the hourly sweep change nothing: the rows are arrived.
    await server.deps.scheduler.runDue();
    await op.advance(2 * 3600);
    expect(await spot(c, 'GT')).toBe(spotGt.toFixed());
    await expectReconciled(op);
  });
});
