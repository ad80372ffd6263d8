import { type Decimal, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { breakdownModule } from '../../src/views/breakdown';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { flexProduct, HOUR, setFlex } from '../simple-earn/helpers';

const WHY = '/api/web/v1/earn/rewards/breakdown';
const floor8 = (d: Decimal) => d.toDecimalPlaces(8, 1);

interface Breakdown {
  kind: string;
  principal: string;
  rate_percent: string;
  period_start: number;
  period_end: number;
  formula: string;
  gross: string;
  carry_in: string;
  total: string;
  paid: string;
  carry_out: string;
  recorded: string;
}

describe('why this reward: a flexible hour', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ modules: [simpleEarnModule, breakdownModule] });
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'USDT', '5000');
  });
  afterAll(() => server.dispose());

  it('breaks each hour down to its paid interest, with the fraction carried from hour to hour', async () => {
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.0523' });
    const now = await op.now();
    await op.advance(HOUR - (now % HOUR) + 60);
    const subscribe = (amount: string) =>
      c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount, rateYear: '0' }, { form: true });
    expect((await subscribe('1234.567891')).body.code).toBe(0);
    // Independently: hour by hour, the principal lent and the rate, the exact cumulative and its floor.
    const plan: { principal: string; rate: string }[] = [];
    await op.advance(HOUR); // the subscription's own hour earns nothing
    for (let h = 0; h < 3; h++) {
      plan.push({ principal: '1234.567891', rate: '0.0523' });
      await op.advance(HOUR);
    }
    expect((await subscribe('77.7')).body.code).toBe(0); // earns from the next whole hour
    plan.push({ principal: '1234.567891', rate: '0.0523' });
    await op.advance(HOUR);
    await setFlex(op, 'USDT', { next_time_rate_year: '0.0371' });
    for (let h = 0; h < 3; h++) {
      plan.push({ principal: '1312.267891', rate: '0.0371' });
      await op.advance(HOUR);
    }

    const history = await c.get<{ list: { amount: string; time_at: number; lend_principal: string }[] }>(
      '/apiw/v2/uni-loan/earn/history',
      { type: 3, limit: 100 },
    );
    const rows = history.body.data.list.slice().reverse();
    expect(rows).toHaveLength(plan.length);

    let exact = dec(0);
    let previousCarry = '0';
    for (const [i, row] of rows.entries()) {
      const step = plan[i];
      if (!step) throw new Error('plan shorter than history');
      const before = floor8(exact);
      const gross = dec(step.principal).times(step.rate).div(8760);
      exact = exact.plus(gross);
      const paid = floor8(exact).minus(before);

      const res = await c.get<Breakdown>(WHY, { kind: 'flexible_hour', coin: 'USDT', hour: row.time_at });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      const b = res.body.data;
      expect(b).toMatchObject({
        kind: 'flexible_hour',
        principal: step.principal,
        rate_percent: dec(step.rate).times(100).toFixed(),
        period_start: row.time_at - HOUR,
        period_end: row.time_at,
        paid: row.amount,
        recorded: row.amount,
        carry_in: previousCarry,
      });
      expect(b.paid).toBe(paid.toFixed()); // the independent chain, to the 8th decimal
      // The database's division and this test's agree far below the 8th decimal.
      expect(dec(b.gross).minus(gross).abs().lt('1e-15')).toBe(true);
      expect(dec(b.carry_in).plus(b.gross).toFixed()).toBe(b.total);
      expect(dec(b.paid).plus(b.carry_out).toFixed()).toBe(b.total);
      expect(dec(b.carry_out).lt('0.00000001')).toBe(true);
      expect(b.formula).toBe(
        `${step.principal} × ${dec(step.rate).times(100).toFixed()} % ÷ 8760 = ${b.gross}`,
      );
      previousCarry = b.carry_out;
    }
  });

  it("answers 404 for an hour without interest or another user's, and 400 without its hour", async () => {
    const other = new TestClient(server);
    await other.register();
    const history = await c.get<{ list: { time_at: number }[] }>('/apiw/v2/uni-loan/earn/history', {
      type: 3,
    });
    const hour = history.body.data.list[0]?.time_at ?? 0;
    const theirs = await other.get(WHY, { kind: 'flexible_hour', coin: 'USDT', hour });
    expect(theirs.status).toBe(404);
    const missing = await c.get(WHY, { kind: 'flexible_hour', coin: 'USDT', hour: hour - 100 * HOUR });
    expect(missing.status).toBe(404);
    const bad = await c.get<{ key: string; params: { field: string } }>(WHY, {
      kind: 'flexible_hour',
      coin: 'USDT',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.key).toBe('common.invalidParams');
    expect(bad.body.message).toBe('coin and hour are required for flexible_hour');
    expect(bad.body.data.params).toEqual({ field: 'coin,hour' });
    const odd = await c.get<{ key: string }>(WHY, { kind: 'flexible_hour', coin: 'USDT', hour: hour + 1 });
    expect(odd.status).toBe(400);
  });
});
