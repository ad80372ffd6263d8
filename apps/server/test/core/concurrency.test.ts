import { Code, dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { spotBalance } from './util';

describe.runIf(onPostgres)('50 parallel debits against one balance (PostgreSQL)', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  /** Samples the balance row while the debits run: it must never be seen below `floor`. */
  function watch(userId: number, asset: string) {
    let lowest = dec('Infinity');
    let running = true;
    const loop = (async () => {
      while (running) {
        const [row] = await rows<{ balance: string }>(
          server.deps.db,
          sql`SELECT balance::text AS balance FROM ledger_accounts WHERE user_id = ${userId} AND asset = ${asset} AND purpose = 'spot'`,
        );
        if (row) lowest = lowest.lt(row.balance) ? lowest : dec(row.balance);
      }
    })();
    return async () => {
      running = false;
      await loop;
      return lowest;
    };
  }

  async function debitInParallel(userId: number, asset: string, amount: string, n: number) {
    const stop = watch(userId, asset);
    const answers = await Promise.all(
      Array.from({ length: n }, () =>
        op.call('POST', '/admin/api/withdrawals', { user: userId, asset, amount }),
      ),
    );
    const lowest = await stop();
    return { answers, lowest };
  }

  it('a classic account: exactly floor(balance / amount) succeed, the rest are refused as insufficient', async () => {
    const id = await new TestClient(server).register();
    await op.deposit(id, 'USDT', '100');
    const { answers, lowest } = await debitInParallel(id, 'USDT', '7.3', 50);
    const succeeded = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    // 13 × 7.3 = 94.9; a 14th would need 102.2.
    expect(succeeded).toHaveLength(13);
    expect(refused).toHaveLength(37);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({
        code: Code.INSUFFICIENT_BALANCE,
        data: { key: 'finances.inadequateBalance', params: { coin: 'USDT' } },
      });
    }
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('5.1');
    expect(lowest.gte(0)).toBe(true);
    expect(await op.reconciliation()).toEqual({ ok: true, differences: [] });
  });

  it('a unified account with a loan: parallel debits never reach into borrowed funds', async () => {
    const c = new TestClient(server);
    const id = await c.register();
    await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'multi_currency' });
    await op.deposit(id, 'USDT', '100');
    expect(
      (await op.call('POST', '/admin/api/loans', { user: id, asset: 'USDT', amount: '50' })).body.code,
    ).toBe(0);
    const { answers, lowest } = await debitInParallel(id, 'USDT', '7', 50);
    // Own funds are 100: 14 × 7 = 98 may leave; the 50 borrowed stay.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(14);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(36);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('52');
    expect(lowest.gte(50)).toBe(true);
    const outable = await c.post<{ outable: string; available: string }[]>(
      '/apiw/v2/account/spot/asset/outable',
      { assets: ['USDT'] },
    );
    expect(outable.body.data[0]).toMatchObject({ outable: '2', available: '52' });
    expect(await op.reconciliation()).toEqual({ ok: true, differences: [] });
  });

  it('parallel deposits and withdrawals on one account add up exactly', async () => {
    const id = await new TestClient(server).register();
    await op.deposit(id, 'BTC', '1');
    const calls = Array.from({ length: 50 }, (_, i) =>
      op.call('POST', i % 2 ? '/admin/api/withdrawals' : '/admin/api/deposits', {
        user: id,
        asset: 'BTC',
        amount: '0.01',
      }),
    );
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await spotBalance(server.deps.db, id, 'BTC')).toBe('1');
    expect((await op.reconciliation()).ok).toBe(true);
  });
});
