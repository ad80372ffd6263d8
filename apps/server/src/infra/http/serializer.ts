import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the route's zod response
 * schema: the same schema the OpenAPI document publishes, so a field the schema does not name never
 * leaves the server, and no zod pass runs per answer.
 *
 * With `check` on (the test suite), every answer is also encoded by zod, which refuses one that
 * drifts from the schema, and the two renderings must hold the same JSON: the whole suite proves
 * the fast path writes what the schema-checked path would.
 */
export function responseSerializer(options: {
  check: boolean;
  /** Sees both writers of every response schema compiled: bench:serialize times them. */
  observe?: SerializerObserver;
}): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveSchema(maybeSchema);
    const fast = compile(schema);
    options.observe?.(`${method} ${url}`, { fast, zod: checked(schema, method, url) });
    if (!options.check) return fast ?? checked(schema, method, url);
    const reference = checked(schema, method, url);
    if (!fast) return reference;
    return (data) => {
      const expected = reference(data);
      const written = fast(data);
      // Key order may differ (an extended schema lists its keys in another order); nothing else may.
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new Error(
          `${method} ${url}: the fast serializer wrote ${written} where the schema gives ${expected}`,
        );
      return written;
    };
  };
}

export type Writer = (data: unknown) => string;
export type SerializerObserver = (route: string, writers: { fast?: Writer; zod: Writer }) => void;

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const wrapped = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof $ZodType) return wrapped;
  throw new Error(`a response schema that is not zod: ${JSON.stringify(maybeSchema)}`);
}

/** The schema-checked rendering: zod encodes (refusing a drifted answer), then JSON.stringify. */
function checked(schema: $ZodType, method: string, url: string): Writer {
  return (data) => {
    const result = safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/** fast-json-stringify of the schema's output side, or undefined where JSON Schema cannot say it. */
function compile(schema: $ZodType): Writer | undefined {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
  delete json.$schema;
  return fastJson(json as never) as Writer;
}
