import { type Decimal, dec, STORAGE_DECIMALS, toWire } from '@earn/domain';
import { and, eq, inArray, SQL, sql } from 'drizzle-orm';
import { type Db, hotRows, pgConstraint, pgErrorCode, rows } from '../infra/db/client';
import { ledgerAccounts } from '../infra/db/schema';
import { DomainError, errors } from '../kernel/errors';
import { type AccountKey, SYSTEM_OWNER } from './accounts';

export interface PostingInput {
  account: AccountKey;
  /** Added to the account's balance: positive credits it, negative debits it. */
  amount: Decimal;
}

export interface EntryInput {
  reason: string;
  /** Business reference; the same (reason, ref) cannot be booked twice. */
  ref?: string;
  memo?: Record<string, unknown>;
  postings: PostingInput[];
  at: Date;
}

export class DuplicateEntryError extends DomainError {
  constructor(reason: string, ref: string) {
    super(40900, 'common.conflict', `entry ${reason}/${ref} already booked`);
  }
}

const keyOf = (k: AccountKey) => `${k.userId}|${k.asset}|${k.purpose}`;

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one order in which every writer locks ledger accounts: user, then asset and purpose by code
 * unit (SQL: ORDER BY user_id, asset COLLATE "C", purpose COLLATE "C"), so no two entries deadlock.
 */
export function compareKeys(a: AccountKey, b: AccountKey): number {
  return a.userId - b.userId || byCodeUnit(a.asset, b.asset) || byCodeUnit(a.purpose, b.purpose);
}

/** Rejects an entry that could corrupt the books before anything is written. */
function assertBalanced(entry: EntryInput): void {
  if (entry.postings.length < 2) throw new Error(`entry ${entry.reason} needs at least two postings`);
  const perAsset = new Map<string, Decimal>();
  for (const p of entry.postings) {
    if (p.amount.isZero()) throw new Error(`entry ${entry.reason} has a zero posting`);
    if (p.amount.decimalPlaces() > STORAGE_DECIMALS) throw new Error(`entry ${entry.reason} is over-precise`);
    if (p.account.asset !== p.account.asset.toUpperCase()) throw new Error('asset must be upper case');
    perAsset.set(p.account.asset, (perAsset.get(p.account.asset) ?? dec(0)).plus(p.amount));
  }
  for (const [asset, total] of perAsset) {
    if (!total.isZero()) throw new Error(`entry ${entry.reason} does not balance in ${asset}: ${total}`);
  }
}

/**
 * Books one balanced journal entry and moves the balances, in the caller's transaction (a savepoint,
 * so a refused entry leaves the caller's transaction usable). One statement does it all: it creates
 * missing accounts and adds each account's net movement by upsert, in key order, so two entries
 * touching the same accounts take their row locks in one order and never deadlock; then it inserts the
 * entry and its postings. A user balance that would go negative is refused by the database's CHECK
 * and answered as insufficient balance.
 *
 * PostgreSQL checks the CHECK on the proposed row before it looks for a conflict, so a debit of an
 * existing user account is proposed as a non-user row (is_user false) and the update keeps the
 * account's own is_user, against which the CHECK then runs. Such a proposed row is only ever inserted
 * when a user account that does not exist yet is debited: that is refused below, in the savepoint.
 */
export interface PostOptions {
  /**
   * false: no savepoint, one round trip fewer each side. Only for a caller whose transaction is
   * abandoned when the entry is refused (a request that answers the refusal), never for one that
   * catches the refusal and goes on writing.
   */
  savepoint?: boolean;
  /**
   * Data-modifying statements (INSERT, UPDATE, DELETE without a final SELECT) that run in the entry's
   * own statement, as CTEs: the business rows an entry pays for, written in the same round trip. They
   * run whether or not the entry is then refused; a refusal abandons (or rolls back) them with it.
   * A named one (`{ name, sql }`) can be read by `checks`.
   */
  with?: (SQL | NamedStatement)[];
  /**
   * true: the house (system) accounts' balances move at commit, by a deferred trigger
   * (ledger_deferred_moves), so a house account that many calls touch is locked for the commit alone;
   * the entry and its postings are written at once. Only for a caller whose transaction takes no
   * other lock on those accounts, and whose other writers of them it excludes or that book them the
   * same way: the moves take the house rows after this entry's user rows, the reverse of the key order.
   */
  houseAtCommit?: boolean;
  /**
   * true: this statement is the caller's whole transaction (no BEGIN, no savepoint: it commits on its
   * own). Every condition the entry checks after its statement is then checked inside it, by
   * `earn_check` in the final SELECT, so a refused entry raises and leaves nothing written: an
   * overdraw as the balance CHECK would (23514), a lost race as a serialization failure (40001).
   */
  oneStatement?: boolean;
  /** With oneStatement: further conditions, typically over named CTEs. */
  checks?: Check[];
  /**
   * The name of a `with` statement that must run before the entry locks any account: the accounts
   * are upserted only once it has answered a row (none: nothing is booked and the entry's checks
   * raise). A one-statement call uses it to take its business lock first, in the order the locking
   * path takes it, so the two never wait on each other in a cycle.
   */
  after?: string;
}

