import { type SQL, sql } from 'drizzle-orm';
import { ofUsers } from '../../infra/db/users';
import type { LineReads } from '../../kernel/reads';
import type { Line } from '../lines';

/**
 * What a user holds in Earn: the one definition that the overview shows (per line and coin) and that
 * the proof of liabilities counts (per coin), so the two cannot tell different stories. It is
 * everything the user can take out, per line and coin:
 *
 * - the balances of their earn accounts in the ledger: flexible principal (with what waits for its
 *   first hour and what is frozen for redemption), fixed principal, launch-pool stakes, staking and
 *   staking being redeemed, dual orders not yet settled (what was invested);
 * - flexible interest credited and not withdrawn: held in the pooled interest account, whose
 *   sub-ledger (the position) says whose it is: the 8-decimal floor of its cumulative interest less
 *   what it withdrew;
 * - staking rewards held until the next redemption (reward delay -1 or 0), in the reward coin the
 *   redemption pays them in;
 * - private wealth at the latest NAV published by `at`: units held and being redeemed × NAV,
 *   8 decimals down (valueOfUnits; the ledger keeps it at cost); at cost before a first NAV.
 *
 * Left out, because the user cannot take them out yet: fixed interest (paid at maturity, forfeited
 * by an early redeem) and launch-pool rewards and interest accruing within the current hour (the
 * hour's payout brings them to spot). Soft staking holds nothing: its coins stay in spot.
 *
 * The ledger part is read here, in one pass over the purposes the lines declare; each line's positions
 * come from its reads (kernel/reads.ts). Rows (user_id, line, asset, amount); set-based, so one
 * statement serves one user or every user (`users` absent).
 */
export function holdingsSql(reads: readonly LineReads[], at: Date, users?: readonly number[]): SQL {
  const held = ledgerLines(reads);
  const parts: SQL[] = [];
  if (Object.keys(held).length > 0) {
    const lineOf = sql.join(
      Object.entries(held).map(([purpose, line]) => sql`WHEN ${purpose} THEN ${line}`),
      sql` `,
    );
    const purposes = sql.join(
      Object.keys(held).map((p) => sql`${p}`),
      sql`, `,
    );
    parts.push(sql`
    SELECT a.user_id, CASE a.purpose ${lineOf} END AS line, a.asset, a.balance AS amount
      FROM ledger_accounts a
     WHERE a.is_user AND a.purpose IN (${purposes}) AND a.balance <> 0 AND ${ofUsers(sql`a.user_id`, users)}`);
  }
  for (const r of reads) if (r.holdings) parts.push(r.holdings(at, users));
  if (parts.length === 0)
    return sql`SELECT NULL::int AS user_id, NULL::text AS line, NULL::text AS asset, NULL::numeric AS amount WHERE false`;
  return sql.join(
    parts,
    sql`
    UNION ALL`,
  );
}

/**
 * The user ledger purposes that are earn holdings, by line: those the lines declare (heldPurposes),
 * every user purpose but spot and those valued otherwise (wealth, at NAV from its orders). Declared,
 * not "not spot", so a purpose added later is a decision of its line rather than silently a holding.
 */
export function ledgerLines(reads: readonly LineReads[]): Readonly<Record<string, Line>> {
  return Object.assign({}, ...reads.map((r) => r.heldPurposes ?? {}));
}

/** Every user purpose whose balance is an earn holding (wealth through its orders). */
export function earnPurposes(reads: readonly LineReads[]): string[] {
  return [...Object.keys(ledgerLines(reads)), ...reads.flatMap((r) => r.valuedPurposes ?? [])];
}
