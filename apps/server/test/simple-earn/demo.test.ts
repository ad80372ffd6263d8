import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/ops/seed/demo';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';

describe('simple earn demo catalogue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ modules: [simpleEarnModule], seedDemo: true });
  });
  afterAll(() => server.dispose());

  it('seeds flexible USDT, BTC, ETH, GT, fixed terms, VIP, special and sold-out products, and two vouchers', {
    timeout: 300_000,
  }, async () => {
    const c = new TestClient(server);
    expect(
      (await c.post('/api/web/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).body.code,
    ).toBe(0);
    const info = await c.get<{
      list: {
        asset: string;
        fixed_list: { id: number; type: number; lock_up_period: number; sale_status: number }[];
      }[];
    }>('/apiw/v2/uni-loan/earn/coin-info');
    const byAsset = new Map(info.body.data.list.map((p) => [p.asset, p]));
    expect([...byAsset.keys()].slice(0, 4)).toEqual(['USDT', 'BTC', 'ETH', 'GT']);
    const usdt = byAsset.get('USDT')?.fixed_list ?? [];
    expect(usdt.filter((p) => p.type === 1 && p.id > 0).map((p) => p.lock_up_period)).toEqual([7, 30, 90]);
    expect(usdt.some((p) => p.type === 2)).toBe(true);
    expect(usdt.some((p) => p.type === 3)).toBe(true);
    expect(byAsset.get('GT')?.fixed_list.find((p) => p.id > 0)?.sale_status).toBe(2);
    const vouchers = await c.get<{ list: unknown[] }>('/apiw/v2/uni-loan/earn/coupon-recommend');
    expect(vouchers.body.data.list).toHaveLength(2);
    const flex = await c.get<{ list: { asset: string; curr_amount: string }[] }>(
      '/apiw/v2/uni-loan/earn/subscribe',
    );
    expect(flex.body.data.list).toEqual([expect.objectContaining({ asset: 'USDT', curr_amount: '2000' })]);
    const fixed = await c.get<{ list: { asset: string; principal: string }[] }>(
      '/apiw/v2/fixed_earn/api/user/lend',
    );
    expect(fixed.body.data.list).toEqual([expect.objectContaining({ asset: 'GT', principal: '500' })]);
    const home = await c.get<{ lines: { line: string; apr: string }[] }>('/api/web/v1/earn/home');
    // The best any amount earns, and the amount it needs: USDT flexible, 5.23 % + 10 % on the first 500.
    expect(home.body.data.lines.find((l) => l.line === 'simple-earn')).toEqual({
      line: 'simple-earn',
      asset: 'USDT',
      apr: '15.23',
      up_to_amount: '500',
    });
    const op = new Operator(server);
    await op.advance(3 * 3600);
    expect((await op.reconciliation()).differences).toEqual([]);
  });
});
