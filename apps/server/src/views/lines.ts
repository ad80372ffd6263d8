import { LINES, type Line, type LineReads, type Payout } from '../kernel/reads';
import { Reason } from '../ledger/accounts';

/** The product lines as the console names them (the kernel's list: the lines' reads name them too). */
export { LINES, type Line, type Payout };

/** A history row's line: a product line, or `account` for deposits, withdrawals and loans. */
export const HISTORY_LINES = [...LINES, 'account'] as const;
export type HistoryLine = (typeof HISTORY_LINES)[number];

/*
 * The lines' ledger vocabulary, as each line's reads declare it (LineReads.book): which reasons and
 * purposes are whose, what each pays. Read from the modules a server runs, so a view names no line.
 */

/** The user account purpose whose balances are what a line holds (soft staking has none). */
export function heldPurposes(reads: readonly LineReads[]): Partial<Record<Line, string>> {
  return Object.assign({}, ...reads.map((r) => r.book?.heldPurpose ?? {}));
}

/** Every reason code a line books (`account`: deposits, withdrawals and loans), so a ledger row can be told apart by line. */
export function reasonsOf(reads: readonly LineReads[], line: HistoryLine): readonly string[] {
  if (line === 'account') return Object.values(Reason);
  return reads.flatMap((r) => r.book?.reasons[line] ?? []);
}

/** The line a reason code belongs to; `other` for a reason no line claims. */
export function lineOfReason(reads: readonly LineReads[]): (reason: string) => HistoryLine | 'other' {
  const lines = new Map<string, HistoryLine>(
    HISTORY_LINES.flatMap((line) =>
      reasonsOf(reads, line).map((reason): [string, HistoryLine] => [reason, line]),
    ),
  );
  return (reason) => lines.get(reason) ?? 'other';
}

/** What the lines pay their users (Payout: from which system account, in which entries). */
export function payouts(reads: readonly LineReads[]): Payout[] {
  return reads.flatMap((r) => r.book?.payouts ?? []);
}
