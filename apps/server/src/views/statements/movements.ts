import type { SQL } from 'drizzle-orm';
import { sql } from '../../infra/db/client';
import type { LineReads, MovementScope } from '../../kernel/reads';
import { SYSTEM_OWNER, UserPurpose } from '../../ledger/accounts';
import { priceAtSql } from '../../market/prices';
import { LINES, type Line, reasonsOf } from '../lines';

/** What a statement row is: money into or out of a product, what it paid, what it cost. */
/**
 * `convert`: a dual order settled at its target: the coin invested leaves (negative) and the other
 * coin arrives (positive, interest included), at the target price.
 */
export const MOVEMENT_TYPES = [
  'subscribe',
  'redeem',
  'interest',
  'reward',
  'bonus',
  'fee',
  'loss',
  'convert',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** The lines a statement covers: every product line (a dual record without a product moves no money). */
export const STATEMENT_LINES = LINES;

/**
 * (reason, line, income) for every reason an earn line books: income is what an entry of the reason
 * pays the user beyond moving their principal (its kind of income), or null when the reason only
 * moves principal (then a gain is not income: a staking receipt token, say). Each line declares its
 * own (LineReads.book).
 */
function reasonTable(reads: readonly LineReads[]): SQL {
  const income: Record<string, string> = Object.assign({}, ...reads.map((r) => r.book?.income ?? {}));
  const rowsOf = STATEMENT_LINES.flatMap((line: Line) =>
    reasonsOf(reads, line).map(
      (reason) => sql`(${reason}::text, ${line}::text, ${income[reason] ?? null}::text)`,
    ),
  );
  if (rowsOf.length === 0)
    return sql`(SELECT NULL::text, NULL::text, NULL::text WHERE false) AS k(reason, line, income)`;
  return sql`(VALUES ${sql.join(rowsOf, sql`, `)}) AS k(reason, line, income)`;
}

/** `e.reason` is one of `reasons` (none: false). */
function reasonIn(reasons: readonly string[]): SQL {
  if (reasons.length === 0) return sql`false`;
  return sql`e.reason IN (${sql.join(
    reasons.map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

export interface MovementFilter extends MovementScope {
  /** One user's movements; undefined: every user's (the daily rollup, always with from and to). */
  userId?: number;
  line?: Line;
  asset?: string;
  type?: MovementType;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export interface KeysetPosition {
  atUs: string;
  src: number;
  id: string;
  asset: string;
  type: string;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A user's earn movements, one row each, as SQL: columns at, at_us (unix microseconds), src, id,
 * asset, type, amount, line, product, entry_id, price (USDT at that time), value (amount × price,
 * 8 decimals down). (at_us, src, id, asset, type) is unique: the keyset.
 *
 * From the ledger, per entry and asset of an earn line's reason, the user's postings make at most two
 * movements: the change of their earn accounts (principal: positive a subscription, negative a
 * redemption) and the change of everything they own (income by the reason's kind when positive, a fee
 * or loss when negative). Amounts are signed as the user's available funds see them: subscriptions and
 * fees negative, redemptions and income positive. Flexible interest is credited hour by hour to a
 * pooled account, not to each user; its movements come from simple earn's reads (LineReads.movements),
 * the sub-ledger's rows, each with the hour's pooled entry.
 */
export function movementsSql(
  reads: readonly LineReads[],
  f: MovementFilter,
  opts: { priced?: boolean } = {},
): SQL {
  const ledgerWhere: SQL[] = [
    f.userId === undefined ? sql`a.user_id <> ${SYSTEM_OWNER}` : sql`a.user_id = ${f.userId}`,
  ];
  if (f.asset) ledgerWhere.push(sql`a.asset = ${f.asset}`);
  // Every user's movements of a day: the day's entries first (their time index), then their postings.
  // The entry's own columns are carried through the grouping (e0.id is its key), not joined again
  // after it: a second join of journal_entries against the grouped rows was planned as a nested loop
  // that grouped the range again for every entry whenever the range's rows were underestimated (the
  // newest day is past the statistics' histogram; no statistics at all before the first ANALYZE),
  // quadratic in the entries: 38 s for a fortnight of 40 users' rollup.
  let scope = sql`ledger_accounts a JOIN postings p ON p.account_id = a.id`;
  let entryCols = sql``;
  let entryGroup = sql``;
  let entry = sql`JOIN journal_entries e ON e.id = m.entry_id`;
  if (f.userId === undefined) {
    const range: SQL[] = [];
    if (f.from) range.push(sql`e0.created_at >= ${iso(f.from)}`);
    if (f.to) range.push(sql`e0.created_at < ${iso(f.to)}`);
    scope = sql`journal_entries e0 JOIN postings p ON p.entry_id = e0.id JOIN ledger_accounts a ON a.id = p.account_id`;
    ledgerWhere.push(...range);
    entryCols = sql`, e0.created_at, e0.reason, e0.ref`;
    entryGroup = sql`, e0.id`;
    entry = sql`CROSS JOIN LATERAL (SELECT m.created_at, m.reason, m.ref) e`;
  }
  const entryWhere: SQL[] = [sql`r.type IS NOT NULL`];
  if (f.from) entryWhere.push(sql`e.created_at >= ${iso(f.from)}`);
  if (f.to) entryWhere.push(sql`e.created_at < ${iso(f.to)}`);
  if (f.line) entryWhere.push(sql`k.line = ${f.line}`);
  if (f.type) entryWhere.push(sql`r.type = ${f.type}`);
  // A cost is a loss for the lines' loss reasons (a wealth settlement), a conversion for a dual
  // settlement at its target; a flexible redemption's withdrawn interest joins its principal in one
  // redemption row.
  const loss = reasonIn(reads.flatMap((r) => r.book?.lossReasons ?? []));
  const conversion = reasonIn(reads.flatMap((r) => r.book?.conversionReasons ?? []));
  const ledger = sql`SELECT m.user_id, e.created_at AS at, 0 AS src, m.entry_id AS id, m.asset, r.type, r.amount,
        k.line, COALESCE(m.purpose, k.line) || COALESCE(' ' || e.ref, '') AS product, m.entry_id
      FROM (
        SELECT p.entry_id, a.user_id, a.asset,
          COALESCE(SUM(p.amount) FILTER (WHERE a.purpose <> ${UserPurpose.spot}), 0) AS held,
          SUM(p.amount) AS net,
          MIN(a.purpose) FILTER (WHERE a.purpose <> ${UserPurpose.spot}) AS purpose${entryCols}
        FROM ${scope}
        WHERE ${sql.join(ledgerWhere, sql` AND `)}
        GROUP BY p.entry_id, a.user_id, a.asset${entryGroup}
      ) m
      ${entry}
      JOIN ${reasonTable(reads)} ON k.reason = e.reason
      CROSS JOIN LATERAL (VALUES
        (CASE WHEN m.held > 0 THEN 'subscribe' WHEN m.held < 0 THEN 'redeem' END,
          -m.held + CASE WHEN m.held < 0 AND m.net > 0 AND k.income = 'redeem' THEN m.net ELSE 0 END),
        (CASE WHEN m.net < 0 THEN CASE WHEN ${loss} THEN 'loss'
                                       WHEN ${conversion} THEN 'convert' ELSE 'fee' END
              WHEN m.net > 0 AND ${conversion} AND m.held = 0 THEN 'convert'
              WHEN m.net > 0 AND NOT (m.held < 0 AND k.income = 'redeem') THEN k.income END, m.net)
      ) AS r(type, amount)
      WHERE ${sql.join(entryWhere, sql` AND `)}`;

  // The movements the ledger does not show per user, from the lines that keep them (flexible interest).
  const more = reads.flatMap((r) => {
    const part = r.movements?.(f);
    return part ? [part] : [];
  });
  const union = sql.join([ledger, ...more], sql` UNION ALL `);
  if (opts.priced === false)
    return sql`SELECT u.user_id, u.at, u.asset, u.type, u.amount, u.line FROM (${union}) u`;
  return sql`SELECT u.at, (extract(epoch FROM u.at) * 1000000)::bigint AS at_us, u.src, u.id, u.asset, u.type,
      u.amount, u.line, u.product, u.entry_id, pr.price,
      trunc(u.amount * pr.price, 8) AS value
    FROM (${union}) u
    -- OFFSET 0 keeps the price a subquery of its own: inlined, it would be looked up once per use.
    CROSS JOIN LATERAL (SELECT ${priceAtSql(sql`u.asset`, sql`u.at`)} AS price OFFSET 0) pr`;
}

/** The keyset condition: rows after `pos` in the chosen direction. */
export function afterSql(pos: KeysetPosition | undefined, direction: 'asc' | 'desc'): SQL {
  if (!pos) return sql`true`;
  const op = direction === 'asc' ? sql`>` : sql`<`;
  return sql`(s.at_us, s.src, s.id, s.asset, s.type) ${op} (${pos.atUs}::bigint, ${pos.src}::int, ${pos.id}::bigint, ${pos.asset}::text, ${pos.type}::text)`;
}

export function orderSql(direction: 'asc' | 'desc'): SQL {
  const d = direction === 'asc' ? sql`ASC` : sql`DESC`;
  return sql`ORDER BY s.at_us ${d}, s.src ${d}, s.id ${d}, s.asset ${d}, s.type ${d}`;
}

const CURSOR = /^(\d{1,20})\.([01])\.(\d{1,19})\.([A-Z0-9]{1,32})\.([a-z]{1,16})$/;

/** A cursor is the last row's key, `at_us.src.id.asset.type`. */
export function encodeCursor(p: KeysetPosition): string {
  return `${p.atUs}.${p.src}.${p.id}.${p.asset}.${p.type}`;
}

export function decodeCursor(text: string): KeysetPosition | undefined {
  const m = CURSOR.exec(text);
  if (!m) return undefined;
  return {
    atUs: m[1] as string,
    src: Number(m[2]),
    id: m[3] as string,
    asset: m[4] as string,
    type: m[5] as string,
  };
}
