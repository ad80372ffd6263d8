import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPoolModule } from '../../src/lines/launch-pool';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { stakingModule } from '../../src/lines/staking';
import { breakdownModule } from '../../src/views/breakdown';
import { statementsModule } from '../../src/views/statements';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { createProject, expectReconciled, LP, pool, ridOf, simpleEarnProducts } from '../launch-pool/helpers';
import { flexProduct, HOUR, setFlex } from '../simple-earn/helpers';
import { acceptStaking, advanceTo, DAY, toNextMidnight } from '../staking/helpers';

const WHY = '/api/web/v1/earn/rewards/breakdown';
/** The test's own arithmetic: far more digits than any payout needs, nothing shared with the server. */
const D = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_DOWN });
const floor = (x: Decimal, places: number) => x.toDecimalPlaces(places, Decimal.ROUND_DOWN);
const YEAR = 365 * DAY;

interface Tier {
  from: string;
  to: string | null;
  amount: string;
  rate_percent: string;
  per_year: string;
}
interface Breakdown {
  kind: string;
  coin: string;
  principal: string;
  principal_coin: string;
  rate_percent: string | null;
  period_start: number;
  period_end: number;
  formula: string;
  gross: string;
  carry_in: string;
  total: string;
  paid: string;
  carry_out: string;
  recorded: string;
  carried: boolean;
  tiered: { tiers: Tier[]; per_year: string; seconds: number; price_ratio: string | null } | null;
  interest: {
    mode: string;
    acc_step: string;
    earlier: string;
    stake_interest: string;
    steady: boolean;
  } | null;
}

/** Σ over tiers [from, to) of the principal's part × rate (rates as fractions). */
function perYear(principal: string, tiers: [string, string | null, string][]): Decimal {
  return tiers.reduce((sum, [from, to, rate]) => {
    const top = to === null ? new D(principal) : D.min(principal, to);
    return sum.plus(D.max(0, top.minus(from)).times(rate));
  }, new D(0));
}

