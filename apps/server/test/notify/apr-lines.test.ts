import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/db/client';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { createProject, LP, pool, ridOf } from '../launch-pool/helpers';
import { fixedProduct } from '../simple-earn/helpers';
import { acceptStaking } from '../staking/helpers';
import { inbox } from './helpers';

const PATH = '/api/web/v1/earn/apr-alerts';

interface Alert {
  id: number;
  line: string;
  asset: string;
  product_id: number | null;
  current_apr: string | null;
  fired: number;
}

/**
 * APR alerts and APR changes on every line a user can hold beside flexible savings: fixed products,
 * staking (a product's own rate, or a defi protocol's), launch pools and soft staking. Those rates
 * change when the operator edits them, so the edit's transaction tells holders and fires alerts, once
 * per crossing, with no clock movement at all (two changes at one instant are two causes).
 */
describe('APR alerts and changes on staking, launch pools, soft staking and fixed products', () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let stakingId: number;
  let rid: number;
  let fixedId: number;

  const put = async (path: string, body: Record<string, unknown>) => {
    const res = await op.call('PUT', path, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  };
  const add = (body: Record<string, unknown>) => c.post<Alert>(PATH, body);
  const list = async () => (await c.get<{ list: Alert[]; total: number }>(PATH)).body.data;
  const titles = async (kind: string, lang = 'en') =>
    (await inbox(c, { kind, lang })).list.map((i) => i.title).reverse();

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
    const staking = await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
    });
    expect(staking.body.code, JSON.stringify(staking.body)).toBe(0);
    stakingId = staking.body.data.id;
    const now = await op.now();
    const start = Math.ceil((now + 1) / 3600) * 3600;
    const project = await createProject(op, {
      start,
      hours: 48,
      pools: [pool('GT', { rate_year: '25' })],
    });
    rid = ridOf(project);
    await op.advance(start - now + 60);
    await put('/admin/api/soft-staking/coins/USDT', { rate: '2' });
    fixedId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 30, year_rate: '0.06' });

    c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'ETH', '10');
    await op.deposit(id, 'GT', '500');
    await op.deposit(id, 'USDT', '100');
    await acceptStaking(c, 'ETH');
    const staked = await c.post('/apiw/v2/earn/staking/coin-swap-verify', {
      side: 0,
      coin: 'ETH',
      amount: '1',
    });
    expect(staked.body.code, JSON.stringify(staked.body)).toBe(0);
    const lp = await c.post(
      `${LP}/create-order`,
      { pid: project.pid, rid, amount: '100', simpleEarnStatus: 0 },
      { form: true },
    );
    expect(lp.body.code, JSON.stringify(lp.body)).toBe(0);
    expect((await c.post('/apiw/v2/earn/soft-staking/switch', { status: true })).body.code).toBe(0);
  });
  afterAll(() => server.dispose());

  it('sets alerts on each line with its current APR, and refuses what names no product', async () => {
    const cases: [Record<string, unknown>, Partial<Alert>][] = [
      [
        { line: 'staking', asset: 'ETH', direction: 'above', apr: '8' },
        { product_id: null, current_apr: '3' },
      ],
      [
        { line: 'launchpool', asset: 'GT', product_id: rid, direction: 'below', apr: '20' },
        { product_id: rid, current_apr: '25' },
      ],
      [
        { line: 'soft_staking', asset: 'USDT', direction: 'above', apr: '5' },
        { product_id: null, current_apr: '2' },
      ],
      [
        { line: 'fixed', asset: 'USDT', product_id: fixedId, direction: 'above', apr: '7' },
        { product_id: fixedId, current_apr: '6' },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await add(body);
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      expect(res.body.data).toMatchObject({ line: body.line, asset: body.asset, fired: 0, ...expected });
    }

    const before = await list();
    const refused: [Record<string, unknown>, number, string][] = [
      [
        { line: 'launchpool', asset: 'GT', direction: 'above', apr: '8' },
        400,
        'earn.aprAlert.productRequired',
      ],
      [
        { line: 'launchpool', asset: 'GT', product_id: 999999, direction: 'above', apr: '8' },
        404,
        'earn.aprAlert.productNotFound',
      ],
      // The pool stakes GT, not USDT.
      [
        { line: 'launchpool', asset: 'USDT', product_id: rid, direction: 'above', apr: '8' },
        404,
        'earn.aprAlert.productNotFound',
      ],
      [{ line: 'staking', asset: 'BTC', direction: 'above', apr: '8' }, 404, 'earn.aprAlert.productNotFound'],
      [
        { line: 'staking', asset: 'ETH', product_id: 999999, direction: 'above', apr: '8' },
        404,
        'earn.aprAlert.productNotFound',
      ],
      [
        { line: 'soft_staking', asset: 'BTC', direction: 'above', apr: '8' },
        404,
        'earn.aprAlert.productNotFound',
      ],
      [{ line: 'savings', asset: 'USDT', direction: 'above', apr: '8' }, 400, 'common.invalidParams'],
      [{ line: 'soft_staking', asset: 'USDT', direction: 'above', apr: '5' }, 409, 'earn.aprAlert.duplicate'],
    ];
    for (const [body, status, key] of refused) {
      const res = await add(body);
      expect([res.status, (res.body.data as { key?: string }).key], JSON.stringify(body)).toEqual([
        status,
        key,
      ]);
    }
    expect(await list()).toEqual(before);
  });

  it('a staking rate edit fires the alert once per crossing and tells the holder each change', async () => {
    const edit = (rate: string) => put(`/admin/api/staking/products/${stakingId}`, { rate });
    await edit('9');
    expect(await titles('apr_alert')).toEqual(['ETH Staking APR reached 8 %']);
    // Still above: no new crossing. Down and up again: a second one. All at one instant.
    await edit('10');
    await edit('5');
    await edit('8.5');
    expect(await titles('apr_alert', 'zh-CN')).toEqual([
      'ETH 质押年化收益率已达到 8%',
      'ETH 质押年化收益率已达到 8%',
    ]);
    const changed = (await inbox(c, { kind: 'apr_changed', lang: 'en' })).list.map((i) => i.body).reverse();
    expect(changed).toEqual([
      'The APR of ETH Staking, which you hold, changed from 3 % to 9 %.',
      'The APR of ETH Staking, which you hold, changed from 9 % to 10 %.',
      'The APR of ETH Staking, which you hold, changed from 10 % to 5 %.',
      'The APR of ETH Staking, which you hold, changed from 5 % to 8.5 %.',
    ]);
    // An edit that leaves the rate alone tells nothing.
    await put(`/admin/api/staking/products/${stakingId}`, { min_redeem_amount: '0.01' });
    expect((await inbox(c, { kind: 'apr_changed' })).list).toHaveLength(4);
    expect((await list()).list.find((a) => a.line === 'staking')).toMatchObject({
      fired: 2,
      current_apr: '8.5',
    });
  });

  it('a product that stakes through protocols is watched per protocol', async () => {
    const added = await op.call<{ pid: number }>(
      'POST',
      `/admin/api/staking/products/${stakingId}/protocols`,
      {
        protocol_name: 'Lido',
        reward_coin: 'ETH',
        rate: '4',
      },
    );
    expect(added.body.code, JSON.stringify(added.body)).toBe(0);
    const pid = added.body.data.pid;
    const before = await list();
    const bare = await add({ line: 'staking', asset: 'ETH', direction: 'below', apr: '3' });
    expect([bare.status, (bare.body.data as { key?: string }).key]).toEqual([
      400,
      'earn.aprAlert.productRequired',
    ]);
    expect((await list()).total).toBe(before.total);
    // The product-level alert has no rate to watch any more.
    expect(before.list.find((a) => a.line === 'staking')?.current_apr).toBeNull();
    const res = await add({ line: 'staking', asset: 'ETH', product_id: pid, direction: 'below', apr: '3' });
    expect(res.body.data).toMatchObject({ product_id: pid, current_apr: '4' });
    await put(`/admin/api/staking/protocols/${pid}`, { rate: '2.5' });
    expect((await titles('apr_alert')).at(-1)).toBe('ETH Staking APR fell below 3 %');
  });

  it('a launch pool’s rate edits fire its alert once per crossing', async () => {
    await put(`/admin/api/launch-pool/pools/${rid}`, { rate_year: '15' });
    expect((await titles('apr_alert')).at(-1)).toBe('GT Launchpool APR fell below 20 %');
    const held = (await inbox(c, { kind: 'apr_changed', lang: 'en' })).list[0];
    expect(held?.body).toBe('The APR of GT Launchpool, which you hold, changed from 25 % to 15 %.');
    // Back above, then below again through the pool's own rate: the second crossing.
    await put(`/admin/api/launch-pool/pools/${rid}`, { rate_year: '30' });
    await put(`/admin/api/launch-pool/pools/${rid}`, { rate_year: '10' });
    const pools = (await list()).list.filter((a) => a.line === 'launchpool');
    expect(pools.map((a) => [a.fired, a.current_apr])).toEqual([[2, '10']]);
  });

  it('soft staking and fixed products fire at the operator’s edit, without waiting for the hour', async () => {
    const before = await op.now();
    await put('/admin/api/soft-staking/coins/USDT', { rate: '5.5' });
    await put(`/admin/api/simple-earn/fixed-products/${fixedId}`, { year_rate: '0.075' });
    expect(await op.now()).toBe(before);
    const fired = await titles('apr_alert');
    expect(fired.slice(-2)).toEqual([
      'USDT Soft staking APR reached 5 %',
      'USDT Fixed savings APR reached 7 %',
    ]);
    // The soft-staking holder (switched on, USDT in spot) is told; nobody holds the fixed product.
    const changed = (await inbox(c, { kind: 'apr_changed', lang: 'zh-CN' })).list[0];
    expect(changed?.title).toBe('USDT 软质押年化收益率已变更');
    // The hourly look that follows finds nothing new.
    const count = async () =>
      (await rows<{ n: number }>(server.deps.db, sql`SELECT COUNT(*)::int AS n FROM notifications`))[0]?.n;
    const items = await count();
    await op.advance(2 * 3600);
    const kinds = await rows<{ kind: string }>(
      server.deps.db,
      sql`SELECT kind FROM notifications ORDER BY id OFFSET ${items}`,
    );
    expect(kinds.filter((k) => k.kind === 'apr_alert' || k.kind === 'apr_changed')).toEqual([]);
  });
});
