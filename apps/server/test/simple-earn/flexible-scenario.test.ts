import { type Decimal, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, expectReconciled, flexProduct, setFlex, spot, startSimpleEarn, userWith } from './helpers';

const HOUR = 3600;
const floor8 = (d: Decimal) => d.toDecimalPlaces(8, 1);

interface Holding {
  asset: string;
  curr_amount: string;
  lend_amount: string;
  cumulative: string;
  principal: string;
  pending_amount: string;
  interest_balance: string;
  frozen_amount: string;
  frozen_status: number;
  bonus_cumulative: string;
}

describe('flexible simple earn on the test clock', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
  });
  afterAll(() => env.server.dispose());

  it('pays 10 000 USDT at 5 % over 48 hours, with a rate change and hours below the minimum APR, to the 8th decimal', {
    timeout: 300_000,
  }, async () => {
    const { op } = env;
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05' });
    const { c, id } = await userWith(env, { USDT: '10000' });
    await op.advance(600); // mid-hour: the subscription waits for the next whole hour
    const sub = await c.post(
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'USDT', amount: '10000', rateYear: '0.05' },
      { form: true },
    );
    expect(sub.body).toMatchObject({ code: 0, data: { asset: 'USDT', amount: '10000' } });
    await op.advance(HOUR - 600); // the hour of the subscription earns nothing
    let holdings = await c.get<{ list: Holding[]; total: number }>('/apiw/v2/uni-loan/earn/subscribe');
    expect(holdings.body.data.list[0]).toMatchObject({
      curr_amount: '10000',
      cumulative: '0',
      pending_amount: '10000',
    });

    // Hour plan: [rate, minimum APR set by the user before the hour].
    const plan: [string, string | null][] = [];
    for (let h = 0; h < 48; h++) {
      if (h < 10) plan.push(['0.05', null]);
      else if (h < 20)
        plan.push(['0.03', h === 10 ? '0.04' : null]); // the rate falls below the user's minimum: not lent
      else if (h < 30)
        plan.push(['0.045', null]); // the rate rises above the minimum
      else plan.push(['0.05', null]);
    }
    let exact = dec(0);
    let lastRate = '0.05';
    let minRate = dec(0);
    const hourly: Decimal[] = [];
    for (const [rate, min] of plan) {
      if (rate !== lastRate) {
        await setFlex(op, 'USDT', { next_time_rate_year: rate });
        lastRate = rate;
      }
      if (min !== null) {
        const res = await c.post(
          '/apiw/v2/uni-loan/earn/interest-rate',
          { asset: 'USDT', rateYear: min },
          { form: true },
        );
        expect(res.body.code, JSON.stringify(res.body)).toBe(0);
        minRate = dec(min);
      }
      const before = floor8(exact);
      if (minRate.lte(rate)) exact = exact.plus(dec(10000).times(rate).div(8760));
      hourly.push(floor8(exact).minus(before));
      await op.advance(HOUR);
    }
    const expected = floor8(exact);
    // Independent check of the figure itself: 28 h at 5 %, 10 h at 4.5 %.
    expect(expected.toFixed(8)).toBe(
      dec(10000)
        .times(dec('0.05').times(28).plus(dec('0.045').times(10)))
        .div(8760)
        .toDecimalPlaces(8, 1)
        .toFixed(8),
    );

    holdings = await c.get<{ list: Holding[]; total: number }>('/apiw/v2/uni-loan/earn/subscribe');
    const h = holdings.body.data.list[0] as Holding;
    expect(h.cumulative).toBe(expected.toFixed());
    expect(h.curr_amount).toBe(dec(10000).plus(expected).toFixed());
    expect(h.lend_amount).toBe('10000');

    // Hourly records: one per lent hour, each the floor difference, summing to the total.
    const hist = await c.get<{
      list: { amount: string; lend_principal: string; lend_rate_year: string }[];
      total: number;
    }>('/apiw/v2/uni-loan/earn/history', { type: 3, limit: 100 });
    expect(hist.body.data.total).toBe(
      hourly.filter((x, i) => x.gt(0) || plan[i]?.[0] !== undefined).length - 10,
    );
    const amounts = hist.body.data.list.map((r) => r.amount).reverse();
    expect(amounts).toEqual(hourly.filter((_, i) => i < 10 || i >= 20).map((x) => x.toFixed()));
    expect(hist.body.data.list.every((r) => r.lend_principal === '10000')).toBe(true);

    const daily = await c.get<{ list: { amount: string; hours: number }[] }>(
      '/apiw/v2/uni-loan/earn/history',
      {
        type: 3,
        is_daily_log: 1,
        time_zone: '+08:00',
        limit: 10,
      },
    );
    const dailySum = daily.body.data.list.reduce((s, r) => s.plus(r.amount), dec(0));
    expect(dailySum.toFixed()).toBe(expected.toFixed());
    expect(daily.body.data.list.reduce((s, r) => s + r.hours, 0)).toBe(38);

    const chart = await c.get<{ list: { time: number; value: string }[] }>('/apiw/v2/uni-loan/earn/chart', {
      asset: 'USDT',
      from: (await op.now()) - 60 * HOUR,
      to: await op.now(),
      type: 1,
    });
    // The 48 closed hours, then the hour in progress at the rate it pays now (issue 27).
    expect(chart.body.data.list.map((p) => p.value).slice(-49, -1)).toEqual(plan.map(([r]) => r));
    const nowAt = await op.now();
    expect(chart.body.data.list.at(-1)).toEqual({ time: nowAt - (nowAt % HOUR), value: lastRate });
    await expectReconciled(op);

    // Redeem everything, mid-hour: every coin is lent, and all of it (principal and interest, to the
    // 8th decimal) is in spot at once, as the rules say (issue 27: it used to wait for the hour).
    await op.advance(1200);
    const all = dec(10000).plus(expected).toFixed();
    const red = await c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: all }, { form: true });
    expect(red.body).toMatchObject({ code: 0, data: { amount: all, frozen_amount: '0' } });
    expect(await spot(env, id, 'USDT')).toBe(all);
    const callback = await c.post<{ frozen_amount: string; frozen_status: number; settle_at: number }>(
      '/apiw/v2/uni-loan/earn/redeem-callback',
      { asset: 'USDT' },
    );
    expect(callback.body.data).toMatchObject({ frozen_amount: '0', frozen_status: 0, settle_at: 0 });
    await expectReconciled(op);
    // The hour's close pays nothing more: the redeemed coins stopped earning when they left.
    await op.advance(HOUR);
    expect(await spot(env, id, 'USDT')).toBe(all);
    holdings = await c.get<{ list: Holding[]; total: number }>('/apiw/v2/uni-loan/earn/subscribe');
    expect(holdings.body.data.total).toBe(0);
    await expectReconciled(op);
  });
});
