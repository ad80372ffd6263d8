import type { Db } from '../../infra/db/client';
import { type ConsolePosition, LINES, type Line, type LineReads } from '../../kernel/reads';

/** One holding of a user in a line, as the console lists it; `extra` holds the line's own fields. */
export type Position = ConsolePosition;

const clean = (list: ConsolePosition[]): Position[] =>
  list.map((r) => ({ ...r, amount: normal(r.amount), extra: normalExtra(r.extra) }));

/** NUMERIC text without trailing zeros, as every amount on the wire. */
function normal(text: string): string {
  if (!/^-?\d+\.\d+$/.test(text)) return text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

function normalExtra(extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra)) out[k] = typeof v === 'string' ? normal(v) : v;
  return out;
}

/**
 * Every line's positions of a user, as the lines' reads list them (LineReads.consolePositions): one
 * statement per line, none per position; every line listed, in the console's order, a line no module
 * serves with none.
 */
export async function positionsOf(
  db: Db,
  reads: readonly LineReads[],
  userId: number,
  now: Date,
): Promise<{ line: Line; positions: Position[] }[]> {
  const found = new Map<Line, Position[]>();
  const answers = await Promise.all(reads.map((r) => r.consolePositions?.(db, userId, now) ?? []));
  for (const lines of answers) for (const l of lines) found.set(l.line, clean(l.positions));
  return LINES.map((line) => ({ line, positions: found.get(line) ?? [] }));
}