/**
 * A condition a one-statement entry checks in its final SELECT: when `ok` is not true the statement
 * raises `code` (a SQLSTATE) with `detail`, and nothing it wrote stays.
 */
export interface Check {
  ok: SQL;
  code: string;
  detail: string;
}

/** A CTE the entry's statement runs under a name of the caller's, so that its checks can read it. */
export interface NamedStatement {
  name: string;
  sql: SQL;
}

const isNamed = (s: SQL | NamedStatement): s is NamedStatement => !(s instanceof SQL);

/** A lost race the caller's whole call should simply run again (as a serialization failure is). */
export class RunAgainError extends Error {
  readonly code = '40001';
}

/**
 * The call cannot go on until `ready` (e.g. the flexible hour being booked has closed): its transaction
 * rolls back, so it holds no connection or lock while it waits, and the whole call runs again after.
 * Waiting inside the transaction instead would let enough waiting calls take every pooled connection,
 * leaving none for the job they wait for.
 */
export class RunAgainWhenError extends Error {
  constructor(
    message: string,
    readonly ready: (db: Db) => Promise<boolean>,
    readonly maxWaitMs: number,
  ) {
    super(message);
  }
}

/** What the call waited for did not come in time: answered as 503 (nothing changed, try again), as a database that cannot take calls now. */
export class StillBusyError extends Error {
  readonly code = '57P03';
}

