import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, hotRows, pgErrorCode, rows, sql } from '../../src/infra/db/client';
import { startTestServer, type TestServer } from '../harness';

describe('hotRows (the hot calls’ statements, without Drizzle’s builder)', () => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await startTestServer();
    db = server.deps.db;
  });
  afterAll(() => server.dispose());

  it('answers the same rows, of the same types, as Drizzle', async () => {
    const query = sql`SELECT ${'2026-01-01T00:00:00Z'}::timestamptz AS at, ${'2026-01-01'}::date AS day,
        ${7}::int AS n, ${'0.000000015'}::numeric AS amount, ${true}::boolean AS yes, ${null}::text AS none,
        ${'{"a":1}'}::jsonb AS doc, ARRAY[${'x'}::text, ${sql.identifier('y')}::text] AS list
      FROM (VALUES (1)) AS ${sql.identifier('y')}(y)`;
    const expected = await rows(db, query);
    expect(await hotRows(db, query)).toEqual(expected);
    expect(expected[0]).toMatchObject({ n: 7, amount: '0.000000015', yes: true, none: null, doc: { a: 1 } });
    expect(typeof (expected[0] as { at: unknown }).at).toBe('string');
  });

  it('raises the database’s own error', async () => {
    const error = await hotRows(db, sql`SELECT 1 / ${0}::int`).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe('22012');
  });
});
