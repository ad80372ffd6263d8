import { dec, STORAGE_DECIMALS } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, pgConstraint, pgErrorCode, rows, sql } from '../infra/db/client';
import { errors } from '../kernel/errors';
import { SYSTEM_OWNER } from './accounts';
import { DuplicateEntryError } from './ledger';

export interface BulkEntryInput {
  reason: string;
  /** Business reference: the same (reason, ref) is never booked twice. */
  ref: string;
  at: Date;
  memo?: Record<string, unknown>;
  /**
   * A SELECT answering rows (user_id, asset, purpose, amount). Rows of the same account are summed
   * and zero sums dropped. It is evaluated once, into a staging table, before any balance moves.
   */
  legs: SQL;
  /**
   * false: no savepoint, a round trip fewer each side. Only for a caller whose transaction is
   * abandoned when the entry is refused (a job's period), never for one that catches the refusal
   * and goes on writing (as postEntry's option of the same name).
   */
  savepoint?: boolean;
}

/** Up to this many staged legs, an entry empties its staging table by DELETE rather than TRUNCATE. */
const BULK_DELETE_ROWS = 5000;

/**
 * Books ONE balanced journal entry whose postings come from a set-based query: the periodic work that
 * moves money for many users at once (hourly interest and rewards, maturities, settlements, sweeps,
 * returning every stake of a pool). A fixed number of statements whatever the number of accounts: one
 * when every account exists (bookReady), else some nine (bookBulk).
 *
 * The entry must balance per asset and fit the ledger's 18 decimals, or nothing is written. Accounts
 * are created when missing and locked in key order (user, asset, purpose), the order postEntry takes
 * them in, so a batch and a user's call never deadlock. A user account driven negative is refused by
 * the database CHECK (insufficient balance); a (reason, ref) booked before by DuplicateEntryError.
 * Runs in a savepoint (unless `savepoint: false`): a refused entry leaves the caller's transaction
 * usable. Answers the entry id, or null when there is nothing to book.
 */
export async function postBulkEntry(db: Db, entry: BulkEntryInput): Promise<number | null> {
  try {
    const book = async (tx: Db) => {
      const ready = await bookReady(tx, entry);
      return ready === undefined ? bookBulk(tx, entry) : ready;
    };
    if (entry.savepoint === false) return await book(db);
    return await db.transaction(book);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23505' && pgConstraint(error) === 'journal_entries_reason_ref') {
      throw new DuplicateEntryError(entry.reason, entry.ref);
    }
    if (code === '23514' && pgConstraint(error) === 'ledger_user_balance_nonneg')
      throw errors.insufficientBalance('');
    throw error;
  }
}

/**
 * True when no leg of `legs` (a CTE of user_id, asset, purpose, amount) keeps an entry from the
 * one-statement way: none carries more than the ledger's decimals, and every account exists.
 */
