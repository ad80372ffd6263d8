import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPrivateRoute, SESSION_COOKIE } from './auth';
import { CSRF_HEADER } from './csrf';
import { FUNDPASS_HEADER, IDEMPOTENCY_HEADER, OPERATOR_SESSION_COOKIE } from './headers';
import { mayAskFundpass } from './money';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler honours an Idempotency-Key header (a replay answers the first response). Every POST
     * of the operator API does unless it says `false` (operator/writes.ts).
     */
    idempotent?: boolean;
    /**
     * The answer holds secrets shown once (a new operator's password): its key keeps no answer, and a
     * replay is refused with 409 (http/idempotency.ts).
     */
    secretAnswer?: boolean;
    /** The handler may ask for the funding password in X-Fund-Password (a money call declares it by its `money`). */
    fundPassword?: boolean;
  }
}

/** An amount or rate on the wire: a plain decimal string, never a float or exponent notation. */
export const decimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'Decimal string', example: '1.25' });

/** An amount of a coin, as a line's totals list them (a user's payouts, profits, coins on their way). */
export const coinAmount = z.object({ coin: z.string(), amount: decimalString });

/** Timestamps on the wire: unix seconds. */
export const unixSeconds = z.number().int();

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Verbs for derived operation ids, so `POST …/subscribe` reads `postUniLoanEarnSubscribe`. */
const PREFIXES: [string, string][] = [
  ['/admin/api/', 'admin/'],
  ['/apiw/v2/', ''],
  ['/api/web/v1/', ''],
  ['/api/', ''],
];

/**
 * The id of an operation without a declared one: method and path in camel case, path parameters as
 * `ById`. Derived from what makes the route unique, so it stays the same as long as the route does.
 */
export function derivedOperationId(method: string, url: string): string {
  let path = url;
  for (const [from, to] of PREFIXES) {
    if (path.startsWith(from)) {
      path = to + path.slice(from.length);
      break;
    }
  }
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      return param ? ['by', ...(param[1] ?? '').split(/[_-]/)] : segment.split(/[_.-]/);
    })
    .filter(Boolean);
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

type Security = Record<string, string[]>[];

/** Who may call a route: the schemes of the document's components, as the server checks them. */
export function securityOf(
  method: string,
  url: string,
  route: Pick<RouteOptions, 'preHandler' | 'onRequest' | 'config'>,
): Security | undefined {
  const write = !SAFE.has(method);
  if (url === '/admin/api' || url.startsWith('/admin/api/')) {
    if (url === '/admin/api/auth/login') return write ? [{ csrfToken: [] }] : undefined;
    return write
      ? [{ operatorBearer: [] }, { operatorSession: [], csrfToken: [] }]
      : [{ operatorBearer: [] }, { operatorSession: [] }];
  }
  if (isPrivateRoute(route)) return write ? [{ userSession: [], csrfToken: [] }] : [{ userSession: [] }];
  return write ? [{ csrfToken: [] }] : undefined;
}

export const openapiComponents = {
  securitySchemes: {
    userSession: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: 'The signed-in user (login or registration sets it).',
    },
    csrfToken: {
      type: 'apiKey',
      in: 'header',
      name: 'X-CSRF-Token',
      description: `Every call that is not a GET echoes the csrftoken cookie in ${CSRF_HEADER}; operator calls with a bearer token are exempt.`,
    },
    operatorBearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'ADMIN_TOKEN: automation with every operator right.',
    },
    operatorSession: {
      type: 'apiKey',
      in: 'cookie',
      name: OPERATOR_SESSION_COOKIE,
      description: 'A signed-in operator (POST /admin/api/auth/login).',
    },
  },
  schemas: {
    ErrorEnvelope: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: {
        code: { type: 'integer', description: 'Non-zero: the failure (see the codes list).' },
        message: { type: 'string', description: 'For logs and developers; clients show data.key.' },
        data: {
          type: 'object',
          required: ['key', 'params'],
          properties: {
            key: { type: 'string', description: 'The message key the client translates.' },
            params: {
              type: 'object',
              additionalProperties: true,
              description: "The message's interpolated values.",
            },
            issues: {
              type: 'array',
              description: 'Invalid input: each failing field.',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: { path: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
          additionalProperties: true,
        },
      },
    },
  },
  responses: {
    Error: {
      description: 'Refused or failed: nothing changed',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    },
  },
} as const;

interface Transformed {
  schema: Record<string, unknown> & { response?: Record<string, unknown>; headers?: unknown };
  url: string;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * The zod transform, plus what the document needs beyond the route's own schema: a derived
 * operationId, the security the guards apply, the headers the handler reads, both body encodings.
 * Error responses are added to every operation by `completeDocument`.
 */
export function openapiTransform(input: TransformInput): Transformed {
  const out = jsonSchemaTransform(input) as Transformed;
  const { route, url } = input;
  const schema = { ...out.schema };
  if (schema.hide) return { schema, url };
  const method = Array.isArray(route.method)
    ? (route.method.find((m) => m !== 'HEAD') ?? 'GET')
    : route.method;
  if (!schema.operationId) schema.operationId = derivedOperationId(method, url);
  const security = securityOf(method, url, route);
  if (security && !schema.security) schema.security = security;
  const headers: Record<string, unknown> = {};
  // Every money-moving call (config.money) runs through the idempotency store.
  if (route.config?.idempotent || route.config?.money)
    headers[IDEMPOTENCY_HEADER] = {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{1,128}$',
      description: route.config.secretAnswer
        ? 'A replay with the same key changes nothing and is refused with 409 (code 40905): the answer holds secrets shown once, which are not kept. The same key with another body is 409 (code 40901).'
        : 'A replay with the same key answers the first response and changes nothing; the same key with another body is 409 (code 40901).',
    };
  if (route.config?.fundPassword || mayAskFundpass(route.config?.money))
    headers[FUNDPASS_HEADER] = {
      type: 'string',
      description: 'The funding password, when the user set one and the grace period has passed.',
    };
  if (Object.keys(headers).length > 0) {
    const declared = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: object };
    schema.headers = { ...declared, properties: { ...headers, ...declared.properties } };
  }
  if (schema.body) schema.consumes = ['application/json', 'application/x-www-form-urlencoded'];
  return { schema, url };
}

type Operation = { responses?: Record<string, unknown>; security?: unknown };

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`: zod writes a nullable union as
 * `{ anyOf, nullable }`, which says the same as making each member nullable.
 */
function nullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableUnions(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const members = schema.anyOf ?? schema.oneOf;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(members)) {
    delete schema.nullable;
    for (const m of members)
      if (m && typeof m === 'object' && !('$ref' in m)) (m as Record<string, unknown>).nullable = true;
  }
  for (const value of Object.values(schema)) nullableUnions(value);
}

/** Every operation answers failures in the one error envelope, and says who may call it. */
export function completeDocument(doc: {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
  servers?: unknown[];
  info?: Record<string, unknown>;
}) {
  for (const item of Object.values(doc.paths ?? {}))
    for (const op of Object.values(item)) {
      op.responses ??= {};
      op.responses['4XX'] ??= { $ref: '#/components/responses/Error' };
      op.responses['5XX'] ??= { $ref: '#/components/responses/Error' };
      // Public: an empty list says so, rather than leaving it unsaid.
      op.security ??= [];
    }
  nullableUnions(doc.paths);
  if (!doc.servers?.length) doc.servers = [{ url: '/', description: 'This server' }];
  return doc;
}
