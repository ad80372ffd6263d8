import { Code, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, observeStatements, rows, sql } from '../../src/infra/db/client';
import { SystemPurpose, systemAccount, UserPurpose, userAccount } from '../../src/ledger/accounts';
import { postBulkEntry } from '../../src/ledger/bulk';
import { balanceOf, DuplicateEntryError, transfer } from '../../src/ledger/ledger';
import { reconcile } from '../../src/ledger/reconcile';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { ledgerSnapshot } from './util';

describe('set-based ledger entries', () => {
  let server: TestServer;
  let db: Db;
  const users: number[] = [];
  const at = new Date('2026-01-01T00:00:00Z');
  const spot = (user: number) => userAccount(user, 'USDT', UserPurpose.spot);

  beforeAll(async () => {
    server = await startTestServer();
    db = server.deps.db;
    await listCoins(new Operator(server));
    for (let i = 0; i < 3; i++) {
      const id = await new TestClient(server).register();
      users.push(id);
      await transfer(db, {
        from: systemAccount('USDT', SystemPurpose.external),
        to: spot(id),
        amount: dec(10 * (i + 1)),
        reason: 'deposit',
        at,
      });
    }
  });
  afterAll(() => server.dispose());

  const payout = (each: string) => sql`
    SELECT id AS user_id, 'USDT' AS asset, ${UserPurpose.spot} AS purpose, ${each}::numeric AS amount
      FROM users WHERE id IN (${sql.join(
        users.map((u) => sql`${u}`),
        sql`, `,
      )})
    UNION ALL SELECT 0, 'USDT', 'bench_expense', -${each}::numeric * ${users.length}`;

  it('books one entry for every account at once, summing legs of the same account', async () => {
    const before = await ledgerSnapshot(db);
    const legs = sql`${payout('0.00000001')} UNION ALL ${payout('1.5')}`;
    const id = await postBulkEntry(db, { reason: 'bulk_test', ref: 'h1', at, legs });
    expect(id).not.toBeNull();
    const after = await ledgerSnapshot(db);
    expect(after.entries).toBe(before.entries + 1);
    // One posting per account: three users and the expense account.
    expect(after.postings).toBe(before.postings + 4);
    expect((await balanceOf(db, spot(users[0] as number))).toFixed()).toBe('11.50000001');
    expect((await balanceOf(db, spot(users[2] as number))).toFixed()).toBe('31.50000001');
    expect((await balanceOf(db, systemAccount('USDT', 'bench_expense'))).toFixed()).toBe('-4.50000003');
    expect((await reconcile(db)).ok).toBe(true);
  });

  it.skipIf(!onPostgres)(
    'books on accounts that all exist in one statement, the balances as the long way',
    async () => {
      const was = await balanceOf(db, spot(users[1] as number));
      const sent: string[] = [];
      const stop = observeStatements((text) => {
        if (!/^\s*(begin|commit|savepoint|release)\b/i.test(text)) sent.push(text);
      });
      let id: number | null;
      try {
        id = await postBulkEntry(db, { reason: 'bulk_test', ref: 'ready1', at, legs: payout('0.125') });
      } finally {
        stop();
      }
      expect(id).not.toBeNull();
      // The accounts exist since the entry above: the legs, entry, postings and balances in one.
      expect(sent).toHaveLength(1);
      expect((await balanceOf(db, spot(users[1] as number))).minus(was).toFixed()).toBe('0.125');
      const [posted] = await rows<{ n: number; total: string }>(
        db,
        sql`SELECT count(*)::int AS n, SUM(amount)::text AS total FROM postings WHERE entry_id = ${id}`,
      );
      expect(posted).toEqual({ n: 4, total: '0.000000000000000000' });
      expect((await reconcile(db)).ok).toBe(true);
    },
  );

  it('refuses the same (reason, ref) twice, and the caller transaction stays usable', async () => {
    const before = await ledgerSnapshot(db);
    const result = await db.transaction(async (txRoot) => {
      const tx: Db = txRoot;
      await expect(
        postBulkEntry(tx, { reason: 'bulk_test', ref: 'h1', at, legs: payout('1') }),
      ).rejects.toBeInstanceOf(DuplicateEntryError);
      return postBulkEntry(tx, { reason: 'bulk_test', ref: 'h2', at, legs: payout('1') });
    });
    expect(result).not.toBeNull();
    const after = await ledgerSnapshot(db);
    expect(after.entries).toBe(before.entries + 1);
  });

  it('writes nothing for an unbalanced, over-precise or overdrawing set, and nothing to do answers null', async () => {
    const before = await ledgerSnapshot(db);
    const unbalanced = sql`${payout('1')} UNION ALL SELECT 0, 'USDT', 'bench_expense', 0.00000001`;
    await expect(postBulkEntry(db, { reason: 'bulk_test', ref: 'x1', at, legs: unbalanced })).rejects.toThrow(
      /does not balance: USDT 0.00000001/,
    );
    const tiny = sql`SELECT ${users[0]}::bigint AS user_id, 'USDT' AS asset, 'spot' AS purpose, 1e-19 AS amount
      UNION ALL SELECT 0, 'USDT', 'bench_expense', -1e-19`;
    await expect(postBulkEntry(db, { reason: 'bulk_test', ref: 'x2', at, legs: tiny })).rejects.toThrow(
      /over-precise/,
    );
    const overdraw = sql`SELECT ${users[0]}::bigint AS user_id, 'USDT' AS asset, 'spot' AS purpose, -1000 AS amount
      UNION ALL SELECT 0, 'USDT', 'bench_expense', 1000`;
    await expect(
      postBulkEntry(db, { reason: 'bulk_test', ref: 'x3', at, legs: overdraw }),
    ).rejects.toMatchObject({
      code: Code.INSUFFICIENT_BALANCE,
    });
    const nothing = sql`SELECT ${users[0]}::bigint AS user_id, 'USDT' AS asset, 'spot' AS purpose, 0 AS amount`;
    expect(await postBulkEntry(db, { reason: 'bulk_test', ref: 'x4', at, legs: nothing })).toBeNull();
    expect(await ledgerSnapshot(db)).toEqual(before);
    const [dup] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE ref LIKE 'x%'`,
    );
    expect(dup?.n).toBe(0);
  });
  it('books several entries in one transaction, each with its own legs only, a refused one between them', async () => {
    const before = await ledgerSnapshot(db);
    const first = users[0] as number;
    const balance = async (user: number) => (await balanceOf(db, spot(user))).toFixed();
    const was = await Promise.all(users.map(balance));
    const ids = await db.transaction(async (txRoot) => {
      const tx: Db = txRoot;
      const a = await postBulkEntry(tx, { reason: 'bulk_test', ref: 'm1', at, legs: payout('2') });
      const unbalanced = sql`${payout('1')} UNION ALL SELECT 0, 'USDT', 'bench_expense', 0.00000001`;
      await expect(
        postBulkEntry(tx, { reason: 'bulk_test', ref: 'm2', at, legs: unbalanced }),
      ).rejects.toThrow(/does not balance/);
      const b = await postBulkEntry(tx, {
        reason: 'bulk_test',
        ref: 'm3',
        at,
        legs: sql`SELECT ${first}::bigint AS user_id, 'USDT' AS asset, 'spot' AS purpose, 0.25 AS amount
          UNION ALL SELECT 0, 'USDT', 'bench_expense', -0.25`,
      });
      return [a, b];
    });
    const postings = await rows<{ entry: string; n: number }>(
      db,
      sql`SELECT entry_id::text AS entry, count(*)::int AS n FROM postings
        WHERE entry_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) GROUP BY entry_id ORDER BY entry_id`,
    );
    // Three users and the expense account, then the first user and the expense account.
    expect(postings.map((p) => p.n)).toEqual([4, 2]);
    expect(await ledgerSnapshot(db)).toMatchObject({
      entries: before.entries + 2,
      postings: before.postings + 6,
    });
    expect(await balance(first)).toBe(
      dec(was[0] as string)
        .plus('2.25')
        .toFixed(),
    );
    expect(await balance(users[1] as number)).toBe(
      dec(was[1] as string)
        .plus(2)
        .toFixed(),
    );
    expect((await reconcile(db)).ok).toBe(true);
  });
});
