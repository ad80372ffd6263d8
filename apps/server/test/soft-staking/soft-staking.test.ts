import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import {
  advanceTo,
  D,
  DAY,
  expectReconciled,
  floor,
  payWithCarry,
  spot,
  toNextMidnight,
} from '../staking/helpers';

const BASE = '/apiw/v2/earn/soft-staking';

/**
 * Soft staking over several days on the test clock with deposits, withdrawals and the switch; each day's
 * payout is computed here from the rule: the lower of the opening snapshot and the closing balance,
 * min_amount and max_amount, rate / 36500, 8 decimals down with the fraction carried.
 */
describe('soft staking', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let late: TestClient;
  let userId: number;
  let lateId: number;
  let m0: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    userId = await c.register();
    late = new TestClient(server);
    lateId = await late.register();
    expect(
      (
        await op.call('PUT', '/admin/api/soft-staking/coins/ETH', {
          rate: '4.2',
          min_amount: '0.5',
          max_amount: '3',
        })
      ).body.code,
    ).toBe(0);
    expect(
      (await op.call('PUT', '/admin/api/soft-staking/coins/USDT', { rate: '3.65', min_amount: '10' })).body
        .code,
    ).toBe(0);
    await op.deposit(userId, 'ETH', '2.12345678');
    await op.deposit(userId, 'USDT', '500');
    await op.deposit(lateId, 'USDT', '1000');
    m0 = await toNextMidnight(op, 3600);
  });
  afterAll(() => server.dispose());

  const gross = (amount: string, rate: string) => floor(new D(amount).times(rate).div(36500), 18);

  it('switches on and off, answering the state; bad bodies are refused', async () => {
    const on = await c.post<{ status: boolean; enabled_at: number }>(`${BASE}/switch`, { status: true });
    expect(on.body).toMatchObject({ code: 0, data: { status: true, enabled_at: m0 + 3600 } });
    const again = await c.post<{ enabled_at: number }>(`${BASE}/switch`, { status: true });
    expect(again.body.data.enabled_at).toBe(m0 + 3600);
    const bad = await c.post(`${BASE}/switch`, { status: 'yes' });
    expect(bad.status).toBe(400);
    const status = await c.get(`${BASE}/status`);
    expect(status.body.data).toMatchObject({ status: true, enabled_at: m0 + 3600, total_payout: [] });
    const products = await c.get<{ list: { coin: string; eligible_amount: string; max_amount: string }[] }>(
      `${BASE}/products`,
    );
    expect(products.body.data.list.map((p) => [p.coin, p.eligible_amount, p.max_amount])).toEqual([
      ['ETH', '2.12345678', '3'],
      ['USDT', '500', '-1'],
    ]);
    expect((await new TestClient(server).post(`${BASE}/switch`, { status: true })).status).toBe(401);
  });

  it('pays three days from daily snapshots with balance changes, then stops when switched off', async () => {
    // Day 0: on since 01:00, no opening snapshot: nothing. Day 1: the late user switches on after it began.
    await advanceTo(op, m0 + DAY + 3600);
    expect(await spot(c, 'ETH')).toBe('2.12345678');
    expect((await late.post(`${BASE}/switch`, { status: true })).body.code).toBe(0);
    await op.deposit(userId, 'ETH', '1');
    await op.call('POST', '/admin/api/withdrawals', { user: userId, asset: 'USDT', amount: '200' });

    // Day 1 earns on the lower of the opening snapshot and the closing balance.
    await advanceTo(op, m0 + 2 * DAY);
    const eth = [gross('2.12345678', '4.2')];
    const usdt = [gross('300', '3.65')];
    const eth1 = payWithCarry(eth)[0] as D;
    expect(await spot(c, 'ETH')).toBe(new D('3.12345678').plus(eth1).toFixed());
    expect(await spot(c, 'USDT')).toBe('300.03');
    expect(await spot(late, 'USDT')).toBe('1000');

    // Day 2: ETH is over the 3 ETH cap; USDT earns on 300.03 (yesterday's payout included).
    await advanceTo(op, m0 + 3 * DAY + 2 * 3600);
    eth.push(gross('3', '4.2'));
    usdt.push(gross('300.03', '3.65'));
    expect(await spot(late, 'USDT')).toBe('1000.1');
    const usdtNow = new D('300.03').plus(payWithCarry(usdt)[1] as D);
    expect(await spot(c, 'USDT')).toBe(usdtNow.toFixed());

    // Day 3: USDT drops below min_amount and earns nothing; ETH earns on the cap again.
    await op.call('POST', '/admin/api/withdrawals', {
      user: userId,
      asset: 'USDT',
      amount: usdtNow.minus(5).toFixed(),
    });
    await advanceTo(op, m0 + 4 * DAY + 3600);
    eth.push(gross('3', '4.2'));
    expect((await c.post(`${BASE}/switch`, { status: false })).body.data).toMatchObject({ status: false });

    // Day 4: switched off during the day: no payout.
    await advanceTo(op, m0 + 5 * DAY + 60);
    const ethPaid = payWithCarry(eth);
    const ethTotal = ethPaid.reduce((s, x) => s.plus(x), new D(0));
    expect(await spot(c, 'ETH')).toBe(new D('3.12345678').plus(ethTotal).toFixed());
    expect(await spot(c, 'USDT')).toBe('5');

    const history = await c.get<{
      list: { coin: string; day: number; amount: string; eligible_amount: string }[];
      total: number;
    }>(`${BASE}/payout-history`, { page: 1, limit: 10 });
    expect(history.body.data.list.map((h) => [h.coin, h.day - m0, h.eligible_amount, h.amount])).toEqual([
      ['ETH', 3 * DAY, '3', (ethPaid[2] as D).toFixed()],
      ['ETH', 2 * DAY, '3', (ethPaid[1] as D).toFixed()],
      ['USDT', 2 * DAY, '300.03', (payWithCarry(usdt)[1] as D).toFixed()],
      ['ETH', DAY, '2.12345678', (ethPaid[0] as D).toFixed()],
      ['USDT', DAY, '300', '0.03'],
    ]);
    const status = await c.get(`${BASE}/status`);
    expect(status.body.data).toMatchObject({
      status: false,
      total_payout: [
        { coin: 'ETH', amount: ethTotal.toFixed() },
        { coin: 'USDT', amount: new D('0.03').plus(payWithCarry(usdt)[1] as D).toFixed() },
      ],
    });
    await expectReconciled(op);
  });

  it('lists the coins to visitors without balances', async () => {
    const res = await new TestClient(server).get<{
      list: { coin: string; rate: string; eligible_amount: string }[];
    }>(`${BASE}/products`);
    expect(res.body.data.list.map((p) => [p.coin, p.rate, p.eligible_amount])).toEqual([
      ['ETH', '4.2', '0'],
      ['USDT', '3.65', '0'],
    ]);
    expect((await new TestClient(server).get(`${BASE}/payout-history`)).status).toBe(401);
  });

  it('answers the best soft-staking APR on the earn home', async () => {
    const home = await c.get<{ lines: { line: string; asset: string; apr: string }[] }>(
      '/api/web/v1/earn/home',
    );
    expect(home.body.data.lines.find((l) => l.line === 'soft-staking')).toEqual({
      line: 'soft-staking',
      asset: 'ETH',
      apr: '4.2',
    });
  });
});
