import {
  type AprTerms,
  blendedApr,
  dec,
  fixedTermPayout,
  flexibleHourPayout,
  SimpleEarnHistoryType,
  voucherAprOverTerm,
} from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY,
  type Env,
  expectReconciled,
  fixedProduct,
  flexProduct,
  HOUR,
  spot,
  startSimpleEarn,
  toNextHour,
  userWith,
  voucher,
} from './helpers';

/**
 * The APR the answers give is what the engines then pay (issue 17): a subscription's blended APR,
 * the holding's and the history's, against the hourly rows and the maturity payout on the test clock.
 */

const LADDER = [
  { left: '0', right: '500', apr: '0.1' },
  { left: '500', right: '2000', apr: '0.03' },
];
const TERMS: AprTerms = { baseApr: '0.0523', bonusTiers: LADDER };

interface AprDetail {
  apr: string;
  amount: string;
  held: string;
  interest_year: string;
  tiers: { from: string; to: string | null; apr: string; amount: string; interest_year: string }[];
}
interface Blended {
  blended_apr: string;
  apr_detail: AprDetail;
}
interface HistoryRow {
  type: number;
  asset: string;
  amount: string;
  time_at: number;
  blended_apr: string;
  bonus_asset: string;
}

async function hourRows(c: Awaited<ReturnType<typeof userWith>>['c'], type: number) {
  const res = await c.get<{ list: HistoryRow[] }>(`/apiw/v2/uni-loan/earn/history?type=${type}&limit=50`);
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

describe('blended APR = what the engine pays', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
    // USDT flexible as in the demo catalogue, its bonus paid in GT (20 USDT); BTC with its bonus in BTC.
    await flexProduct(env.op, {
      asset: 'USDT',
      next_time_rate_year: '0.0523',
      is_open_award_pool: true,
      award_asset: 'GT',
      ladder_apr: LADDER,
    });
    await flexProduct(env.op, {
      asset: 'USDC',
      next_time_rate_year: '0.0523',
      is_open_award_pool: true,
      ladder_apr: LADDER,
    });
  });
  afterAll(() => env.server.dispose());

  it('flexible 5,000 USDT: answers 7.13 % with its tiers, and each hour pays amount × 7.13 % ÷ 8,760 as the engine rounds', {
    timeout: 120_000,
  }, async () => {
    const u = await userWith(env, { USDT: '5000' });
    await toNextHour(env, 600);
    const sub = await u.c.post<{ asset: string; amount: string } & Blended>(
      '/apiw/v2/uni-loan/earn/subscribe',
      {
        asset: 'USDT',
        amount: '5000',
      },
    );
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(0);
    const expected = blendedApr('5000', TERMS);
    expect(expected.apr.toFixed()).toBe('0.0713');
    expect(sub.body.data.blended_apr).toBe('0.0713');
    expect(sub.body.data.apr_detail).toEqual({
      apr: '0.0713',
      base_apr: '0.0523',
      bonus_apr: '0.019',
      voucher_apr: '0',
      amount: '5000',
      held: '0',
      interest_year: '356.5',
      tiers: [
        { from: '0', to: '500', apr: '0.1523', amount: '500', interest_year: '76.15' },
        { from: '500', to: '2000', apr: '0.0823', amount: '1500', interest_year: '123.45' },
        { from: '2000', to: null, apr: '0.0523', amount: '3000', interest_year: '156.9' },
      ],
    });

    // The subscription earns from the next whole hour; three hours later three hours were paid.
    await toNextHour(env);
    await env.op.advance(3 * HOUR);
    const interest = (await hourRows(u.c, SimpleEarnHistoryType.interest)).reverse();
    const bonus = (await hourRows(u.c, SimpleEarnHistoryType.bonus)).reverse();
    expect(interest).toHaveLength(3);
    expect(bonus).toHaveLength(3);
    const ratio = dec(1).div(20); // USDT price / GT price
    for (let hour = 1; hour <= 3; hour++) {
      const engine = flexibleHourPayout('5000', TERMS, { priceRatio: ratio, hour });
      expect(interest[hour - 1]?.amount).toBe(engine.interest.toFixed());
      expect(bonus[hour - 1]).toMatchObject({ amount: engine.bonus.toFixed(), bonus_asset: 'GT' });
      // In USDT's value the hour is amount × blended APR ÷ 8,760, each part cut to 8 decimals.
      const exact = dec('5000').times(sub.body.data.blended_apr).div(8760);
      const paid = dec(interest[hour - 1]?.amount ?? 0).plus(dec(bonus[hour - 1]?.amount ?? 0).div(ratio));
      expect(exact.minus(paid).abs().lt('0.0000004')).toBe(true);
    }
    expect(interest[0]?.amount).toBe('0.02985159');
    expect(bonus[0]?.amount).toBe('0.00054223');

    // The holding card and the history record carry the same figure as the success answer.
    const holdings = await u.c.get<{ list: (Blended & { asset: string })[] }>(
      '/apiw/v2/uni-loan/earn/subscribe',
    );
    const holding = holdings.body.data.list.find((h) => h.asset === 'USDT');
    expect(holding?.blended_apr).toBe('0.0713');
    expect(holding?.apr_detail).toEqual(sub.body.data.apr_detail);
    const [record] = await hourRows(u.c, SimpleEarnHistoryType.subscribe);
    expect(record).toMatchObject({ amount: '5000', blended_apr: '0.0713' });
    await expectReconciled(env.op);
  });

  it('flexible with the bonus in the same coin: the hour is amount × blended APR ÷ 8,760 to the 8th decimal', {
    timeout: 120_000,
  }, async () => {
    const u = await userWith(env, { USDC: '5000' });
    await toNextHour(env, 60);
    const sub = await u.c.post<Blended>('/apiw/v2/uni-loan/earn/subscribe', {
      asset: 'USDC',
      amount: '5000',
    });
    expect(sub.body.data.blended_apr).toBe('0.0713');
    await toNextHour(env);
    await env.op.advance(HOUR);
    const [interest] = await hourRows(u.c, SimpleEarnHistoryType.interest);
    const [bonus] = await hourRows(u.c, SimpleEarnHistoryType.bonus);
    const paid = dec(interest?.amount ?? 0).plus(bonus?.amount ?? 0);
    // 356.5 / 8760 = 0.0406963470…: interest 0.02985159 + bonus 0.01084474 = 0.04069633, the 8-decimal
    // floor of each part (the engine rounds interest and bonus apart, carrying each fraction).
    expect(paid.toFixed()).toBe('0.04069633');
    expect(dec(5000).times('0.0713').div(8760).toDecimalPlaces(8, 1).toFixed()).toBe('0.04069634');
    const engine = flexibleHourPayout('5000', TERMS);
    expect(paid.eq(engine.interest.plus(engine.bonus))).toBe(true);
  });

  it('a second subscription is placed above the holding: its answer is the whole holding’s APR', {
    timeout: 120_000,
  }, async () => {
    const u = await userWith(env, { USDT: '3000' });
    const first = await u.c.post<Blended>('/apiw/v2/uni-loan/earn/subscribe', {
      asset: 'USDT',
      amount: '400',
    });
    expect(first.body.data.blended_apr).toBe('0.1523');
    await toNextHour(env);
    // The holding exists now: the fast path answers, with the same rule.
    const second = await u.c.post<Blended>('/apiw/v2/uni-loan/earn/subscribe', {
      asset: 'USDT',
      amount: '1600',
    });
    expect(second.body.data.blended_apr).toBe(blendedApr('2000', TERMS).apr.toFixed());
    expect(second.body.data.blended_apr).toBe('0.0998');
    const holdings = await u.c.get<{ list: Blended[] }>('/apiw/v2/uni-loan/earn/subscribe');
    expect(holdings.body.data.list[0]?.blended_apr).toBe('0.0998');
  });

  it('products answer their bonus tiers and "up to" with the amount it needs', async () => {
    const c = (await userWith(env)).c;
    const res = await c.get<{
      list: {
        asset: string;
        fixed_list: {
          id: number;
          bonus_tiers: unknown[];
          apr_up_to: { apr: string; amount: string | null };
        }[];
      }[];
    }>('/apiw/v2/uni-loan/earn/coin-info');
    const usdt = res.body.data.list.find((d) => d.asset === 'USDT')?.fixed_list.find((p) => p.id === 0);
    expect(usdt?.apr_up_to).toEqual({ apr: '0.1523', amount: '500' });
    expect(usdt?.bonus_tiers).toEqual(LADDER);
  });

  it('the APR chart plots what the card states, base + bonus, up to the hour in progress (issue 27)', async () => {
    const c = (await userWith(env)).c;
    await env.op.advance(2 * HOUR);
    const now = await env.op.now();
    const hourStart = now - (now % HOUR);
    type Point = { time: number; value: string };
    const chart = async (type: number) =>
      (
        await c.get<{ list: Point[] }>('/apiw/v2/uni-loan/earn/chart', {
          asset: 'USDT',
          from: now - DAY,
          to: now,
          type,
        })
      ).body.data.list;
    const hourly = await chart(1);
    // 5.23 % base + the ladder's best 10 % = the card's "up to" 15.23 %, not the base 5.23 % alone.
    expect(hourly.at(-1)).toEqual({ time: hourStart, value: '0.1523' });
    expect(hourly.at(-2)).toEqual({ time: hourStart - HOUR, value: '0.1523' });
    expect(hourly.at(-3)).toEqual({ time: hourStart - 2 * HOUR, value: '0.1523' });
    expect(hourly.every((p) => p.value === '0.1523')).toBe(true);
    const daily = await chart(2);
    expect(daily.at(-1)).toEqual({ time: hourStart - (hourStart % DAY), value: '0.1523' });
  });

  it('fixed 1,500 USDT for 7 days with a GT ladder and a voucher: the answer’s APR is what maturity pays', {
    timeout: 300_000,
  }, async () => {
    const ladder = [{ left: '0', right: '1000', apr: '0.02' }];
    const productId = await fixedProduct(env.op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.1',
      bonus_asset: 'GT',
      ladder_apr: ladder,
      title: 'USDT 7 days',
    });
    const u = await userWith(env, { USDT: '1500' });
    const voucherId = await voucher(env.op, {
      user: u.id,
      rate_day: 3,
      rate_ratio: '2',
      buy_limit_low: '100',
      buy_limit_high: '0',
      using_currency: 'USDT',
    });
    const res = await u.c.post<
      Blended & { order_id: number; total_interest: string; bonus_info: { bonus_amount: string } }
    >('/apiw/v2/fixed_earn/api/user/lend', {
      product_id: productId,
      amount: '1500',
      financial_rate_id: voucherId,
      redeem_account_type: 1,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const terms: AprTerms = { baseApr: '0.1', bonusTiers: ladder, voucherApr: voucherAprOverTerm('2', 3, 7) };
    const apr = blendedApr('1500', terms).apr;
    // 10 % + 1,000 × 2 % / 1,500 + 2 % × 3/7 = 12.19047619… %
    expect(apr.times(100).toFixed(6)).toBe('12.190476');
    expect(res.body.data.blended_apr).toBe(apr.toDecimalPlaces(18, 1).toFixed());
    const payout = fixedTermPayout(
      '1500',
      { yearRate: '0.1', termDays: 7, bonusTiers: ladder, voucher: { rateRatioPercent: '2', rateDay: 3 } },
      dec(1).div(20),
    );
    expect(res.body.data.total_interest).toBe(payout.interest.plus(payout.voucher).toFixed());
    expect(res.body.data.bonus_info.bonus_amount).toBe(payout.bonus.toFixed());
    // Over the term the three parts, in USDT's value, are amount × APR / 365 × 7 less what the cuts take.
    const exact = dec(1500).times(apr).div(365).times(7);
    const paidValue = payout.interest.plus(payout.voucher).plus(payout.bonus.times(20));
    expect(exact.minus(paidValue).abs().lt('0.000001')).toBe(true);

    // Holding and history show the same figure.
    const held = await u.c.get<{ list: (Blended & { order_id: number })[] }>(
      '/apiw/v2/fixed_earn/api/user/lend',
    );
    expect(held.body.data.list.find((o) => o.order_id === res.body.data.order_id)?.blended_apr).toBe(
      res.body.data.blended_apr,
    );
    const history = await u.c.get<{ list: HistoryRow[] }>('/apiw/v2/fixed_earn/api/user/history?type=1');
    expect(history.body.data.list[0]?.blended_apr).toBe(res.body.data.blended_apr);

    // At maturity: principal + interest + voucher yield to spot in USDT, the bonus in GT.
    await env.op.advance(9 * DAY);
    expect(await spot(env, u.id, 'USDT')).toBe(
      dec(1500).plus(payout.interest).plus(payout.voucher).toFixed(),
    );
    expect(await spot(env, u.id, 'GT')).toBe(payout.bonus.toFixed());
    await expectReconciled(env.op);
  });
});
