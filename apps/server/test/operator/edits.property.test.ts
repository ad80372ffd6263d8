import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { kinds } from './kinds';

/**
 * Issue 15: an edit changes only the fields it names. For every kind of product (and the other
 * records an operator edits), a generated valid value of one field alone is sent, and the record read
 * back through the operator's own lists must show that field changed and every other field as it was.
 * EDIT_RUNS (default 20) sets the runs per kind.
 */

const RUNS = Number(process.env.EDIT_RUNS ?? 20);

describe('an operator edit changes only the field it names', () => {
  let server: TestServer;
  let op: Operator;
  let client: TestClient & { id: number };
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    const c = new TestClient(server);
    client = Object.assign(c, { id: await c.register() });
  });
  afterAll(() => server.dispose());

  const table = kinds(
    {
      call: (...args: Parameters<Operator['call']>) => op.call(...args),
      now: () => op.now(),
    } as Operator,
    () => client,
  );

  for (const kind of table) {
    it(`${kind.name}: each field alone, ${RUNS} generated edits`, async () => {
      const target = await kind.create();
      const edit = fc
        .constantFrom(...Object.keys(kind.fields))
        .chain((field) =>
          (kind.fields[field] as fc.Arbitrary<unknown>).map((value) => [field, value] as const),
        );
      await fc.assert(
        fc.asyncProperty(edit, async ([field, value]) => {
          const before = await target.read();
          // Rates up to 1000 % are valid: the rate guard's confirmation (rate-guard.test.ts) is given.
          const confirm = kind.unusual ? { confirm_rate: true } : {};
          const res = await op.call('PUT', target.url, { [field]: value, ...confirm });
          expect(res.status, `${field}=${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toBe(200);
          const after = await target.read();
          const expected: Record<string, unknown> = { ...before };
          if (kind.groups?.includes(field))
            expected[field] = { ...(before[field] as object), ...(value as object) };
          else if (!kind.hidden?.includes(field)) expected[field] = value;
          expect(after, `after ${field}=${JSON.stringify(value)}`).toEqual(expected);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
