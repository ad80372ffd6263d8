import { Name, Param, SQL, StringChunk } from 'drizzle-orm';

/** A statement's text and its parameters, as pg takes them. */
export interface Compiled {
  text: string;
  values: unknown[];
}

class Unsupported extends Error {}

/**
 * Turns a `sql` template into pg's text and parameters as Drizzle's dialect would, for the chunks a
 * hand-written statement holds (text, nested `sql`, parameters, identifiers, lists), and undefined
 * for anything else (tables, columns, placeholders, inlined parameters), which the caller then runs
 * through Drizzle. Drizzle's general builder tests every chunk against a dozen entity kinds by
 * walking its prototype chain: on the two hot calls' statements, with about fifty parameters each,
 * that was a fifth of the server's CPU time.
 */
export function compileSql(query: SQL): Compiled | undefined {
  const parts: string[] = [];
  const values: unknown[] = [];
  try {
    walk(query, parts, values);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return { text: parts.join(''), values };
}

function walk(chunk: unknown, parts: string[], values: unknown[]): void {
  if (chunk instanceof StringChunk) {
    for (const piece of chunk.value) parts.push(piece);
  } else if (chunk instanceof SQL) {
    // A private flag of drizzle's SQL (set by .inlineParams()), read by name.
    if (Reflect.get(chunk, 'shouldInlineParams') === true) throw new Unsupported();
    for (const inner of chunk.queryChunks) walk(inner, parts, values);
  } else if (chunk instanceof Param) {
    const raw: unknown = chunk.value;
    const value = raw === null ? null : chunk.encoder.mapToDriverValue(raw);
    pushValue(value, parts, values);
  } else if (chunk instanceof Name) {
    parts.push(`"${chunk.value.replace(/"/g, '""')}"`);
  } else if (Array.isArray(chunk)) {
    parts.push('(');
    chunk.forEach((item, i) => {
      if (i > 0) parts.push(', ');
      walk(item, parts, values);
    });
    parts.push(')');
  } else if (chunk !== undefined) {
    pushValue(chunk, parts, values);
  }
}

function pushValue(value: unknown, parts: string[], values: unknown[]): void {
  const plain =
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint';
  if (!plain) throw new Unsupported();
  values.push(value);
  parts.push(`$${values.length}`);
}
