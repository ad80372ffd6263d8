import Decimal from 'decimal.js';
import { expect } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import type { Operator, TestServer } from '../harness';
import { TestClient } from '../harness';

/** The test's own arithmetic: plenty of digits, nothing shared with the server. */
export const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });

export const HOUR = 3600;
export const DAY = 86_400;

/** The wire form of an exact figure: no exponent, no trailing zeros. */
export const wire = (x: Decimal.Value) => new D(x).toFixed();

/** A call that must succeed; answers its data. */
export async function must<T>(res: Promise<{ status: number; body: { code: number; data: T } }>): Promise<T> {
  const r = await res;
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  return r.body.data;
}

/** Moves the clock to the next UTC midnight plus `plus` seconds; answers that midnight. */
export async function toNextMidnight(op: Operator, plus = 0): Promise<number> {
  const now = await op.now();
  const midnight = Math.floor(now / DAY) * DAY + DAY;
  await op.advance(midnight - now + plus);
  return midnight;
}

export async function advanceTo(op: Operator, target: number): Promise<void> {
  const now = await op.now();
  if (target < now) throw new Error(`cannot go back from ${now} to ${target}`);
  await op.advance(target - now);
}

/** A registered user (of a chosen email) with spot deposits. */
export async function user(
  server: TestServer,
  op: Operator,
  email: string,
  deposits: Record<string, string> = {},
): Promise<{ c: TestClient; id: number }> {
  const c = new TestClient(server);
  const id = await c.register(email);
  for (const [asset, amount] of Object.entries(deposits)) await op.deposit(id, asset, amount);
  return { c, id };
}

/** A user call that must succeed. */
export async function ok(c: TestClient, url: string, body: Record<string, unknown>, form = false) {
  const res = await c.post(url, body, { form });
  expect(res.body.code, `${url} ${JSON.stringify(res.body)}`).toBe(0);
  return res.body.data;
}

/** What the books say entries of `reason` since `from` (unix seconds) credited, per asset. */
export async function creditedSince(
  server: TestServer,
  reason: string,
  from: number,
  purposeLike = '%',
): Promise<Record<string, string>> {
  const found = await rows<{ asset: string; total: string }>(
    server.deps.db,
    sql`SELECT p.asset, SUM(p.amount)::text AS total FROM postings p
        JOIN journal_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.reason = ${reason} AND e.created_at >= to_timestamp(${from}) AND p.amount > 0
          AND a.purpose LIKE ${purposeLike}
        GROUP BY p.asset`,
  );
  return Object.fromEntries(found.map((r) => [r.asset, wire(r.total)]));
}
