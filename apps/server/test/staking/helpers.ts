import Decimal from 'decimal.js';
import { rows, sql } from '../../src/infra/db/client';
import type { Operator, TestClient, TestServer } from '../harness';

/** An independent decimal for expected values: plenty of digits, no shared helpers with the server. */
export const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
export type D = Decimal;

export const DAY = 86_400;

export const floor = (x: Decimal.Value, places: number) =>
  new D(x).toDecimalPlaces(places, Decimal.ROUND_DOWN);

/** Pays a series of daily grosses the way the books must: 8 decimals down, the rest carried to the next day. */
export function payWithCarry(grosses: Decimal.Value[]): D[] {
  let carry = new D(0);
  return grosses.map((g) => {
    const total = carry.plus(g);
    const paid = floor(total, 8);
    carry = total.minus(paid);
    return paid;
  });
}

/** Moves the test clock to the next UTC midnight (or `plusSeconds` after it) and answers that midnight. */
export async function toNextMidnight(op: Operator, plusSeconds = 0): Promise<number> {
  const now = await op.now();
  const midnight = Math.floor(now / DAY) * DAY + DAY;
  await op.advance(midnight - now + plusSeconds);
  return midnight;
}

export async function advanceTo(op: Operator, target: number): Promise<void> {
  const now = await op.now();
  if (target < now) throw new Error(`cannot go back from ${now} to ${target}`);
  await op.advance(target - now);
}

/** The user's spot balance of an asset, through the account API. */
export async function spot(c: TestClient, asset: string): Promise<string> {
  const res = await c.post<{ available: string }[]>('/apiw/v2/account/spot/asset/outable', {
    assets: [asset],
  });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
  return res.body.data[0]?.available ?? '0';
}

export async function ledgerBalance(
  op: Operator,
  userId: number,
  asset: string,
  purpose: string,
): Promise<string> {
  const res = await op.call<{ balances: { asset: string; purpose: string; balance: string }[] }>(
    'GET',
    `/admin/api/users/${userId}`,
  );
  return res.body.data.balances.find((b) => b.asset === asset && b.purpose === purpose)?.balance ?? '0';
}

export async function expectReconciled(op: Operator): Promise<void> {
  const report = await op.reconciliation();
  if (!report.ok) throw new Error(`reconciliation failed: ${JSON.stringify(report.differences)}`);
}

/** A system account's balance (owner 0), read from the books directly. */
export async function systemBalance(server: TestServer, asset: string, purpose: string): Promise<string> {
  const [row] = await rows<{ balance: string }>(
    server.deps.db,
    sql`SELECT balance::text AS balance FROM ledger_accounts WHERE user_id = 0 AND asset = ${asset} AND purpose = ${purpose}`,
  );
  return row ? new D(row.balance).toFixed() : '0';
}

/** Records the user's acceptance of a coin's staking agreement, as the stake modal's checkbox does. */
export async function acceptStaking(c: TestClient, ...coins: string[]): Promise<void> {
  for (const coin of coins) {
    const res = await c.post('/apiw/v2/earn/staking/agreement', { coin });
    if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
  }
}

/** Records the user's acceptance of a wealth product's disclaimer, as the subscribe form's checkbox does. */
export async function acceptDisclaimer(c: TestClient, pid: number): Promise<void> {
  const res = await c.post('/apiw/v2/earn/private-wealth/disclaimer', { pid });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
}
