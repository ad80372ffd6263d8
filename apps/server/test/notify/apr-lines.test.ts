import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
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
  let pidOf: number;
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
      // Derived APR: 0.1 NOVA an hour × 0.5 USDT × 8760 ÷ (100 GT staked × 20 USDT) = 21.9 %.
      pools: [pool('GT', { rate_year: '25', reward_per_hour: '0.1' })],
    });
    rid = ridOf(project);
    pidOf = project.pid;
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
        // The pool's card shows the derived APR, not the configured 25 %: the alert watches that.
        { line: 'launchpool', asset: 'GT', product_id: rid, direction: 'below', apr: '20' },
        { product_id: rid, current_apr: '21.9' },
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

  it('a launch pool’s alert watches the APR its card shows, and fires at the hour once per crossing', async () => {
    const fired = async () => (await titles('apr_alert')).filter((t) => t.startsWith('GT Launchpool'));
    // The figure the card shows: the live one here, at or below the pool's set rate (issue 27).
    const derived = async () => {
      const res = await c.get<{
        list: { reward_pools: { rid: number; derived_apr: { shown_rate_year: string | null } }[] }[];
      }>(`${LP}/projects`);
      const found = res.body.data.list.flatMap((p) => p.reward_pools).find((p) => p.rid === rid);
      return found?.derived_apr.shown_rate_year;
    };
    const alertApr = async () => (await list()).list.find((a) => a.line === 'launchpool')?.current_apr;
    const changedBefore = (await inbox(c, { kind: 'apr_changed' })).list.length;
    expect([await derived(), await alertApr()]).toEqual(['21.9', '21.9']);

    // A set rate above the live figure moves neither the card's APR nor the alert.
    await put(`/admin/api/launch-pool/pools/${rid}`, { rate_year: '30' });
    await op.advance(3600);
    expect(await fired()).toEqual([]);

    // Another user stakes as much again: 10.95 % on the card; the alert fires at the hour's look.
    const other = new TestClient(server);
    const otherId = await other.register();
    await op.deposit(otherId, 'GT', '500');
    const stakeOther = async (amount: string) => {
      const res = await other.post(
        `${LP}/create-order`,
        { pid: pidOf, rid, amount, simpleEarnStatus: 0 },
        { form: true },
      );
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    };
    await stakeOther('100');
    expect([await derived(), await alertApr()]).toEqual(['10.95', '10.95']);
    expect(await fired()).toEqual([]);
    await op.advance(3600);
    expect(await fired()).toEqual(['GT Launchpool APR fell below 20 %']);
    // Still below for hours: no second item.
    await op.advance(2 * 3600);
    expect(await fired()).toHaveLength(1);

    // The reward coin's price doubles: 21.9 % again (re-armed, nothing sent); it halves: below again.
    await op.setPrice('NOVA', '1');
    await op.advance(3600);
    expect(await derived()).toBe('21.9');
    expect(await fired()).toHaveLength(1);
    await op.setPrice('NOVA', '0.5');
    await op.advance(3600);
    expect(await fired()).toEqual(['GT Launchpool APR fell below 20 %', 'GT Launchpool APR fell below 20 %']);
    const alert = (await list()).list.find((a) => a.line === 'launchpool');
    expect([alert?.fired, alert?.current_apr]).toEqual([2, '10.95']);
    // The drift with stakes and prices fires alerts but does not tell every holder each hour.
    expect((await inbox(c, { kind: 'apr_changed' })).list).toHaveLength(changedBefore);
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