export function legsReady(legs: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${legs} l WHERE l.amount <> round(l.amount, ${sql.raw(String(STORAGE_DECIMALS))}) OR NOT EXISTS (
      SELECT 1 FROM ledger_accounts a WHERE a.user_id = l.user_id AND a.asset = l.asset AND a.purpose = l.purpose))`;
}

/**
 * The CTEs `locked`, `posted` and `moved` of a one-statement booking, from `legs` (rows of entry_id,
 * user_id, asset, purpose, amount: one per entry and account, every account existing): the accounts
 * locked and the postings written in (entry, account key) order, the order postEntry and bookBulk
 * take them in within an entry, and each account's balance moved by the sum of its postings (a user
 * balance driven negative fails the CHECK). The statement answers COUNT(*) of posted and moved.
 */
export function postAndMove(legs: SQL): SQL {
  return sql`locked AS (
        SELECT l.entry_id, a.id, l.asset, l.amount FROM (${legs}) l
        JOIN ledger_accounts a ON a.user_id = l.user_id AND a.asset = l.asset AND a.purpose = l.purpose
        ORDER BY l.entry_id, a.user_id, a.asset COLLATE "C", a.purpose COLLATE "C"
        FOR UPDATE OF a
      ), posted AS (
        INSERT INTO postings (entry_id, account_id, asset, amount) SELECT entry_id, id, asset, amount FROM locked
        RETURNING account_id, amount
      ), moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + s.amount
        FROM (SELECT account_id, SUM(amount) AS amount FROM posted GROUP BY account_id) s WHERE a.id = s.account_id
        RETURNING 1
      )`;
}

/**
 * The common case in one statement: every account exists already and the legs are a valid entry
 * (balanced per asset, within the ledger's decimals, more than one posting). The legs summed per
 * account (zero sums dropped), the entry, its postings in account key order with the accounts locked
 * in that order, and the balances, as bookBulk's some nine statements write them (a clock advance
 * books thousands of entries: those statements were a good part of each period on PGlite). Otherwise
 * nothing is written and it answers undefined: bookBulk creates the accounts (drawing their ids in its
 * order) or refuses the entry with its own error; null when there is nothing to book (no leg), as
 * bookBulk would answer after three statements more.
 */
async function bookReady(tx: Db, entry: BulkEntryInput): Promise<number | null | undefined> {
  const [r] = await rows<{ id: string | null; legs: number; posted: number; moved: number }>(
    tx,
    sql`WITH legs AS MATERIALIZED (
        SELECT user_id::bigint AS user_id, asset::text AS asset, purpose::text AS purpose, SUM(amount::numeric) AS amount
        FROM (${entry.legs}) l GROUP BY 1, 2, 3 HAVING SUM(amount::numeric) <> 0
      ), ready AS MATERIALIZED (
        SELECT (SELECT COUNT(*) FROM legs) > 1
          AND NOT EXISTS (SELECT 1 FROM legs GROUP BY asset HAVING SUM(amount) <> 0)
          AND ${legsReady(sql`legs`)} AS ok
      ), je AS (
        INSERT INTO journal_entries (reason, ref, created_at, memo)
        SELECT ${entry.reason}, ${entry.ref}, ${entry.at.toISOString()}::timestamptz, ${entry.memo ? JSON.stringify(entry.memo) : null}::jsonb
        WHERE (SELECT ok FROM ready)
        RETURNING id
      ), ${postAndMove(sql`SELECT je.id AS entry_id, l.user_id, l.asset, l.purpose, l.amount FROM legs l CROSS JOIN je`)}
      SELECT (SELECT id::text FROM je) AS id, (SELECT COUNT(*) FROM legs)::int AS legs,
        (SELECT COUNT(*) FROM posted)::int AS posted, (SELECT COUNT(*) FROM moved)::int AS moved`,
  );
  if (!r) throw new Error(`bulk entry ${entry.reason}/${entry.ref}: no answer`);
  if (r.legs === 0) return null;
  if (r.id === null) return undefined;
  if (r.posted !== r.legs || r.moved !== r.legs)
    throw new Error(`bulk entry ${entry.reason}/${entry.ref}: not fully posted`);
  return Number(r.id);
}

/** postBulkEntry's statements, in its savepoint or (savepoint: false) in the caller's transaction. */
async function bookBulk(tx: Db, entry: BulkEntryInput): Promise<number | null> {
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS ledger_bulk_legs (
        user_id bigint NOT NULL, asset text NOT NULL, purpose text NOT NULL, amount numeric NOT NULL) ON COMMIT DELETE ROWS`);
  // Empty here: a transaction starts with it empty (ON COMMIT DELETE ROWS), an entry booked before
  // in it emptied it at its end (below), and one refused rolled its savepoint back, rows and all (or,
  // without a savepoint, the caller's whole transaction).
  await tx.execute(sql`INSERT INTO ledger_bulk_legs (user_id, asset, purpose, amount)
        SELECT user_id::bigint, asset::text, purpose::text, SUM(amount::numeric) FROM (${entry.legs}) l
        GROUP BY 1, 2, 3 HAVING SUM(amount::numeric) <> 0`);
  // One pass: per asset, the legs, their sum and how many carry more than the ledger's decimals.
  const perAsset = await rows<{ asset: string; n: number; total: string; overprecise: number }>(
    tx,
    sql`SELECT asset, COUNT(*)::int AS n, SUM(amount)::text AS total,
          COUNT(*) FILTER (WHERE amount <> round(amount, ${sql.raw(String(STORAGE_DECIMALS))}))::int AS overprecise
          FROM ledger_bulk_legs GROUP BY asset`,
  );
  const n = perAsset.reduce((sum, a) => sum + a.n, 0);
  if (n === 0) return null;
  const unbalanced = perAsset.filter((a) => !dec(a.total).isZero());
  if (unbalanced.length > 0)
    throw new Error(
      `bulk entry ${entry.reason}/${entry.ref} does not balance: ${unbalanced.map((a) => `${a.asset} ${a.total}`).join(', ')}`,
    );
  if (perAsset.some((a) => a.overprecise > 0))
    throw new Error(`bulk entry ${entry.reason}/${entry.ref} is over-precise`);
  if (n === 1) throw new Error(`bulk entry ${entry.reason}/${entry.ref} has a single posting`);
  // Planned from the staged rows' real count and spread, not a temp table's default guess.
  await tx.execute(sql`ANALYZE ledger_bulk_legs`);

  const [row] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO journal_entries (reason, ref, created_at, memo)
            VALUES (${entry.reason}, ${entry.ref}, ${entry.at.toISOString()}::timestamptz, ${entry.memo ? JSON.stringify(entry.memo) : null}::jsonb)
            RETURNING id::text AS id`,
  );
  if (!row) throw new Error('journal entry not inserted');
  const entryId = Number(row.id);
  // The missing accounts first (only those: a proposed row that conflicts still draws an id from
  // the sequence and probes both unique indexes), in key order.
  await tx.execute(sql`INSERT INTO ledger_accounts (user_id, asset, purpose, is_user)
        SELECT l.user_id, l.asset, l.purpose, l.user_id <> ${SYSTEM_OWNER} FROM ledger_bulk_legs l
        WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = l.user_id AND a.asset = l.asset AND a.purpose = l.purpose)
        ORDER BY l.user_id, l.asset COLLATE "C", l.purpose COLLATE "C"
        ON CONFLICT (user_id, asset, purpose) DO NOTHING`);
  // Every account locked in key order, the order postEntry takes them in, and the postings written
  // by the same statement: their foreign-key checks then find each account already locked by this
  // transaction and write nothing more to its page (after the balance update they would lock its
  // new version again).
  await tx.execute(sql`WITH locked AS (
          SELECT a.id, l.asset, l.amount FROM ledger_accounts a
          JOIN ledger_bulk_legs l ON l.user_id = a.user_id AND l.asset = a.asset AND l.purpose = a.purpose
          ORDER BY a.user_id, a.asset COLLATE "C", a.purpose COLLATE "C"
          FOR UPDATE OF a)
        INSERT INTO postings (entry_id, account_id, asset, amount) SELECT ${entryId}, id, asset, amount FROM locked`);
  // A user balance driven negative fails the CHECK here (insufficient balance, below).
  await tx.execute(sql`UPDATE ledger_accounts a SET balance = a.balance + l.amount FROM ledger_bulk_legs l
        WHERE a.user_id = l.user_id AND a.asset = l.asset AND a.purpose = l.purpose`);
  // Emptied for the transaction's next entry. TRUNCATE gives the table a new file at each savepoint
  // (~2 ms, and an unlink at commit, several times per hour of a clock advance); a DELETE of a few
  // hundred rows costs less. A large entry's rows (a pool's stakes, bench:scale) are truncated.
  if (n > BULK_DELETE_ROWS) await tx.execute(sql`TRUNCATE ledger_bulk_legs`);
  else await tx.execute(sql`DELETE FROM ledger_bulk_legs`);
  return entryId;
}

/** One side of a bulk transfer: every row's own user account of a purpose, or the system's per asset. */
export type BulkSide = { kind: 'user'; purpose: string } | { kind: 'system'; purpose: string };

/**
 * The common case of a bulk entry: `source` selects rows (user_id, asset, amount) and each row's
 * positive amount moves from `from` to `to`; a system side takes the per-asset total. Same checks and
 * lock order as postBulkEntry. Answers the entry id, or null when nothing moves.
 */
export function postBulkTransfer(
  db: Db,
  opts: {
    reason: string;
    ref: string;
    at: Date;
    source: SQL;
    from: BulkSide;
    to: BulkSide;
    /** As postBulkEntry's: false only where a refused entry abandons the caller's transaction. */
    savepoint?: boolean;
  },
): Promise<number | null> {
  const src = sql`(SELECT user_id::bigint AS user_id, asset::text AS asset, amount::numeric AS amount
    FROM (${opts.source}) raw WHERE amount > 0)`;
  // A system side is summed per asset here rather than staged as one leg per row.
  const side = (s: BulkSide, sign: SQL) =>
    s.kind === 'user'
      ? sql`SELECT s.user_id, s.asset, ${s.purpose}::text, ${sign} * s.amount FROM ${src} s`
      : sql`SELECT ${SYSTEM_OWNER}::bigint, s.asset, ${s.purpose}::text, ${sign} * SUM(s.amount) FROM ${src} s GROUP BY s.asset`;
  return postBulkEntry(db, {
    reason: opts.reason,
    ref: opts.ref,
    at: opts.at,
    memo: { batch: true },
    savepoint: opts.savepoint,
    legs: sql`SELECT user_id, asset, purpose, amount FROM (${side(opts.from, sql`-1`)}) f(user_id, asset, purpose, amount)
      UNION ALL ${side(opts.to, sql`1`)}`,
  });
}

/**
 * SQL for floor(numerator / denominator) at 18 decimals, exactly: NUMERIC division rounds at a scale
 * of its own choosing, an integer `div` of the value scaled by 10^18 does not.
 */
export function floorDiv18(numerator: SQL, denominator: SQL): SQL {
  return sql`(div((${numerator}) * 1000000000000000000, (${denominator})) * 0.000000000000000001)`;
}