describe('why this reward: tiered and auto-earn payouts', { timeout: 600_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let userId: number;

  beforeAll(async () => {
    server = await startTestServer({
      modules: [stakingModule, simpleEarnModule, launchPoolModule, statementsModule, breakdownModule],
    });
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
    c = new TestClient(server);
    userId = await c.register();
  });
  afterAll(() => server.dispose());

  it('staking campaign days: money tiers × the seconds the campaign ran, each day to the paid amount', async () => {
    await op.deposit(userId, 'ETH', '20');
    const m0 = await toNextMidnight(op, 3600);
    const product = await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3.33',
      min_mortgage_amount: '0.01',
      min_redeem_amount: '0.1',
      income_days: 3,
      extra: { redeem_maxday: 3 },
    });
    expect(product.body.code, JSON.stringify(product.body)).toBe(0);
    const tiers: [string, string | null, string][] = [
      ['0', '5', '0.02'],
      ['5', null, '0.0075'],
    ];
    // The campaign starts 1,234 s into day 1 and ends 7,777 s into day 3: two partial days and a whole one.
    const campaignStart = m0 + DAY + 1234;
    const campaignEnd = m0 + 3 * DAY + 7777;
    const campaign = await op.call('POST', `/admin/api/staking/products/${product.body.data.id}/campaigns`, {
      pid: 0,
      reward_coin: 'GT',
      start_time: campaignStart,
      end_time: campaignEnd,
      interest: tiers.map(([min, max, rate]) => ({
        money_min: min,
        money_max: max ?? '-1',
        money_rate: rate,
      })),
    });
    expect(campaign.body.code, JSON.stringify(campaign.body)).toBe(0);
    await acceptStaking(c, 'ETH');
    const staked = await c.post('/apiw/v2/earn/staking/coin-swap-verify', {
      side: 0,
      coin: 'ETH',
      amount: '12.34567891',
    });
    expect(staked.body.code, JSON.stringify(staked.body)).toBe(0);
    await advanceTo(op, m0 + 5 * DAY + 3600);
    const records = await c.get<{
      list: {
        id: number;
        day: number;
        amount: string;
        mortgage_amount: string;
        type: string;
        reward_coin: string;
      }[];
    }>('/apiw/v2/earn/staking/coin-user-profit-records', { coin: 'ETH', page: 1, limit: 50 });
    const bonus = records.body.data.list.filter((r) => r.type === 'bonus').reverse();
    expect(bonus.map((r) => r.day)).toEqual([m0 + DAY, m0 + 2 * DAY, m0 + 3 * DAY]);

    let carry = new D(0);
    for (const r of bonus) {
      const seconds = Math.min(r.day + DAY, campaignEnd) - Math.max(r.day, campaignStart);
      const yearly = perYear(r.mortgage_amount, tiers);
      const gross = floor(yearly.times(seconds).div(YEAR), 18);
      const total = carry.plus(gross);
      const paid = floor(total, 8);
      const res = await c.get<Breakdown>(WHY, { kind: 'staking_day', id: r.id });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      const b = res.body.data;
      expect(b).toMatchObject({
        kind: 'staking_day',
        coin: 'GT',
        principal: r.mortgage_amount,
        principal_coin: 'ETH',
        period_start: r.day,
        period_end: r.day + DAY,
        gross: gross.toFixed(),
        carry_in: carry.toFixed(),
        total: total.toFixed(),
        paid: paid.toFixed(),
        carry_out: total.minus(paid).toFixed(),
        recorded: r.amount,
        carried: true,
        interest: null,
      });
      expect(b.paid).toBe(r.amount);
      expect(b.tiered).toEqual({
        tiers: [
          { from: '0', to: '5', amount: '5', rate_percent: '2', per_year: '0.1' },
          {
            from: '5',
            to: null,
            amount: new D(r.mortgage_amount).minus(5).toFixed(),
            rate_percent: '0.75',
            per_year: new D(r.mortgage_amount).minus(5).times('0.0075').toFixed(),
          },
        ],
        per_year: yearly.toFixed(),
        seconds,
        price_ratio: null,
      });
      expect(b.rate_percent).toBe(floor(yearly.div(r.mortgage_amount).times(100), 8).toFixed());
      expect(b.formula).toBe(
        `(5 × 2 % + ${new D(r.mortgage_amount).minus(5).toFixed()} × 0.75 %) × ${seconds} ÷ 31536000 = ${gross.toFixed()}`,
      );
      carry = total.minus(paid);
    }
    // The partial first day, written out: (5 × 2 % + 7.34567891 × 0.75 %) × 85,166 ÷ 31,536,000.
    expect(
      bonus[0] &&
        (await c.get<Breakdown>(WHY, { kind: 'staking_day', id: bonus[0].id })).body.data.tiered?.seconds,
    ).toBe(DAY - 1234);
    const other = new TestClient(server);
    await other.register();
    expect((await other.get(WHY, { kind: 'staking_day', id: bonus[0]?.id ?? 0 })).status).toBe(404);
  });

  it('flexible bonus hours: ladder tiers ÷ 8,760 × the price ratio, the fraction carried hour to hour', async () => {
    await op.deposit(userId, 'BTC', '3');
    // BTC, bonus in GT: ratio = BTC's price ÷ GT's. Ladder [0, 0.5) at 12 %, [0.5, 2) at 3.3 %.
    await flexProduct(op, {
      asset: 'BTC',
      next_time_rate_year: '0.02',
      min_lend_amount: '0.001',
      is_open_award_pool: true,
      award_asset: 'GT',
      ladder_apr: [
        { left: '0', right: '0.5', apr: '0.12' },
        { left: '0.5', right: '2', apr: '0.033' },
      ],
    });
    await op.setPrice('BTC', '61234.5');
    await op.setPrice('GT', '12.3');
    const ratio = new D('61234.5').div('12.3');
    const now = await op.now();
    await op.advance(HOUR - (now % HOUR) + 60);
    const subscribe = await c.post(
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'BTC', amount: '1.234567', rateYear: '0' },
      { form: true },
    );
    expect(subscribe.body.code, JSON.stringify(subscribe.body)).toBe(0);
    await op.advance(HOUR); // the subscription's own hour earns nothing
    await op.advance(3 * HOUR);
    // The ladder changes: the next hours pay by the new tiers, the earlier ones still by theirs.
    await setFlex(op, 'BTC', { ladder_apr: [{ left: '0', right: '1', apr: '0.05' }] });
    await op.advance(2 * HOUR);

    const history = await c.get<{
      list: {
        amount: string;
        time_at: number;
        asset: string;
        product_asset?: string;
        lend_principal: string;
      }[];
    }>('/apiw/v2/uni-loan/earn/history', { type: 4, limit: 100 });
    const rows = history.body.data.list.slice().reverse();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.asset === 'GT' && r.product_asset === 'BTC')).toBe(true);
    const ladders: [string, string | null, string][][] = [
      ...Array(3).fill([
        ['0', '0.5', '0.12'],
        ['0.5', '2', '0.033'],
      ]),
      ...Array(2).fill([['0', '1', '0.05']]),
    ];
    let cumulative = new D(0);
    let previousCarry = '0';
    for (const [i, row] of rows.entries()) {
      const tiers = ladders[i] as [string, string | null, string][];
      const before = floor(cumulative, 8);
      const exact = perYear('1.234567', tiers).div(8760).times(ratio);
      cumulative = cumulative.plus(exact);
      const paid = floor(cumulative, 8).minus(before);
      const res = await c.get<Breakdown>(WHY, {
        kind: 'flexible_bonus_hour',
        coin: 'BTC',
        hour: row.time_at,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      const b = res.body.data;
      expect(b).toMatchObject({
        kind: 'flexible_bonus_hour',
        coin: 'GT',
        principal: '1.234567',
        principal_coin: 'BTC',
        period_start: row.time_at - HOUR,
        period_end: row.time_at,
        paid: row.amount,
        recorded: row.amount,
        carry_in: previousCarry,
      });
      expect(b.paid, `hour ${i}`).toBe(paid.toFixed()); // the independent chain, to the 8th decimal
      // The database's division and this test's agree far below the 8th decimal.
      expect(new D(b.gross).minus(exact).abs().lt('1e-12'), `hour ${i} gross`).toBe(true);
      expect(new D(b.carry_in).plus(b.gross).toFixed()).toBe(b.total);
      expect(new D(b.paid).plus(b.carry_out).toFixed()).toBe(b.total);
      expect(b.tiered?.price_ratio).toBe(new D(b.tiered?.price_ratio ?? '0').toFixed());
      expect(new D(b.tiered?.price_ratio ?? '0').minus(ratio).abs().lt('1e-12')).toBe(true);
      expect(b.tiered?.seconds).toBe(3600);
      expect(b.tiered?.per_year).toBe(perYear('1.234567', tiers).toFixed());
      expect(b.formula).toMatch(/ ÷ 8760 × /);
      previousCarry = b.carry_out;
    }
    const before = await c.get(WHY, {
      kind: 'flexible_bonus_hour',
      coin: 'BTC',
      hour: (rows[0]?.time_at ?? 0) - 50 * HOUR,
    });
    expect(before.status).toBe(404);
  });

  it('launch-pool auto-earn interest hours: stake × the index step at simple earn’s rate, to the paid amount', async () => {
    await simpleEarnProducts(op, 'GT', { flexible: '0.0365', fixed: { period: 30, rate: '0.08' } });
    await op.deposit(userId, 'GT', '500');
    const now = await op.now();
    const start = now - (now % HOUR) + 2 * HOUR;
    const project = await createProject(op, {
      start,
      hours: 4,
      pools: [
        pool('GT', {
          personal_min_amount: '1',
          personal_max_amount: '1000',
          simple_earn: { status: 1, fixed_period: 0, fixed_rate: '0', rate: '0', ext_rate: '0' },
        }),
      ],
    });
    const rid = ridOf(project);
    await op.advance(start - 600 - (await op.now()));
    const stake = (amount: string) =>
      c.post(`${LP}/create-order`, { pid: project.pid, rid, amount, simpleEarnStatus: 1 });
    expect((await stake('123.45')).body.code, 'stake').toBe(0);
    // A second stake half-way through hour 2 settles what the first earned before it.
    await op.advance(start + 2 * HOUR + 1800 - (await op.now()));
    const second = await stake('76.55');
    expect(second.body.code, JSON.stringify(second.body)).toBe(0);
    await op.advance(start + 4 * HOUR + 60 - (await op.now()));

    // Independently: 3.65 % a year by the second on the stake; each hour pays the floor of the cumulative.
    // Stake-seconds add up exactly; the one division comes last, so the chain is exact wherever it ends.
    let stakeSeconds = new D(0);
    const earned = () => stakeSeconds.times('3.65').div(100).div(YEAR);
    let cumulative = new D(0);
    let previousCarry = '0';
    for (let hour = 0; hour < 4; hour++) {
      const hourStart = start + hour * HOUR;
      const before = floor(cumulative, 8);
      if (hour === 2)
        stakeSeconds = stakeSeconds.plus(new D('123.45').times(1800)).plus(new D('200').times(1800));
      else stakeSeconds = stakeSeconds.plus(new D(hour < 2 ? '123.45' : '200').times(HOUR));
      cumulative = earned();
      const paid = floor(cumulative, 8).minus(before);
      const res = await c.get<Breakdown>(WHY, { kind: 'launchpool_interest_hour', rid, hour: hourStart });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      const b = res.body.data;
      const label = `hour ${hour}`;
      expect(b, label).toMatchObject({
        kind: 'launchpool_interest_hour',
        coin: 'GT',
        principal: hour < 2 ? '123.45' : '200',
        principal_coin: 'GT',
        rate_percent: '3.65',
        period_start: hourStart,
        period_end: hourStart + HOUR,
        recorded: b.paid,
        carry_in: previousCarry,
        carried: true,
      });
      expect(b.paid, label).toBe(paid.toFixed());
      expect(b.interest?.mode).toBe('flexible');
      expect(b.interest?.steady, label).toBe(hour !== 2);
      if (hour === 2) expect(new D(b.interest?.earlier ?? '0').gt(0)).toBe(true);
      else
        expect(b.formula).toBe(`${b.principal} × 3.65 % × 3600 ÷ 31536000 = ${b.interest?.stake_interest}`);
      expect(
        new D(b.carry_out)
          .minus(cumulative.minus(floor(cumulative, 8)))
          .abs()
          .lt('1e-20'),
        label,
      ).toBe(true);
      expect(new D(b.paid).plus(b.carry_out).toFixed()).toBe(b.total);
      previousCarry = b.carry_out;
    }
    // The statement's interest rows of the pool open the same breakdowns.
    const statement = await c.get<{
      list: { amount: string; why: { kind: string; rid?: number; hour: number } | null }[];
    }>('/api/web/v1/earn/statements', { line: 'launch_pool', type: 'interest', limit: 50 });
    expect(statement.body.code, JSON.stringify(statement.body)).toBe(0);
    const hours = statement.body.data.list.map((r) => r.why).reverse();
    expect(hours).toEqual(
      [0, 1, 2, 3].map((h) => ({ kind: 'launchpool_interest_hour', rid, hour: start + h * HOUR })),
    );
    const other = new TestClient(server);
    await other.register();
    expect((await other.get(WHY, { kind: 'launchpool_interest_hour', rid, hour: start })).status).toBe(404);
    const bad = await c.get<{ key: string }>(WHY, { kind: 'launchpool_interest_hour', hour: start });
    expect(bad.status).toBe(400);
    expect(bad.body.data.key).toBe('common.invalidParams');
    await expectReconciled(op);
  });
});
