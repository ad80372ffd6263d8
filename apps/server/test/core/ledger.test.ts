import { Code, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, pgErrorCode, pgErrorDetail, rows, sql } from '../../src/infra/db/client';
import { DomainError } from '../../src/kernel/errors';
import {
  type AccountKey,
  Reason,
  SystemPurpose,
  systemAccount,
  UserPurpose,
  userAccount,
} from '../../src/ledger/accounts';
import { balanceOf, balancesOf, DuplicateEntryError, postEntry, transfer } from '../../src/ledger/ledger';
import { reconcile, registerSubledgerCheck } from '../../src/ledger/reconcile';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { ledgerSnapshot } from './util';

describe('ledger', () => {
  let server: TestServer;
  let db: Db;
  let alice: number;
  let bob: number;
  const at = new Date('2026-01-01T00:00:00Z');
  const external = (asset: string) => systemAccount(asset, SystemPurpose.external);
  const spot = (user: number, asset: string) => userAccount(user, asset, UserPurpose.spot);

  beforeAll(async () => {
    server = await startTestServer();
    db = server.deps.db;
    await listCoins(new Operator(server));
    alice = await new TestClient(server).register();
    bob = await new TestClient(server).register();
    await transfer(db, {
      from: external('USDT'),
      to: spot(alice, 'USDT'),
      amount: dec('100'),
      reason: Reason.deposit,
      at,
    });
  });
  afterAll(() => server.dispose());

  async function expectNothingWritten(work: () => Promise<unknown>): Promise<unknown> {
    const before = await ledgerSnapshot(db);
    let caught: unknown;
    try {
      await work();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    expect(await ledgerSnapshot(db)).toEqual(before);
    return caught;
  }

  it('books a balanced entry: postings, balances and the entry row together', async () => {
    const before = await ledgerSnapshot(db);
    const id = await postEntry(db, {
      reason: 'test_split',
      ref: 'split-1',
      at,
      memo: { note: 'three legs' },
      postings: [
        { account: spot(alice, 'USDT'), amount: dec('-30') },
        { account: spot(bob, 'USDT'), amount: dec('20.5') },
        { account: systemAccount('USDT', 'fees'), amount: dec('9.5') },
      ],
    });
    const after = await ledgerSnapshot(db);
    expect(after.entries).toBe(before.entries + 1);
    expect(after.postings).toBe(before.postings + 3);
    expect((await balanceOf(db, spot(alice, 'USDT'))).toFixed()).toBe('70');
    expect((await balanceOf(db, spot(bob, 'USDT'))).toFixed()).toBe('20.5');
    expect((await balanceOf(db, systemAccount('USDT', 'fees'))).toFixed()).toBe('9.5');
    const [entry] = await rows<{ reason: string; ref: string; memo: unknown }>(
      db,
      sql`SELECT reason, ref, memo FROM journal_entries WHERE id = ${id}`,
    );
    expect(entry).toEqual({ reason: 'test_split', ref: 'split-1', memo: { note: 'three legs' } });
    expect((await reconcile(db)).ok).toBe(true);
  });

  it('refuses an unbalanced entry before writing anything', async () => {
    const error = await expectNothingWritten(() =>
      postEntry(db, {
        reason: 'bad',
        at,
        postings: [
          { account: spot(alice, 'USDT'), amount: dec('-1') },
          { account: spot(bob, 'USDT'), amount: dec('0.99999999') },
        ],
      }),
    );
    expect(String(error)).toMatch(/does not balance in USDT/);
  });

  it('balances per asset: two assets each summing to zero is fine, crossing assets is not', async () => {
    await expectNothingWritten(() =>
      postEntry(db, {
        reason: 'bad_cross',
        at,
        postings: [
          { account: spot(alice, 'USDT'), amount: dec('-1') },
          { account: spot(alice, 'BTC'), amount: dec('1') },
        ],
      }),
    );
    await expectNothingWritten(() =>
      transfer(db, { from: spot(alice, 'USDT'), to: spot(bob, 'BTC'), amount: dec('1'), reason: 'bad', at }),
    );
  });

  it('refuses entries of one posting, a zero posting, over-precise or lower-case postings, and non-positive transfers', async () => {
    const cases: { postings: { account: AccountKey; amount: string }[] }[] = [
      { postings: [{ account: spot(alice, 'USDT'), amount: '0' }] },
      {
        postings: [
          { account: spot(alice, 'USDT'), amount: '0' },
          { account: spot(bob, 'USDT'), amount: '0' },
        ],
      },
      {
        postings: [
          { account: spot(alice, 'USDT'), amount: '-0.0000000000000000001' },
          { account: spot(bob, 'USDT'), amount: '0.0000000000000000001' },
        ],
      },
      {
        postings: [
          { account: spot(alice, 'usdt'), amount: '-1' },
          { account: spot(bob, 'usdt'), amount: '1' },
        ],
      },
    ];
    for (const c of cases) {
      await expectNothingWritten(() =>
        postEntry(db, {
          reason: 'bad',
          at,
          postings: c.postings.map((p) => ({ account: p.account, amount: dec(p.amount) })),
        }),
      );
    }
    for (const amount of ['0', '-1']) {
      await expectNothingWritten(() =>
        transfer(db, {
          from: spot(alice, 'USDT'),
          to: spot(bob, 'USDT'),
          amount: dec(amount),
          reason: 'bad',
          at,
        }),
      );
    }
    expect(() => userAccount(0, 'USDT', 'spot')).toThrow();
  });

  describe('one statement (the hot calls’ fast path)', () => {
    const move = (amount: string) => ({
      from: spot(alice, 'USDT'),
      to: external('USDT'),
      amount: dec(amount),
      reason: 'test_one_statement',
      at,
    });

    it('books the entry when every check holds, its business rows with it', async () => {
      const before = await balanceOf(db, spot(alice, 'USDT'));
      await transfer(db, move('0.25'), {
        oneStatement: true,
        with: [{ name: 'marker', sql: sql`SELECT 1 AS one` }],
        checks: [{ ok: sql`(SELECT count(*) FROM marker) = 1`, code: '40001', detail: 'marker' }],
      });
      expect((await balanceOf(db, spot(alice, 'USDT'))).toFixed()).toBe(before.minus('0.25').toFixed());
    });

    it('refuses with the first failing check’s code, and writes nothing', async () => {
      const error = await expectNothingWritten(() =>
        transfer(db, move('0.25'), {
          oneStatement: true,
          checks: [
            { ok: sql`true`, code: '40001', detail: 'holds' },
            { ok: sql`NULL::boolean`, code: '40001', detail: 'unknown counts as failing' },
            { ok: sql`false`, code: 'XX000', detail: 'not reached' },
          ],
        }),
      );
      expect(pgErrorCode(error)).toBe('40001');
      expect(pgErrorDetail(error)).toBe('unknown counts as failing');
    });

    it('refuses an overdraw as insufficient balance, and writes nothing', async () => {
      const balance = await balanceOf(db, spot(alice, 'USDT'));
      const error = await expectNothingWritten(() =>
        transfer(db, move(balance.plus('0.00000001').toFixed()), { oneStatement: true }),
      );
      expect(error).toMatchObject({ code: Code.INSUFFICIENT_BALANCE, key: 'finances.inadequateBalance' });
    });
  });

  it('refuses to take a user balance below zero, as insufficient balance, and the caller transaction stays usable', async () => {
    const balance = await balanceOf(db, spot(alice, 'USDT'));
    const error = await expectNothingWritten(() =>
      transfer(db, {
        from: spot(alice, 'USDT'),
        to: external('USDT'),
        amount: balance.plus('0.00000001'),
        reason: 'bad',
        at,
      }),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: Code.INSUFFICIENT_BALANCE,
      key: 'finances.inadequateBalance',
      params: { coin: 'USDT' },
    });

    // Inside a caller's transaction the refused entry rolls back alone (a savepoint).
    const result = await db.transaction(async (txRoot) => {
      const tx: Db = txRoot;
      await expect(
        transfer(tx, {
          from: spot(bob, 'USDT'),
          to: external('USDT'),
          amount: dec('1000'),
          reason: 'bad',
          at,
        }),
      ).rejects.toMatchObject({ code: Code.INSUFFICIENT_BALANCE });
      await transfer(tx, {
        from: spot(bob, 'USDT'),
        to: spot(alice, 'USDT'),
        amount: dec('0.5'),
        reason: 'after_refusal',
        at,
      });
      return balanceOf(tx, spot(bob, 'USDT'));
    });
    expect(result.toFixed()).toBe('20');
  });

  it("writes an entry's business rows in its own statement, and a refused entry keeps none of them", async () => {
    await db.execute(sql`CREATE TABLE IF NOT EXISTS ledger_with_probe (note text NOT NULL)`);
    const note = (text: string) => sql`INSERT INTO ledger_with_probe (note) VALUES (${text})`;
    const notes = async () =>
      (await rows<{ note: string }>(db, sql`SELECT note FROM ledger_with_probe ORDER BY note`)).map(
        (r) => r.note,
      );
    const before = await balanceOf(db, spot(alice, 'USDT'));
    await postEntry(
      db,
      {
        reason: 'with_probe',
        at,
        postings: [
          { account: spot(alice, 'USDT'), amount: dec('-1') },
          { account: spot(bob, 'USDT'), amount: dec('1') },
        ],
      },
      { with: [note('a'), note('b')] },
    );
    expect(await notes()).toEqual(['a', 'b']);
    expect((await balanceOf(db, spot(alice, 'USDT'))).toFixed()).toBe(before.minus(1).toFixed());

    await expect(
      postEntry(
        db,
        {
          reason: 'with_probe',
          at,
          postings: [
            { account: spot(alice, 'USDT'), amount: before.plus(1).negated() },
            { account: spot(bob, 'USDT'), amount: before.plus(1) },
          ],
        },
        { with: [note('refused')] },
      ),
    ).rejects.toMatchObject({ code: Code.INSUFFICIENT_BALANCE });
    expect(await notes()).toEqual(['a', 'b']);
  });

  it('moves a house account at commit when asked: postings at once, the balance when the transaction commits', async () => {
    const pool = systemAccount('USDT', 'ledger_test_pool');
    const aliceBefore = await balanceOf(db, spot(alice, 'USDT'));
    const book = (tx: Db, amount: string) =>
      postEntry(
        tx,
        {
          reason: 'house_at_commit',
          at,
          postings: [
            { account: spot(alice, 'USDT'), amount: dec(amount).negated() },
            { account: pool, amount: dec(amount) },
          ],
        },
        { houseAtCommit: true },
      );
    const inside = await db.transaction(async (txRoot) => {
      const tx: Db = txRoot;
      await book(tx, '2'); // creates the house account
      await book(tx, '0.5');
      return { pool: await balanceOf(tx, pool), alice: await balanceOf(tx, spot(alice, 'USDT')) };
    });
    // Inside the transaction the user's side has moved, the house's not yet.
    expect(inside.alice.toFixed()).toBe(aliceBefore.minus('2.5').toFixed());
    expect(inside.pool.toFixed()).toBe('0');
    expect((await balanceOf(db, pool)).toFixed()).toBe('2.5');
    expect(await rows(db, sql`SELECT 1 FROM ledger_deferred_moves`)).toEqual([]);
    expect((await reconcile(db)).ok).toBe(true);

    // A transaction that fails moves nothing, the house included.
    await expect(
      db.transaction(async (txRoot) => {
        await book(txRoot, '1');
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect((await balanceOf(db, pool)).toFixed()).toBe('2.5');
  });

  it('refuses to debit a user account that never existed, creating nothing', async () => {
    const carol = await new TestClient(server).register();
    const error = await expectNothingWritten(() =>
      transfer(db, {
        from: userAccount(carol, 'BTC', UserPurpose.staking),
        to: external('BTC'),
        amount: dec('0.00000001'),
        reason: 'bad',
        at,
      }),
    );
    expect(error).toMatchObject({ code: Code.INSUFFICIENT_BALANCE, params: { coin: 'BTC' } });
    const [found] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE user_id = ${carol} AND purpose = 'staking'`,
    );
    expect(found?.n).toBe(0);
  });

  it('lets system accounts go negative: they are the books, not anyone money', async () => {
    const user = await new TestClient(server).register();
    await transfer(db, {
      from: systemAccount('ETH', 'interest_expense'),
      to: spot(user, 'ETH'),
      amount: dec('0.12345678'),
      reason: 'interest',
      at,
    });
    expect((await balanceOf(db, systemAccount('ETH', 'interest_expense'))).toFixed()).toBe('-0.12345678');
  });

  it('refuses the same (reason, ref) twice, keeping the first', async () => {
    const pay = () =>
      transfer(db, {
        from: external('USDT'),
        to: spot(bob, 'USDT'),
        amount: dec('1'),
        reason: 'payout',
        ref: 'period-42',
        at,
      });
    await pay();
    const error = await expectNothingWritten(pay);
    expect(error).toBeInstanceOf(DuplicateEntryError);
    expect(error).toMatchObject({ code: Code.CONFLICT, key: 'common.conflict' });
    // Another reason with the same ref, or no ref at all, is a different entry.
    await transfer(db, {
      from: external('USDT'),
      to: spot(bob, 'USDT'),
      amount: dec('1'),
      reason: 'payout_other',
      ref: 'period-42',
      at,
    });
    await transfer(db, {
      from: external('USDT'),
      to: spot(bob, 'USDT'),
      amount: dec('1'),
      reason: 'payout',
      at,
    });
    await transfer(db, {
      from: external('USDT'),
      to: spot(bob, 'USDT'),
      amount: dec('1'),
      reason: 'payout',
      at,
    });
    const [count] = await rows<{ n: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n FROM journal_entries WHERE reason = 'payout'`,
    );
    expect(Number(count?.n)).toBe(3);
  });

  it('keeps 18 decimals exactly', async () => {
    const user = await new TestClient(server).register();
    await transfer(db, {
      from: external('BTC'),
      to: spot(user, 'BTC'),
      amount: dec('0.000000000000000001'),
      reason: 'dust',
      at,
    });
    await transfer(db, {
      from: external('BTC'),
      to: spot(user, 'BTC'),
      amount: dec('123456789012.123456789012345678'),
      reason: 'big',
      at,
    });
    expect((await balanceOf(db, spot(user, 'BTC'))).toFixed()).toBe('123456789012.123456789012345679');
    const all = await balancesOf(db, user, UserPurpose.spot);
    expect([...all.entries()].map(([a, b]) => [a, b.toFixed()])).toEqual([
      ['BTC', '123456789012.123456789012345679'],
    ]);
    expect((await balanceOf(db, spot(user, 'NOPE'))).toFixed()).toBe('0');
  });

  describe('reconciliation', () => {
    it('is clean after normal work', async () => {
      expect(await reconcile(db)).toEqual({ ok: true, differences: [] });
    });

    it('detects a balance tampered with in SQL', async () => {
      const [account] = await rows<{ id: string }>(
        db,
        sql`SELECT id::text AS id FROM ledger_accounts WHERE user_id = ${alice} AND asset = 'USDT' AND purpose = 'spot'`,
      );
      const id = Number(account?.id);
      const real = (await balanceOf(db, spot(alice, 'USDT'))).toFixed();
      await db.execute(sql`UPDATE ledger_accounts SET balance = balance + 5 WHERE id = ${id}`);
      const report = await reconcile(db);
      expect(report.ok).toBe(false);
      expect(report.differences).toContainEqual({
        kind: 'balance_mismatch',
        asset: 'USDT',
        account: { id, user_id: alice, purpose: 'spot' },
        expected: dec(real).toFixed(18),
        actual: dec(real).plus(5).toFixed(18),
      });
      expect(report.differences).toContainEqual({
        kind: 'asset_not_zero',
        asset: 'USDT',
        expected: '0',
        actual: '5.000000000000000000',
      });
      await db.execute(sql`UPDATE ledger_accounts SET balance = balance - 5 WHERE id = ${id}`);
      expect((await reconcile(db)).ok).toBe(true);
    });

    it('detects a posting tampered with in SQL: the entry no longer balances', async () => {
      const [posting] = await rows<{ id: string; entry_id: string }>(
        db,
        sql`SELECT id::text AS id, entry_id::text AS entry_id FROM postings ORDER BY id DESC LIMIT 1`,
      );
      await db.execute(
        sql`UPDATE postings SET amount = amount + 0.00000001 WHERE id = ${Number(posting?.id)}`,
      );
      const report = await reconcile(db);
      expect(report.ok).toBe(false);
      expect(report.differences.map((d) => d.kind).sort()).toEqual(['balance_mismatch', 'unbalanced_entry']);
      expect(report.differences.find((d) => d.kind === 'unbalanced_entry')).toMatchObject({
        entry_id: Number(posting?.entry_id),
        expected: '0',
        actual: '0.000000010000000000',
      });
      await db.execute(
        sql`UPDATE postings SET amount = amount - 0.00000001 WHERE id = ${Number(posting?.id)}`,
      );
      expect((await reconcile(db)).ok).toBe(true);
    });

    it('detects orphan postings: an entry or an account that does not exist (postings has no foreign keys)', async () => {
      const [known] = await rows<{
        entry_id: string;
        account_id: string;
        missing_entry: string;
        missing_account: string;
      }>(
        db,
        sql`SELECT (SELECT entry_id FROM postings ORDER BY id DESC LIMIT 1)::text AS entry_id,
                   (SELECT id FROM ledger_accounts WHERE user_id = ${alice} AND asset = 'USDT' AND purpose = 'spot')::text AS account_id,
                   ((SELECT MAX(id) FROM journal_entries) + 1000000)::text AS missing_entry,
                   ((SELECT MAX(id) FROM ledger_accounts) + 1000000)::text AS missing_account`,
      );
      const entry = Number(known?.entry_id);
      const account = Number(known?.account_id);
      const missingEntry = Number(known?.missing_entry);
      const missingAccount = Number(known?.missing_account);
      // Each pair nets to zero on its entry and its account, so only the orphan check can see them:
      // two postings of a missing entry on alice's account, two of a real entry on a missing account.
      await db.execute(
        sql`INSERT INTO postings (entry_id, account_id, asset, amount) VALUES
              (${missingEntry}, ${account}, 'USDT', 2.5), (${missingEntry}, ${account}, 'USDT', -2.5),
              (${entry}, ${missingAccount}, 'USDT', 7), (${entry}, ${missingAccount}, 'USDT', -7)`,
      );
      try {
        expect(await reconcile(db)).toEqual({
          ok: false,
          differences: [
            {
              kind: 'orphan_posting',
              asset: 'USDT',
              entry_id: missingEntry,
              account_id: account,
              expected: '0',
              actual: '2.500000000000000000',
            },
            {
              kind: 'orphan_posting',
              asset: 'USDT',
              entry_id: missingEntry,
              account_id: account,
              expected: '0',
              actual: '-2.500000000000000000',
            },
            {
              kind: 'orphan_posting',
              asset: 'USDT',
              entry_id: entry,
              account_id: missingAccount,
              expected: '0',
              actual: '7.000000000000000000',
            },
            {
              kind: 'orphan_posting',
              asset: 'USDT',
              entry_id: entry,
              account_id: missingAccount,
              expected: '0',
              actual: '-7.000000000000000000',
            },
          ],
        });
      } finally {
        await db.execute(
          sql`DELETE FROM postings WHERE entry_id = ${missingEntry} OR account_id = ${missingAccount}`,
        );
      }
      expect((await reconcile(db)).ok).toBe(true);
    });

    it('detects a user balance that went negative behind the ledger', async () => {
      const user = await new TestClient(server).register();
      await transfer(db, {
        from: external('GT'),
        to: spot(user, 'GT'),
        amount: dec('1'),
        reason: 'deposit',
        at,
      });
      // Only a tampered database can hold one: the CHECK has to go first.
      await db.execute(sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_user_balance_nonneg`);
      try {
        await db.execute(
          sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id = ${user} AND asset = 'GT'`,
        );
        const report = await reconcile(db);
        expect(report.ok).toBe(false);
        expect(report.differences).toContainEqual(
          expect.objectContaining({
            kind: 'negative_user_balance',
            asset: 'GT',
            expected: '>= 0',
            actual: '-1.000000000000000000',
          }),
        );
        await db.execute(
          sql`UPDATE ledger_accounts SET balance = 1 WHERE user_id = ${user} AND asset = 'GT'`,
        );
      } finally {
        await db.execute(
          sql`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_user_balance_nonneg CHECK (NOT is_user OR balance >= 0)`,
        );
      }
      expect((await reconcile(db)).ok).toBe(true);
    });

    it('runs the product lines sub-ledger checks', async () => {
      registerSubledgerCheck({
        name: 'probe.positions',
        query: () =>
          sql`SELECT 'USDT' AS asset, '1' AS expected, '0' AS actual
              WHERE EXISTS (SELECT 1 FROM journal_entries WHERE reason = 'subledger_probe')`,
      });
      expect((await reconcile(db)).ok).toBe(true);
      await transfer(db, {
        from: external('USDT'),
        to: systemAccount('USDT', 'probe'),
        amount: dec('1'),
        reason: 'subledger_probe',
        at,
      });
      const report = await reconcile(db);
      expect(report).toEqual({
        ok: false,
        differences: [
          { kind: 'subledger', check: 'probe.positions', asset: 'USDT', expected: '1', actual: '0' },
        ],
      });
      await db.execute(
        sql`DELETE FROM postings WHERE entry_id IN (SELECT id FROM journal_entries WHERE reason = 'subledger_probe')`,
      );
      await db.execute(sql`DELETE FROM journal_entries WHERE reason = 'subledger_probe'`);
      await db.execute(sql`UPDATE ledger_accounts SET balance = 0 WHERE purpose = 'probe'`);
      await db.execute(
        sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = 0 AND asset = 'USDT' AND purpose = 'external'`,
      );
      expect((await reconcile(db)).ok).toBe(true);
    });
  });
});

describe.runIf(onPostgres)('ledger under concurrency (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await listCoins(new Operator(server));
  });
  afterAll(() => server.dispose());

  it('transfers both ways between the same accounts at once without deadlock or drift', async () => {
    const db = server.deps.db;
    const at = new Date();
    const a = await new TestClient(server).register();
    const b = await new TestClient(server).register();
    const spot = (u: number) => userAccount(u, 'USDT', UserPurpose.spot);
    for (const u of [a, b])
      await transfer(db, {
        from: systemAccount('USDT', 'external'),
        to: spot(u),
        amount: dec('1000'),
        reason: 'deposit',
        at,
      });
    const moves = Array.from({ length: 40 }, (_, i) =>
      transfer(db, {
        from: spot(i % 2 ? a : b),
        to: spot(i % 2 ? b : a),
        amount: dec(`${(i % 7) + 1}.5`),
        reason: 'swap',
        at,
      }),
    );
    const results = await Promise.allSettled(moves);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const total = (await balanceOf(db, spot(a))).plus(await balanceOf(db, spot(b)));
    expect(total.toFixed()).toBe('2000');
    expect(await reconcile(db)).toEqual({ ok: true, differences: [] });
  });
});
