import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode, rows, sql } from '../../src/infra/db/client';
import { GroupCommitter, groupReadStats, type ReadKind } from '../../src/infra/db/group-commit';
import { startTestServer, type TestServer } from '../harness';
import { measureBatching } from '../simple-earn/batching';

/*
 * A batched read the database refuses (group-commit.ts, runRead): the refusal belongs to one call,
 * so the batch is read again call by call, and only that call is refused; the others are answered
 * their own results. The read kind here is the mechanism's alone (each call a text cast to an
 * integer, one of them not a number: invalid_text_representation), so the test holds for every kind
 * the fast path batches.
 */

const BATCH = /^\s*SELECT t\.i, t\.v::int AS n FROM jsonb_array_elements_text/;

/** Each call's text as an integer, all calls in one statement. */
const castKind: ReadKind<string, number> = {
  name: 'test.cast',
  async read(db, calls) {
    const found = await rows<{ i: string; n: number }>(
      db,
      sql`SELECT t.i, t.v::int AS n FROM jsonb_array_elements_text(${JSON.stringify(calls)}::jsonb)
            WITH ORDINALITY AS t(v, i) ORDER BY t.i`,
    );
    return found.map((r) => r.n);
  },
};

describe('group commit: a refused batched read', { timeout: 120_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('is read again call by call: only the call the database refuses is refused', async () => {
    // A window holds the idle queue until all four calls have arrived: one batch of four.
    const batcher = new GroupCommitter(server.deps.db, { enabled: true, maxBatch: 32, windowMs: 5 });
    const calls = ['1', '22', 'not a number', '333'];
    const run = await measureBatching(groupReadStats, BATCH, () =>
      Promise.allSettled(calls.map((c) => batcher.read(castKind, c))),
    );
    expect(run).toMatchObject({ batches: 1, calls: 4, retried: 1 });
    const outcomes = run.result.map((r) =>
      r.status === 'fulfilled' ? { n: r.value } : { refused: pgErrorCode(r.reason) },
    );
    expect(outcomes).toEqual([{ n: 1 }, { n: 22 }, { refused: '22P02' }, { n: 333 }]);
  });

  it('a batch the database answers is one statement, and nothing is read again', async () => {
    const batcher = new GroupCommitter(server.deps.db, { enabled: true, maxBatch: 32, windowMs: 5 });
    const run = await measureBatching(groupReadStats, BATCH, () =>
      Promise.all(['4', '5', '6'].map((c) => batcher.read(castKind, c))),
    );
    expect(run).toMatchObject({ batches: 1, calls: 3, retried: 0, result: [4, 5, 6] });
  });
});
