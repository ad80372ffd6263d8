import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { countRows, ledgerSnapshot, PROBE_MOVE, probeModule, spotBalance } from './util';

interface Moved {
  entry_id: number;
  balance: string;
}

describe('idempotency keys', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer({ modules: [probeModule] });
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  async function funded(amount = '100') {
    const c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'USDT', amount);
    return { c, id };
  }

  const move = (c: TestClient, key: string | undefined, amount = '10') =>
    c.post<Moved>(
      PROBE_MOVE,
      { asset: 'USDT', amount },
      { headers: key === undefined ? {} : { 'idempotency-key': key } },
    );

  it('a replay answers the first response and moves nothing', async () => {
    const { c, id } = await funded();
    const first = await move(c, 'action-1');
    expect(first.status).toBe(200);
    expect(first.body.data.balance).toBe('90');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await ledgerSnapshot(server.deps.db);

    for (const form of [false, true]) {
      const replay = await c.post<Moved>(
        PROBE_MOVE,
        { asset: 'USDT', amount: '10' },
        { form, headers: { 'idempotency-key': 'action-1' } },
      );
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('90');
  });

  it('the same key with another body answers 409 code 40901 and moves nothing', async () => {
    const { c, id } = await funded();
    await move(c, 'action-2', '10');
    const before = await ledgerSnapshot(server.deps.db);
    const other = await move(c, 'action-2', '20');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      code: Code.IDEMPOTENCY_CONFLICT,
      message: 'This Idempotency-Key was used for a different request',
      data: { key: 'common.idempotencyConflict', params: {} },
    });
    expect(await ledgerSnapshot(server.deps.db)).toEqual(before);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('90');
  });

  it('the funding password does not count as part of the request', async () => {
    const { c } = await funded();
    const first = await c.post<Moved>(
      PROBE_MOVE,
      { asset: 'USDT', amount: '5', fundpass: 'one' },
      { headers: { 'idempotency-key': 'fp-1' } },
    );
    const again = await c.post<Moved>(
      PROBE_MOVE,
      { asset: 'USDT', amount: '5' },
      { headers: { 'idempotency-key': 'fp-1' } },
    );
    expect(again.body).toEqual(first.body);
  });

  it('keys belong to their user: two users may use the same key', async () => {
    const a = await funded();
    const b = await funded();
    const ra = await move(a.c, 'shared-key');
    const rb = await move(b.c, 'shared-key');
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(rb.body.data.entry_id).not.toBe(ra.body.data.entry_id);
    expect(await spotBalance(server.deps.db, a.id, 'USDT')).toBe('90');
    expect(await spotBalance(server.deps.db, b.id, 'USDT')).toBe('90');
  });

  it('a failed call keeps nothing, so the same key can be retried once it can succeed', async () => {
    const { c, id } = await funded('5');
    const keys = await countRows(server.deps.db, 'idempotency_keys');
    const refused = await move(c, 'retry-me', '10');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: Code.INSUFFICIENT_BALANCE,
      data: { key: 'finances.inadequateBalance', params: { coin: 'USDT' } },
    });
    expect(await countRows(server.deps.db, 'idempotency_keys')).toBe(keys);
    await op.deposit(id, 'USDT', '5');
    const retried = await move(c, 'retry-me', '10');
    expect(retried.status).toBe(200);
    expect(retried.body.data.balance).toBe('0');
  });

  it.each(['', ' ', 'has space', 'x'.repeat(129), 'ключ'])(
    'refuses the malformed key %j with 400',
    async (key) => {
      const { c, id } = await funded();
      const res = await c.request('POST', PROBE_MOVE, {
        body: { asset: 'USDT', amount: '10' },
        headers: { 'idempotency-key': key },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Code.INVALID_PARAMS);
      expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('100');
    },
  );

  it('without a key every call moves money', async () => {
    const { c, id } = await funded();
    await move(c, undefined);
    await move(c, undefined);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('80');
  });

  it('operator deposits are idempotent too, in a scope apart from users', async () => {
    const { id } = await funded('1');
    const send = (amount: string) =>
      op.call<{ entry_id: number }>(
        'POST',
        '/admin/api/deposits',
        { user: id, asset: 'USDT', amount },
        { 'idempotency-key': 'dep-1' },
      );
    const first = await send('7');
    const replay = await send('7');
    expect(replay.body).toEqual(first.body);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('8');
    const conflict = await send('8');
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe(Code.IDEMPOTENCY_CONFLICT);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('8');
    expect((await op.reconciliation()).ok).toBe(true);
  });

  it.runIf(onPostgres)('parallel replays of one key move the money once (PostgreSQL)', async () => {
    const { c, id } = await funded();
    const answers = await Promise.all(Array.from({ length: 10 }, () => move(c, 'parallel-1')));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0]?.body);
    }
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await spotBalance(server.deps.db, id, 'USDT')).toBe('90');
    expect((await op.reconciliation()).ok).toBe(true);
  });
});