/** Waits, outside any transaction, until the refusal's condition holds; StillBusyError past its limit. */
export async function waitToRunAgain(db: Db, refusal: RunAgainWhenError, pollMs = 20): Promise<void> {
  for (let waited = 0; !(await refusal.ready(db)); waited += pollMs) {
    if (waited >= refusal.maxWaitMs) throw new StillBusyError(refusal.message);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export async function postEntry(db: Db, entry: EntryInput, opts: PostOptions = {}): Promise<number> {
  assertBalanced(entry);
  const net = new Map<string, { key: AccountKey; delta: Decimal }>();
  for (const p of entry.postings) {
    const k = keyOf(p.account);
    const found = net.get(k);
    if (found) found.delta = found.delta.plus(p.amount);
    else net.set(k, { key: p.account, delta: p.amount });
  }
  const accounts = [...net.values()].sort((a, b) => compareKeys(a.key, b.key));
  const atCommit = (key: AccountKey) => opts.houseAtCommit === true && key.userId === SYSTEM_OWNER;
  const now = accounts.filter(({ key }) => !atCommit(key));
  const later = accounts.filter(({ key }) => atCommit(key));
  const accountRows = sql.join(
    now.map(
      ({ key, delta }) =>
        sql`(${key.userId}::bigint, ${key.asset}::text, ${key.purpose}::text, ${key.userId !== SYSTEM_OWNER && !delta.isNegative()}::boolean, ${toWire(delta)}::numeric)`,
    ),
    sql`, `,
  );
  const acc =
    now.length > 0
      ? sql`INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
          ${
            opts.after
              ? sql`SELECT * FROM (VALUES ${accountRows}) AS v(user_id, asset, purpose, is_user, balance)
                  WHERE EXISTS (SELECT 1 FROM ${sql.identifier(opts.after)})`
              : sql`VALUES ${accountRows}`
          }
          ON CONFLICT (user_id, asset, purpose)
            DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, is_user = ledger_accounts.is_user
          RETURNING id, user_id, asset, purpose, is_user, balance`
      : sql`SELECT NULL::bigint AS id, NULL::bigint AS user_id, NULL::text AS asset, NULL::text AS purpose, NULL::boolean AS is_user, NULL::numeric AS balance WHERE false`;
  // House accounts moved at commit: found (or created, with a zero balance) without locking them;
  // the moves are booked in key order, the order the trigger applies them.
  const laterRows = sql.join(
    later.map(
      ({ key, delta }) =>
        sql`(${key.userId}::bigint, ${key.asset}::text, ${key.purpose}::text, ${toWire(delta)}::numeric)`,
    ),
    sql`, `,
  );
  const house =
    later.length > 0
      ? sql`, house_new AS (
          INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
          SELECT user_id, asset, purpose, false, 0 FROM (VALUES ${laterRows}) AS k(user_id, asset, purpose, amount)
          ON CONFLICT (user_id, asset, purpose) DO NOTHING
          RETURNING id, user_id, asset, purpose, is_user
        ), house AS (
          SELECT id, user_id, asset, purpose, is_user FROM house_new
          UNION ALL
          SELECT a.id, a.user_id, a.asset, a.purpose, a.is_user FROM ledger_accounts a
          JOIN (VALUES ${laterRows}) AS k(user_id, asset, purpose, amount)
            ON a.user_id = k.user_id AND a.asset = k.asset AND a.purpose = k.purpose
        ), moves AS (
          INSERT INTO ledger_deferred_moves (account_id, amount)
          SELECT h.id, k.amount FROM house h
          JOIN (VALUES ${laterRows}) AS k(user_id, asset, purpose, amount)
            ON h.user_id = k.user_id AND h.asset = k.asset AND h.purpose = k.purpose
          ORDER BY h.user_id, h.asset COLLATE "C", h.purpose COLLATE "C"
          RETURNING 1
        ), booked AS (SELECT id, user_id, asset, purpose, is_user FROM acc UNION ALL SELECT id, user_id, asset, purpose, is_user FROM house)`
      : sql`, booked AS (SELECT id, user_id, asset, purpose, is_user FROM acc)`;
  const lineRows = sql.join(
    entry.postings.map(
      (p) =>
        sql`(${p.account.userId}::bigint, ${p.account.asset}::text, ${p.account.purpose}::text, ${toWire(p.amount)}::numeric)`,
    ),
    sql`, `,
  );
  const memo = entry.memo === undefined ? null : JSON.stringify(entry.memo);
  const movesSql = later.length > 0 ? sql`(SELECT count(*) FROM moves)::int` : sql`0`;
  // A user account debited before it existed was inserted by the upsert as a non-user row.
  const overdrawnSql = sql`EXISTS (SELECT 1 FROM acc WHERE NOT acc.is_user AND acc.user_id <> ${SYSTEM_OWNER})`;
  const book = async (tx: Db): Promise<number> => {
    // The caller's statements come first, so that the account upsert can wait for one (opts.after).
    const statement = sql`
        WITH ${sql.join(
          (opts.with ?? []).map((statement, i) =>
            isNamed(statement)
              ? sql`${sql.identifier(statement.name)} AS (${statement.sql}), `
              : sql`${sql.raw(`also${i}`)} AS (${statement}), `,
          ),
          sql``,
        )}acc AS (${acc})${house}, je AS (
          INSERT INTO journal_entries (reason, ref, created_at, memo)
          VALUES (${entry.reason}, ${entry.ref ?? null}, ${entry.at.toISOString()}::timestamptz, ${memo}::jsonb)
          RETURNING id
        ), lines AS (
          INSERT INTO postings (entry_id, account_id, asset, amount)
          SELECT je.id, booked.id, l.asset, l.amount
          FROM je CROSS JOIN (VALUES ${lineRows}) AS l(user_id, asset, purpose, amount)
          JOIN booked ON booked.user_id = l.user_id AND booked.asset = l.asset AND booked.purpose = l.purpose
          RETURNING 1
        )
        ${
          opts.oneStatement
            ? checkedSelect(entry, later.length, movesSql, overdrawnSql, opts.checks ?? [])
            : sql`SELECT je.id::text AS id, (SELECT count(*) FROM lines)::int AS lines,
          ${movesSql} AS moves, ${overdrawnSql} AS overdrawn FROM je`
        }`;
    const [row] = opts.oneStatement
      ? await hotRows<BookedRow>(tx, statement)
      : await rows<BookedRow>(tx, statement);
    if (row?.overdrawn) throw errors.insufficientBalance(firstUserDebit(entry)?.account.asset ?? '');
    // A house account another call was creating at this moment is not yet visible to this statement.
    if (row && row.moves !== later.length)
      throw new RunAgainError(`entry ${entry.reason}: a house account was being created; run again`);
    if (!row || row.lines !== entry.postings.length)
      throw new Error(`entry ${entry.reason} not fully booked`);
    return Number(row.id);
  };
  try {
    if (opts.savepoint === false || opts.oneStatement) return await book(db);
    return await db.transaction((tx) => book(tx));
  } catch (error) {
    throw translateLedgerError(error, entry);
  }
}

interface BookedRow {
  id: string;
  lines: number;
  moves: number;
  overdrawn: boolean;
}

/**
 * The final SELECT of a one-statement entry: each figure computed once, and every condition checked
 * in one CASE, which calls earn_check (raising) only for the first that fails: on the usual path no
 * function is called at all.
 */
function checkedSelect(
  entry: EntryInput,
  laterCount: number,
  movesSql: SQL,
  overdrawnSql: SQL,
  checks: Check[],
): SQL {
  const all: Check[] = [
    { ok: sql`n.lines = ${entry.postings.length}::int`, code: 'XX000', detail: 'entry not fully booked' },
    { ok: sql`NOT o.overdrawn`, code: '23514', detail: 'ledger_user_balance_nonneg' },
    { ok: sql`${movesSql} = ${laterCount}::int`, code: '40001', detail: 'house account being created' },
    ...checks,
  ];
  return sql`SELECT je.id::text AS id, n.lines, ${movesSql} AS moves, o.overdrawn,
      CASE ${sql.join(
        all.map((c) => sql`WHEN (${c.ok}) IS NOT TRUE THEN earn_check(false, ${c.code}, ${c.detail})`),
        sql` `,
      )} ELSE true END AS checked
    FROM je, (SELECT count(*)::int AS lines FROM lines) n, (SELECT ${overdrawnSql} AS overdrawn) o`;
}

function firstUserDebit(entry: EntryInput): PostingInput | undefined {
  return entry.postings.find((p) => p.amount.isNegative() && p.account.userId !== SYSTEM_OWNER);
}

function translateLedgerError(error: unknown, entry: EntryInput): unknown {
  const code = pgErrorCode(error);
  if (code === '23514' && pgConstraint(error) === 'ledger_user_balance_nonneg') {
    return errors.insufficientBalance(firstUserDebit(entry)?.account.asset ?? '');
  }
  if (code === '23505' && entry.ref && pgConstraint(error) === 'journal_entries_reason_ref') {
    return new DuplicateEntryError(entry.reason, entry.ref);
  }
  return error;
}

/** One account's balance (zero for an account never used). */
export async function balanceOf(db: Db, key: AccountKey): Promise<Decimal> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, key.userId),
        eq(ledgerAccounts.asset, key.asset),
        eq(ledgerAccounts.purpose, key.purpose),
      ),
    );
  return dec(row?.balance ?? '0');
}

