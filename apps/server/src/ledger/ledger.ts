import { Decimal, dec, STORAGE_DECIMALS, toWire } from '@earn/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, pgConstraint, pgErrorCode } from '../db/client';
import { journalEntries, ledgerAccounts, postings } from '../db/schema';
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

/** Finds or creates the accounts, answering their ids by key. */
export async function resolveAccounts(db: Db, keys: AccountKey[]): Promise<Map<string, number>> {
  // Sorted, so two entries creating the same new accounts take their index locks in one order.
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k);
  await db
    .insert(ledgerAccounts)
    .values(
      unique.map((k) => ({
        userId: k.userId,
        asset: k.asset,
        purpose: k.purpose,
        isUser: k.userId !== SYSTEM_OWNER,
      })),
    )
    .onConflictDoNothing();
  const ids = new Map<string, number>();
  for (const k of unique) {
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.userId, k.userId),
          eq(ledgerAccounts.asset, k.asset),
          eq(ledgerAccounts.purpose, k.purpose),
        ),
      );
    if (!row) throw new Error(`account ${keyOf(k)} missing after insert`);
    ids.set(keyOf(k), row.id);
  }
  return ids;
}

/**
 * Books one balanced journal entry and moves the balances, in the caller's transaction (a savepoint,
 * so a refused entry leaves the caller's transaction usable). Balances are updated in account-id
 * order so two entries touching the same accounts never deadlock. A user balance that would go
 * negative is refused by the database's CHECK and answered as insufficient balance.
 */
export async function postEntry(db: Db, entry: EntryInput): Promise<number> {
  assertBalanced(entry);
  try {
    return await db.transaction(async (tx) => {
      const ids = await resolveAccounts(tx as unknown as Db, entry.postings.map((p) => p.account));
      const [row] = await tx
        .insert(journalEntries)
        .values({ reason: entry.reason, ref: entry.ref ?? null, createdAt: entry.at, memo: entry.memo ?? null })
        .returning({ id: journalEntries.id });
      if (!row) throw new Error('journal entry not inserted');
      const lines = entry.postings.map((p) => ({
        entryId: row.id,
        accountId: ids.get(keyOf(p.account)) as number,
        asset: p.account.asset,
        amount: toWire(p.amount),
      }));
      await tx.insert(postings).values(lines);
      const deltas = new Map<number, Decimal>();
      for (const line of lines) deltas.set(line.accountId, (deltas.get(line.accountId) ?? dec(0)).plus(line.amount));
      for (const accountId of [...deltas.keys()].sort((a, b) => a - b)) {
        const delta = deltas.get(accountId) as Decimal;
        if (delta.isZero()) continue;
        await tx
          .update(ledgerAccounts)
          .set({ balance: sql`${ledgerAccounts.balance} + ${toWire(delta)}::numeric` })
          .where(eq(ledgerAccounts.id, accountId));
      }
      return row.id;
    });
  } catch (error) {
    throw translateLedgerError(error, entry);
  }
}

function translateLedgerError(error: unknown, entry: EntryInput): unknown {
  const code = pgErrorCode(error);
  if (code === '23514' && pgConstraint(error) === 'ledger_user_balance_nonneg') {
    const debited = entry.postings.find((p) => p.amount.isNegative() && p.account.userId !== SYSTEM_OWNER);
    return errors.insufficientBalance(debited?.account.asset ?? '');
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
  opts: { from: AccountKey; to: AccountKey; amount: Decimal; reason: string; ref?: string; at: Date; memo?: Record<string, unknown> },
): Promise<number> {
  if (opts.from.asset !== opts.to.asset) throw new Error('transfer between different assets');
  if (!opts.amount.isPositive() || opts.amount.isZero()) throw new Error('transfer amount must be positive');
  return postEntry(db, {
    reason: opts.reason,
    ref: opts.ref,
    at: opts.at,
    memo: opts.memo,
    postings: [
      { account: opts.from, amount: opts.amount.negated() },
      { account: opts.to, amount: opts.amount },
    ],
  });
}
