import { createHash } from 'node:crypto';
import { type Decimal, dec, type LiabilityProof, merkleLevels, verifyLiabilityProof } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { liabilitiesModule } from '../../src/views/liabilities';
import { buildLiabilitySnapshot } from '../../src/views/liabilities/build';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { flexProduct } from '../simple-earn/helpers';
import { toNextMidnight } from '../staking/helpers';

interface Root {
  day: string;
  taken_at: number;
  root: string;
  leaf_count: number;
  totals: { asset: string; total: string }[];
}
interface Proof {
  root: Root | null;
  leaf: (LiabilityProof & { index: number }) | null;
}

/** SHA-256 hex with Node's own hash, not the domain's Web Crypto helper: an independent computation. */
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('proof of liabilities', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  const users: { c: TestClient; id: number }[] = [];
  let spotOnly: TestClient;
  let midnight: number;

  beforeAll(async () => {
    server = await startTestServer({ modules: [simpleEarnModule, liabilitiesModule] });
    op = new Operator(server);
    await listCoins(op);
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05', min_lend_amount: '0.000001' });
    await flexProduct(op, { asset: 'BTC', next_time_rate_year: '0.02', min_lend_amount: '0.000001' });
    // Five users in earn (an odd count: a lone node is carried up), one with spot only.
    const plan: [string, string][][] = [
      [['USDT', '1000.5']],
      [
        ['USDT', '250'],
        ['BTC', '0.12345678'],
      ],
      [['BTC', '1.5']],
      [['USDT', '0.000001']],
      [
        ['USDT', '77.777777'],
        ['BTC', '0.001'],
      ],
    ];
    for (const subs of plan) {
      const c = new TestClient(server);
      const id = await c.register();
      for (const [asset, amount] of subs) {
        await op.deposit(id, asset, amount);
        const res = await c.post(
          '/apiw/v2/uni-loan/earn/subscribe',
          { asset, amount, rateYear: '0.01' },
          { form: true },
        );
        expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      }
      users.push({ c, id });
    }
    spotOnly = new TestClient(server);
    await op.deposit(await spotOnly.register(), 'USDT', '5000');
  });
  afterAll(() => server.dispose());

  it('has no root before the first day, and the proof needs a session', async () => {
    const root = await new TestClient(server).get<Root | null>('/api/web/v1/earn/liabilities/root');
    expect(root.body).toMatchObject({ code: 0, data: null });
    const anon = await new TestClient(server).get('/api/web/v1/earn/liabilities/proof');
    expect(anon.status).toBe(401);
  });

  /**
   * What a user holds in flexible simple earn, per asset, as the holdings page shows it: curr_amount,
   * the principal with the interest received and not withdrawn (redeemable; the ledger keeps that
   * interest in the pooled account, so the ledger alone is short of it).
   */
  async function flexibleHeld(c: TestClient): Promise<{ asset: string; amount: string }[]> {
    const res = await c.get<{ list: { asset: string; curr_amount: string }[] }>(
      '/apiw/v2/uni-loan/earn/subscribe',
    );
    return res.body.data.list
      .map((h) => ({ asset: h.asset, amount: dec(h.curr_amount).toFixed() }))
      .sort((a, b) => (a.asset < b.asset ? -1 : 1));
  }

  it('publishes at midnight a root whose per-asset totals are what the users hold, interest credited included', async () => {
    midnight = await toNextMidnight(op, 60);
    const res = await new TestClient(server).get<Root>('/api/web/v1/earn/liabilities/root');
    expect(res.body.code).toBe(0);
    const root = res.body.data;
    expect(root.day).toBe(new Date(midnight * 1000).toISOString().slice(0, 10));
    expect(root.leaf_count).toBe(5);
    const held = new Map<string, Decimal>();
    for (const { c } of users)
      for (const h of await flexibleHeld(c)) held.set(h.asset, (held.get(h.asset) ?? dec(0)).plus(h.amount));
    expect(root.totals).toEqual(
      [...held]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([asset, total]) => ({ asset, total: total.toFixed() })),
    );
    // Interest received (from the second hour after a subscription, so none yet when the clock started
    // late in a day) comes on top of the principal: never less than the ledger's user accounts, which
    // hold the principal alone.
    const ledger = await rows<{ asset: string; total: string }>(
      server.deps.db,
      sql`SELECT asset, trim_scale(SUM(balance))::text AS total FROM ledger_accounts
           WHERE is_user AND purpose <> 'spot' GROUP BY asset HAVING SUM(balance) <> 0 ORDER BY asset`,
    );
    expect(ledger).toEqual([
      { asset: 'BTC', total: '1.624456' },
      { asset: 'USDT', total: '1328.277778' },
    ]);
    for (const t of root.totals)
      expect(dec(t.total).gte(ledger.find((l) => l.asset === t.asset)?.total ?? 0)).toBe(true);
  });

  it("gives each user a leaf hashed as the domain's encoding says, whose path reaches the root", async () => {
    const root = (await new TestClient(server).get<Root>('/api/web/v1/earn/liabilities/root')).body.data;
    const leafHashes: string[] = [];
    for (const { c, id } of users) {
      const res = await c.get<Proof>('/api/web/v1/earn/liabilities/proof');
      const leaf = res.body.data.leaf;
      if (!leaf) throw new Error(`user ${id} has no leaf`);
      expect(leaf.user_id).toBe(id);
      expect(leaf.salt).toMatch(/^[0-9a-f]{32}$/);
      // The balances in the leaf are what the user holds, as their holdings page shows it.
      const mine = (await flexibleHeld(c)).filter((h) => dec(h.amount).gt(0));
      expect(leaf.balances).toEqual(mine);
      const text = `earn-pol-leaf|v1|${id}|${leaf.salt}|${mine.map((b) => `${b.asset}:${b.amount}`).join(',')}`;
      expect(leaf.leaf_hash).toBe(sha(text));
      const verdict = await verifyLiabilityProof(leaf, root.root);
      expect(verdict).toMatchObject({ leafMatches: true, rootMatches: true });
      leafHashes[leaf.index] = leaf.leaf_hash;
    }
    // The whole tree rebuilt in memory from the five leaves gives the same root (5 → 3 → 2 → 1).
    const levels = await merkleLevels(leafHashes);
    expect(levels.map((l) => l.length)).toEqual([5, 3, 2, 1]);
    expect(levels.at(-1)).toEqual([root.root]);
    const n = (l: string, r: string) => sha(`earn-pol-node|v1|${l}|${r}`);
    const [a, b, c, d, e] = leafHashes as [string, string, string, string, string];
    expect(root.root).toBe(n(n(n(a, b), n(c, d)), e));
  });

  it('fails verification for a tampered balance, salt or path', async () => {
    const root = (await new TestClient(server).get<Root>('/api/web/v1/earn/liabilities/root')).body.data;
    const leaf = (await users[1]?.c.get<Proof>('/api/web/v1/earn/liabilities/proof'))?.body.data.leaf;
    if (!leaf) throw new Error('no leaf');
    const balances = leaf.balances.map((b) => (b.asset === 'BTC' ? { ...b, amount: '0.12345679' } : b));
    expect(await verifyLiabilityProof({ ...leaf, balances }, root.root)).toMatchObject({
      leafMatches: false,
      rootMatches: false,
    });
    expect(
      (await verifyLiabilityProof({ ...leaf, salt: `${leaf.salt.slice(0, -1)}0` }, root.root)).rootMatches,
    ).toBe(leaf.salt.endsWith('0'));
    const path = leaf.path.map((s, i) => (i === 0 ? { ...s, hash: sha('forged') } : s));
    expect((await verifyLiabilityProof({ ...leaf, path }, root.root)).rootMatches).toBe(false);
    const flipped = leaf.path.map((s, i) =>
      i === 0 ? { ...s, side: s.side === 'left' ? ('right' as const) : ('left' as const) } : s,
    );
    expect((await verifyLiabilityProof({ ...leaf, path: flipped }, root.root)).rootMatches).toBe(false);
  });

  it('answers no leaf to a user without earn balances', async () => {
    const res = await spotOnly.get<Proof>('/api/web/v1/earn/liabilities/proof');
    expect(res.body.data.leaf).toBeNull();
    expect(res.body.data.root?.leaf_count).toBe(5);
  });

  it('builds a day once: a second run changes nothing, the next day has fresh salts', async () => {
    const day = new Date(midnight * 1000).toISOString().slice(0, 10);
    const count = async () =>
      (
        await rows<{ n: number }>(
          server.deps.db,
          sql`SELECT (SELECT COUNT(*) FROM liability_nodes) + (SELECT COUNT(*) FROM liability_leaves) AS n`,
        )
      )[0]?.n;
    const before = await count();
    expect(
      await buildLiabilitySnapshot(server.deps.db, server.deps.reads, day, new Date(midnight * 1000)),
    ).toBe(false);
    expect(await count()).toBe(before);
    const first = (await users[0]?.c.get<Proof>('/api/web/v1/earn/liabilities/proof'))?.body.data.leaf;
    await toNextMidnight(op, 60);
    const second = (await users[0]?.c.get<Proof>('/api/web/v1/earn/liabilities/proof'))?.body.data;
    expect(second?.root?.day).not.toBe(day);
    expect(second?.leaf?.salt).not.toBe(first?.salt);
    const snapshots = await rows<{ day: string; leaf_count: number }>(
      server.deps.db,
      sql`SELECT day::text AS day, leaf_count FROM liability_snapshots ORDER BY day`,
    );
    // The day the clock started in (built on the scheduler's first pass), then one per midnight.
    const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    expect(snapshots).toEqual([
      { day: iso(midnight - 86_400), leaf_count: 5 },
      { day: iso(midnight), leaf_count: 5 },
      { day: iso(midnight + 86_400), leaf_count: 5 },
    ]);
  });

  it('draws one salt per user whatever plan PostgreSQL picks: one leaf per user, in a nested loop too', async () => {
    // Where a day's rows are newer than the statistics (a long clock advance: autovacuum's ANALYZE
    // lags), PostgreSQL expects one balance for the day and joins the balances to the salts in a
    // nested loop that scans the salts again for every balance. Statistics taken before the day and
    // these settings give that plan on the test's few rows; the day must still have one leaf per user,
    // the users with two balances (USDT and BTC) included.
    const day = '2099-01-01';
    const at = new Date('2099-01-01T00:00:00Z');
    const built = await server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`ANALYZE liability_balances`);
      for (const setting of ['hashjoin', 'mergejoin', 'material', 'seqscan', 'hashagg'])
        await tx.execute(sql.raw(`SET LOCAL enable_${setting} = off`));
      return buildLiabilitySnapshot(tx, server.deps.reads, day, at);
    });
    expect(built).toBe(true);
    const leaves = await rows<{ user_id: string; n: number }>(
      server.deps.db,
      sql`SELECT user_id::text AS user_id, COUNT(*)::int AS n FROM liability_leaves WHERE day = ${day}::date
          GROUP BY user_id ORDER BY user_id`,
    );
    expect(leaves.map((l) => l.n)).toEqual([1, 1, 1, 1, 1]);
    expect(leaves.map((l) => Number(l.user_id))).toEqual(users.map((u) => u.id).sort((a, b) => a - b));
    const [snapshot] = await rows<{ leaf_count: number }>(
      server.deps.db,
      sql`SELECT leaf_count FROM liability_snapshots WHERE day = ${day}::date`,
    );
    expect(snapshot?.leaf_count).toBe(5);
  });
});
