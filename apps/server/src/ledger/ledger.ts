import { type Decimal, dec, STORAGE_DECIMALS, toWire } from '@earn/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, pgConstraint, pgErrorCode } from '../db/client';
import { ledgerAccounts } from '../db/schema';
import { DomainError, errors } from '../http/errors';
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
   */
  with?: SQL[];
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
  const accountRows = sql.join(
    accounts.map(
      ({ key, delta }) =>
        sql`(${key.userId}::bigint, ${key.asset}::text, ${key.purpose}::text, ${key.userId !== SYSTEM_OWNER && !delta.isNegative()}::boolean, ${toWire(delta)}::numeric)`,
    ),
    sql`, `,
  );
  const lineRows = sql.join(
    entry.postings.map(
      (p) =>
        sql`(${p.account.userId}::bigint, ${p.account.asset}::text, ${p.account.purpose}::text, ${toWire(p.amount)}::numeric)`,
    ),
    sql`, `,
  );
  const memo = entry.memo === undefined ? null : JSON.stringify(entry.memo);
  const book = async (tx: Db): Promise<number> => {
    const result = (await tx.execute(sql`
        WITH acc AS (
          INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance) VALUES ${accountRows}
          ON CONFLICT (user_id, asset, purpose)
            DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, is_user = ledger_accounts.is_user
          RETURNING id, user_id, asset, purpose, is_user
        ), je AS (
          INSERT INTO journal_entries (reason, ref, created_at, memo)
          VALUES (${entry.reason}, ${entry.ref ?? null}, ${entry.at.toISOString()}::timestamptz, ${memo}::jsonb)
          RETURNING id
        ), lines AS (
          INSERT INTO postings (entry_id, account_id, asset, amount)
          SELECT je.id, acc.id, l.asset, l.amount
          FROM je CROSS JOIN (VALUES ${lineRows}) AS l(user_id, asset, purpose, amount)
          JOIN acc ON acc.user_id = l.user_id AND acc.asset = l.asset AND acc.purpose = l.purpose
          RETURNING 1
        )${sql.join(
          (opts.with ?? []).map((statement, i) => sql`, ${sql.raw(`also${i}`)} AS (${statement})`),
          sql``,
        )}
        SELECT je.id::text AS id, (SELECT count(*) FROM lines)::int AS lines,
          EXISTS (SELECT 1 FROM acc WHERE NOT acc.is_user AND acc.user_id <> ${SYSTEM_OWNER}) AS overdrawn
        FROM je`)) as unknown as {
      rows: { id: string; lines: number; overdrawn: boolean }[];
    };
    const row = result.rows[0];
    if (row?.overdrawn) throw errors.insufficientBalance(firstUserDebit(entry)?.account.asset ?? '');
    if (!row || row.lines !== entry.postings.length)
      throw new Error(`entry ${entry.reason} not fully booked`);
    return Number(row.id);
  };
  try {
    if (opts.savepoint === false) return await book(db);
    return await db.transaction((tx) => book(tx as unknown as Db));
  } catch (error) {
    throw translateLedgerError(error, entry);
  }
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
