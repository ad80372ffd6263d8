import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * A pg client that keeps the server-side plans of the statements it runs again and again (as JDBC's
 * prepareThreshold and pgx's statement cache do). PostgreSQL then parses, analyses and plans a request
 * path's statements once per connection instead of on every call: measured on a subscription, that
 * work was most of the database's own CPU time.
 *
 * A parameterised text is prepared under a name derived from its hash once this process has run it
 * `SEEN_BEFORE_PREPARE` times, so one-off texts (jobs inline their period's figures) stay unnamed.
 * Each connection keeps at most `MAX_PER_CONNECTION` statements; past that, texts run unnamed.
 * Nothing is ever deallocated, so a name the client believes prepared always is.
 */
const SEEN_BEFORE_PREPARE = 2;
const MAX_PER_CONNECTION = 256;
/** How many distinct texts are counted before the counts start again. */
const MAX_COUNTED = 5_000;

/**
 * Per text: how many times it ran, or, once past the threshold, its statement name. Per process on
 * purpose: the name is a function of the text alone, and each connection prepares it on its own.
 */
const seen = new Map<string, number | string>();

function nameFor(text: string): string | undefined {
  const known = seen.get(text);
  if (typeof known === 'string') return known;
  const count = (known ?? 0) + 1;
  if (seen.size >= MAX_COUNTED && known === undefined) seen.clear();
  if (count <= SEEN_BEFORE_PREPARE) {
    seen.set(text, count);
    return undefined;
  }
  // Hashed once per text, not on every run: the request path pays for each call here.
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  seen.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

function hasParameters(config: QueryConfigLike, values: unknown): boolean {
  const list = Array.isArray(values) ? values : config.values;
  return Array.isArray(list) && list.length > 0;
}

export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // pg's overloads are many; the one changed is query({ text, ... }, values?) with parameters.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (config !== null && typeof config === 'object') {
      const c = config as QueryConfigLike;
      if (
        typeof c.submit !== 'function' &&
        typeof c.text === 'string' &&
        c.name === undefined &&
        hasParameters(c, values)
      ) {
        const name = nameFor(c.text);
        if (name && (this.prepared.has(name) || this.prepared.size < MAX_PER_CONNECTION)) {
          this.prepared.add(name);
          args[0] = { ...c, name };
        }
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
