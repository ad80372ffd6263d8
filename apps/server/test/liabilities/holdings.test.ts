import { dec, type LiabilityProof, verifyLiabilityProof } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { createProject, pool } from '../launch-pool/helpers';
import { fixedProduct, flexProduct } from '../simple-earn/helpers';
import { acceptDisclaimer, acceptStaking, DAY, toNextMidnight } from '../staking/helpers';

interface Proof {
  root: { day: string; root: string } | null;
  leaf: (LiabilityProof & { index: number }) | null;
}
interface Overview {
  lines: { line: string; assets: { asset: string; amount: string }[] }[];
}

const HOUR = 3600;

/**
 * The proof of liabilities counts what the overview shows: one definition of what a user holds
 * (overview/holdings.ts), read by both. A user holding every line, flexible interest and staking
 * rewards held until redeem included, and private wealth whose NAV moved from what it cost.
 */
describe('proof of liabilities: a leaf is what the overview shows', { timeout: 600_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.0876', min_lend_amount: '1' });
    const fixedId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 30, year_rate: '0.06' });
    const project = await createProject(op, {
      start: (await op.now()) - HOUR,
      hours: 24 * 30,
      pools: [pool('USDT', { personal_max_amount: '1000' })],
    });
    // Rewards held until the next redemption (reward delay 0): owed, so counted.
    const staking = await op.call('POST', '/admin/api/staking/products', {
      coin: 'USDC',
      type: 2,
      reward_coin: 'USDC',
      rate: '7.3',
      min_mortgage_amount: '1',
      personal_mortgage_limit: '-1',
      reward_delay_days: 0,
    });
    expect(staking.body.code, JSON.stringify(staking.body)).toBe(0);
    const wealth = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 5,
      name: 'Quant USDT',
      coin: 'USDT',
      min_purchase: '100',
      nav: '1.02345678',
    });
    const wealthPid = wealth.body.data.pid;
    expect((await op.call('PUT', '/admin/api/soft-staking/coins/ETH', { rate: '3.65' })).body.code).toBe(0);

    c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'USDT', '5000');
    await op.deposit(id, 'USDC', '1000');
    await op.deposit(id, 'ETH', '2');
    await acceptStaking(c, 'USDC');
    await acceptDisclaimer(c, wealthPid);
    const moves: [string, Record<string, unknown>][] = [
      ['/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1000.123456' }],
      ['/apiw/v2/fixed_earn/api/user/lend', { product_id: fixedId, amount: '500' }],
      [
        '/apiw/v2/earn/launch-pool/create-order',
        { pid: project.pid, rid: project.reward_pools[0]?.rid, amount: '100' },
      ],
      ['/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'USDC', amount: '500' }],
      ['/apiw/v2/earn/private-wealth/purchase', { pid: wealthPid, amount: '1000', project_type: 5 }],
      ['/apiw/v2/earn/soft-staking/switch', { status: true }],
    ];
    for (const [url, body] of moves) {
      const res = await c.post(url, body);
      expect(res.body.code, `${url} ${JSON.stringify(res.body)}`).toBe(0);
    }
    // Flexible interest and staking rewards accrue; the NAV moves away from the cost.
    await op.advance(DAY);
    expect(
      (await op.call('POST', `/admin/api/wealth/products/${wealthPid}/nav`, { nav: '1.1' })).body.code,
    ).toBe(0);
    // The snapshot is taken at midnight, after every line's own work of the period.
    await toNextMidnight(op, 60);
  });
  afterAll(() => server.dispose());

  it('gives the user a leaf whose every coin equals the overview’s holdings of that coin, to the 8th decimal', async () => {
    const proof = (await c.get<Proof>('/api/web/v1/earn/liabilities/proof')).body.data;
    if (!proof.leaf || !proof.root) throw new Error('no leaf');
    const overview = (await c.get<Overview>('/api/web/v1/earn/overview')).body.data;
    const perCoin = new Map<string, string>();
    for (const line of overview.lines)
      for (const a of line.assets)
        perCoin.set(
          a.asset,
          dec(perCoin.get(a.asset) ?? 0)
            .plus(a.amount)
            .toFixed(8),
        );
    const leaf = new Map(proof.leaf.balances.map((b) => [b.asset, dec(b.amount).toFixed(8)]));
    expect(leaf).toEqual(perCoin);
    expect(await verifyLiabilityProof(proof.leaf, proof.root.root)).toMatchObject({
      leafMatches: true,
      rootMatches: true,
    });

    // What the ledger alone would miss is in it: flexible interest (held in the pooled account),
    // staking rewards held until the next redemption, and wealth at its NAV rather than its cost.
    const line = (name: string) => overview.lines.find((l) => l.line === name)?.assets ?? [];
    const flexible = dec(line('simple_earn_flexible').find((a) => a.asset === 'USDT')?.amount ?? 0);
    expect(flexible.gt('1000.123456')).toBe(true);
    const stakingUsdc = dec(line('staking').find((a) => a.asset === 'USDC')?.amount ?? 0);
    expect(stakingUsdc.gt(500)).toBe(true);
    const units = dec(1000).div('1.02345678').toDecimalPlaces(6, 1);
    expect(line('wealth')).toMatchObject([
      { asset: 'USDT', amount: units.times('1.1').toDecimalPlaces(8, 1).toFixed() },
    ]);
    // Soft staking keeps the coins in spot: no ETH is owed by Earn.
    expect(leaf.has('ETH')).toBe(false);
  });
});