/** A user's balances of one purpose, by asset. */
export async function balancesOf(
  db: Db,
  userId: number,
  purpose: string,
  assets?: string[],
): Promise<Map<string, Decimal>> {
  const conditions = [eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.purpose, purpose)];
  if (assets && assets.length > 0) conditions.push(inArray(ledgerAccounts.asset, assets));
  const found = await db
    .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(...conditions));
  return new Map(found.map((r) => [r.asset, dec(r.balance)]));
}

/** Moves `amount` between two accounts of the same asset as one entry. */
export function transfer(
  db: Db,
  opts: {
    from: AccountKey;
    to: AccountKey;
    amount: Decimal;
    reason: string;
    ref?: string;
    at: Date;
    memo?: Record<string, unknown>;
  },
  postOptions: PostOptions = {},
): Promise<number> {
  if (opts.from.asset !== opts.to.asset) throw new Error('transfer between different assets');
  if (!opts.amount.isPositive() || opts.amount.isZero()) throw new Error('transfer amount must be positive');
  return postEntry(
    db,
    {
      reason: opts.reason,
      ref: opts.ref,
      at: opts.at,
      memo: opts.memo,
      postings: [
        { account: opts.from, amount: opts.amount.negated() },
        { account: opts.to, amount: opts.amount },
      ],
    },
    postOptions,
  );
}
