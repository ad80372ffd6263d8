import type { AprAlertLine } from '@earn/domain';
import type { LineReads, RateLine } from '../../kernel/reads';

/**
 * The lines' rates (LineReads.rates, in each line's reads.ts), by APR-alert line. Per process, like
 * the kernel's notify ports: observeRates is called through those ports from inside a line's
 * transaction, without the server's deps, and the rates are code, the same for every server.
 */
const RATE_LINES = new Map<AprAlertLine, RateLine>();

/** Called once by the composition root (modules.ts), with every product line's reads. */
export function wireRateLines(reads: readonly LineReads[]): void {
  for (const r of reads) for (const line of r.rates ?? []) RATE_LINES.set(line.line, line);
}

/** Where the line keeps its rates and who holds them. */
export function rateLine(line: AprAlertLine): RateLine {
  const found = RATE_LINES.get(line);
  if (!found) throw new Error(`no line reads the rates of ${line} (modules.ts wires them)`);
  return found;
}
