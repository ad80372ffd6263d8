import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operator, TestServer } from '../harness';
import {
  createProject,
  LP,
  newUser,
  pool,
  ridOf,
  simpleEarnProducts,
  startLaunchPool,
} from '../launch-pool/helpers';

const ARRIVAL = '/api/web/v1/earn/redeem-arrival';
const DAY = 86_400;
interface Arrival {
  line: string;
  rule: string;
  arrives_at: number;
  term_payout_at: number | null;
  server_now: number;
}

/**
 * A launch-pool redemption is instant: the preview names where the coins go (spot, flexible simple earn
 * or the stake's fixed term) as the redeem call then does, and when a fixed term pays them out.
 */
describe('redemption arrival: launch pool', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
    // GT: flexible and a 30-day term on sale; USDC: no simple-earn product at all.
    await simpleEarnProducts(op, 'GT', { flexible: '0.05', fixed: { period: 30, rate: '0.08' } });
  });
  afterAll(() => server.dispose());

  it('previews spot, flexible and fixed, and the redeem goes exactly there', async () => {
    const start = (await op.now()) + 3600;
    const simpleEarn = { status: 1, fixed_period: 30, fixed_rate: '0', rate: '0', ext_rate: '0' };
    const project = await createProject(op, {
      start,
      hours: 3,
      pools: [
        pool('GT', { personal_min_amount: '1', personal_max_amount: '1000', simple_earn: simpleEarn }),
        pool('USDC', { personal_min_amount: '1', personal_max_amount: '1000', simple_earn: simpleEarn }),
      ],
    });
    const gt = ridOf(project, 0);
    const usdc = ridOf(project, 1);
    const flexUser = await newUser(server, op, { GT: '100', USDC: '100' });
    const fixedUser = await newUser(server, op, { GT: '100' });
    const stake = (u: typeof flexUser, rid: number, status: number, period?: number) =>
      u.client.post(`${LP}/create-order`, {
        pid: project.pid,
        rid,
        amount: '50',
        simpleEarnStatus: status,
        ...(period ? { simpleEarnPeriod: period } : {}),
      });
    expect((await stake(flexUser, gt, 1)).body.code).toBe(0);
    expect((await stake(flexUser, usdc, 0)).body.code).toBe(0);
    expect((await stake(fixedUser, gt, 1, 30)).body.code).toBe(0);
    await op.advance(1800);
    const now = await op.now();
    const preview = async (u: typeof flexUser, rid: number, status: string) => {
      const res = await u.client.get<Arrival>(ARRIVAL, {
        line: 'launch_pool',
        rid,
        simple_earn_status: status,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return res.body.data;
    };
    const redeem = async (u: typeof flexUser, rid: number, status: number) => {
      const res = await u.client.post<{ destination: string }>(`${LP}/redeem`, {
        pid: project.pid,
        rid,
        amount: '10',
        simpleEarnStatus: status,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return res.body.data.destination;
    };

    expect(await preview(flexUser, gt, '0')).toEqual({
      line: 'launch_pool',
      rule: 'launchpool_spot',
      arrives_at: now,
      estimated: false,
      term_payout_at: null,
      server_now: now,
      zone: 'UTC',
    });
    expect(await redeem(flexUser, gt, 0)).toBe('spot');
    expect(await preview(flexUser, gt, '1')).toMatchObject({ rule: 'launchpool_flexible', arrives_at: now });
    expect(await redeem(flexUser, gt, 1)).toBe('flexible');
    // No USDC product in simple earn: the toggle cannot take the coins anywhere but spot.
    expect(await preview(flexUser, usdc, '1')).toMatchObject({ rule: 'launchpool_spot' });
    expect(await redeem(flexUser, usdc, 1)).toBe('spot');

    // A fixed-period stake goes into its 30-day term whatever the toggle says: interest from the next
    // UTC day, maturity 30 days on, paid out 30 minutes after.
    const term = await preview(fixedUser, gt, '0');
    const nextDay = Math.floor(now / DAY) * DAY + DAY;
    expect(term).toMatchObject({
      rule: 'launchpool_fixed',
      arrives_at: now,
      term_payout_at: nextDay + 30 * DAY + 1800,
    });
    expect(await redeem(fixedUser, gt, 0)).toBe('fixed');
    // The order the redemption opened matures where the preview said.
    const orders = await fixedUser.client.get<{ list: { finish_time: number }[] }>(
      '/apiw/v2/fixed_earn/api/user/lend',
      { order_type: 1 },
    );
    expect(orders.body.data.list.map((o) => o.finish_time)).toEqual([(term.term_payout_at ?? 0) - 1800]);

    // Another line's query without its pool is bad input.
    const bad = await flexUser.client.get(ARRIVAL, { line: 'launch_pool' });
    expect(bad.status).toBe(400);
  });
});
