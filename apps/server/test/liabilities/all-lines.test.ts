import { dec, type LiabilityProof, verifyLiabilityProof } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { DEMO_EMAIL, DEMO_FUNDPASS, DEMO_PASSWORD } from '../../src/ops/seed/demo';
import { earnPurposes } from '../../src/views/liabilities/build';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { toNextMidnight } from '../staking/helpers';

interface Root {
  day: string;
  root: string;
  leaf_count: number;
  totals: { asset: string; total: string }[];
}
interface Proof {
  root: Root | null;
  leaf: (LiabilityProof & { index: number }) | null;
}

/**
 * The proof of liabilities over every product line, on the demo catalogue with every module: the demo
 * user holds flexible and fixed simple earn, launch-pool stakes, staking and private wealth, and here
 * also subscribes a dual order and asks for a standard staking redemption (coins redeeming are still owed). The lines are read from
 * the ledger by purpose (every user account but spot), not from the builder's own list of purposes; the
 * demo user's leaf is checked against the overview it sees.
 */
describe('proof of liabilities across every line (demo catalogue)', { timeout: 600_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let demo: TestClient;
  let demoId: number;

  beforeAll(async () => {
    // At noon, whatever the hour the test runs: the redemption below (a day) must still be on its way
    // at the next midnight, which a clock started at 00:00 would reach exactly as it arrives.
    const noon = new Date((Math.floor(Date.now() / 86_400_000) * 86_400 + 43_200) * 1000);
    server = await startTestServer({ seedDemo: true, clockStart: noon });
    op = new Operator(server);
    demo = new TestClient(server);
    const login = await demo.post<{ user: { id: number } }>('/api/web/v1/auth/login', {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(login.body.code, JSON.stringify(login.body)).toBe(0);
    demoId = Number((await demo.get<{ id: number }>('/api/web/v1/auth/me')).body.data.id);
    // GT redeems after a day (redeem_maxday 1): 100 of the demo's 300 GT wait in staking_redeeming.
    const redeem = await demo.post(
      '/apiw/v2/earn/staking/coin-redeem',
      { coin: 'GT', amount: '100' },
      { headers: { 'x-fund-password': DEMO_FUNDPASS } },
    );
    expect(redeem.body.code, JSON.stringify(redeem.body)).toBe(0);
    // A dual order that settles in a week: 500 USDT held in dual until then.
    const products = await demo.get<{ list: { id: number; quote_id: string; settle_time: number }[] }>(
      '/apiw/v2/earn/dual/products',
      { coin: 'ETH', direction: 'buy_low' },
    );
    const latest = products.body.data.list.sort((a, b) => b.settle_time - a.settle_time)[0];
    const dual = await demo.post(
      '/apiw/v2/earn/dual/subscribe',
      { product_id: latest?.id, amount: '500', quote_id: latest?.quote_id },
      { headers: { 'x-fund-password': DEMO_FUNDPASS } },
    );
    expect(dual.body.code, JSON.stringify(dual.body)).toBe(0);
    await toNextMidnight(op, 60);
  });
  afterAll(() => server.dispose());

  /** The user ledger's balances per purpose and asset, the spot accounts left out. */
  const owed = () =>
    rows<{ purpose: string; asset: string; total: string }>(
      server.deps.db,
      sql`SELECT purpose, asset, trim_scale(SUM(balance))::text AS total FROM ledger_accounts
           WHERE is_user AND purpose <> 'spot' GROUP BY purpose, asset HAVING SUM(balance) <> 0
           ORDER BY purpose, asset`,
    );

  it('covers every line the demo user holds, each an earn purpose of the proof', async () => {
    const purposes = [...new Set((await owed()).map((r) => r.purpose))].sort();
    expect(purposes).toEqual([
      'dual',
      'fixed',
      'flexible',
      'launchpool',
      'staking',
      'staking_redeeming',
      'wealth',
    ]);
    expect(earnPurposes(server.deps.reads).sort()).toEqual(purposes);
  });

  it('publishes per-asset totals of every line summed: at least the ledger’s user earn accounts but wealth', async () => {
    const root = (await new TestClient(server).get<Root>('/api/web/v1/earn/liabilities/root')).body.data;
    expect(root.day).toBe(new Date((await op.now()) * 1000).toISOString().slice(0, 10));
    const byAsset = new Map<string, number>();
    for (const r of await owed()) byAsset.set(r.asset, (byAsset.get(r.asset) ?? 0) + 1);
    // GT is owed on four lines at once (fixed, launch pool, staking, redeeming): one total.
    expect(byAsset.get('GT')).toBe(4);
    expect(root.totals.map((t) => t.asset)).toEqual(['ETH', 'GT', 'USDT']);
    const leaves = await rows<{ asset: string; total: string }>(
      server.deps.db,
      sql`SELECT asset, trim_scale(SUM(amount))::text AS total FROM liability_balances
           WHERE day = ${root.day}::date GROUP BY asset ORDER BY asset COLLATE "C"`,
    );
    expect(root.totals).toEqual(leaves);
    // The ledger keeps flexible interest credited in the pooled account and staking rewards held in
    // the reward pool: the proof counts them on top. Wealth is counted at its NAV, which may be below
    // its cost in the ledger, so it is left out of this floor.
    const ledger = await rows<{ asset: string; total: string }>(
      server.deps.db,
      sql`SELECT asset, SUM(balance)::text AS total FROM ledger_accounts
           WHERE is_user AND purpose NOT IN ('spot', 'wealth') GROUP BY asset HAVING SUM(balance) <> 0`,
    );
    for (const l of ledger) {
      const total = root.totals.find((t) => t.asset === l.asset)?.total ?? '0';
      expect({ asset: l.asset, covered: dec(total).gte(l.total) }).toEqual({ asset: l.asset, covered: true });
    }
  });

  it("gives the demo user one leaf holding every line's balance, what the overview shows, verified to the root", async () => {
    const proof = (await demo.get<Proof>('/api/web/v1/earn/liabilities/proof')).body.data;
    const leaf = proof.leaf;
    if (!leaf || !proof.root) throw new Error('the demo user has no leaf');
    expect(leaf.user_id).toBe(demoId);
    const overview = (
      await demo.get<{ lines: { assets: { asset: string; amount: string }[] }[] }>(
        '/api/web/v1/earn/overview',
      )
    ).body.data;
    const perCoin = new Map<string, string>();
    for (const line of overview.lines)
      for (const a of line.assets)
        perCoin.set(
          a.asset,
          dec(perCoin.get(a.asset) ?? 0)
            .plus(a.amount)
            .toFixed(),
        );
    expect(new Map(leaf.balances.map((b) => [b.asset, dec(b.amount).toFixed()]))).toEqual(perCoin);
    expect(await verifyLiabilityProof(leaf, proof.root.root)).toMatchObject({
      leafMatches: true,
      rootMatches: true,
    });
  });
});
