import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ResolveFastifyReplyReturnType } from 'fastify/types/type-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../kernel/deps';
import { optionalUser, requireUser } from './auth';

/** The request a handler of a table gets: its params, query and body typed by the entry's schema. */
export type RouteRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  S,
  ZodTypeProvider
>;

export type RouteReply<S extends FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyContextConfig,
  S,
  ZodTypeProvider
>;

/** What a handler answers: the body its response schema describes, or a promise of it (checked by the type provider). */
export type RouteAnswer<S extends FastifySchema> = ResolveFastifyReplyReturnType<
  ZodTypeProvider,
  S,
  RouteGenericInterface
>;

/**
 * One route of a line's table: method, path, schema and a named handler. `access` says who may
 * call: 'user' needs a live session (401 otherwise), 'optional' reads the session when there is
 * one; without it the route is public, or guarded by its scope (the operator API) or its handler
 * (the flexible fast path, `sessionInStatement`).
 */
export interface RouteDef<S extends FastifySchema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  schema: S;
  access?: 'user' | 'optional';
  /** The route's config; a function when it needs the dependencies (a money hook that reads a product). */
  config?: FastifyContextConfig | ((deps: AppDeps) => FastifyContextConfig);
  /** Registered only when no route of the same method and path is there yet (a path two lines may serve). */
  unlessTaken?: boolean;
  handler(deps: AppDeps, req: RouteRequest<S>, reply: RouteReply<S>): RouteAnswer<S>;
}

/** A table entry: the route as data, and how it registers itself with its handler's types kept. */
export interface Route {
  method: RouteDef<FastifySchema>['method'];
  path: string;
  register(app: FastifyInstance, deps: AppDeps, guards: Guards): void;
}

interface Guards {
  user: ReturnType<typeof requireUser>;
  optional: ReturnType<typeof optionalUser>;
}

/** Makes a table entry; generic so the handler's request is typed by the schema beside it. */
export function route<S extends FastifySchema>(def: RouteDef<S>): Route {
  return {
    method: def.method,
    path: def.path,
    register(app, deps, guards) {
      if (def.unlessTaken && app.hasRoute({ method: def.method, url: def.path })) return;
      const preHandler = def.access ? guards[def.access] : undefined;
      const config = typeof def.config === 'function' ? def.config(deps) : def.config;
      app.withTypeProvider<ZodTypeProvider>().route({
        method: def.method,
        url: def.path,
        schema: def.schema,
        ...(preHandler ? { preHandler } : {}),
        ...(config ? { config } : {}),
        handler: (req, reply) => def.handler(deps, req, reply),
      });
    },
  };
}

/**
 * Registers a table of routes in its order (the order of the OpenAPI document). The session
 * guards are made once per table, as a registrar made them once for all its routes.
 */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, table: readonly Route[]): void {
  const guards: Guards = {
    user: requireUser(deps.db, deps.clock),
    optional: optionalUser(deps.db, deps.clock),
  };
  for (const entry of table) entry.register(app, deps, guards);
}
