import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { Code, MessageKey } from '@earn/domain';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthRoutes } from './accounts/auth-routes';
import { registerContextRoutes } from './accounts/context-routes';
import { registerMoneyGateCheck } from './accounts/money-gate';
import { operatorWritesOnce } from './accounts/operators/writes';
import { registerSecurityRoutes } from './accounts/security-routes';
import { isPrivateRoute, sessionBeforeInput } from './infra/http/auth';
import { registerCsrf } from './infra/http/csrf';
import { registerDrain } from './infra/http/drain';
import { registerErrorHandler } from './infra/http/error-handler';
import { registerHealthRoutes } from './infra/http/health-routes';
import { registerMiscRoutes } from './infra/http/misc-routes';
import { completeDocument, openapiComponents, openapiTransform } from './infra/http/openapi';
import { registerReadRouting } from './infra/http/read-routing';
import { requestLogOptions } from './infra/http/request-log';
import { registerRateLimits, registerSecurityHeaders } from './infra/http/security';
import { responseSerializer, type SerializerObserver } from './infra/http/serializer';
import type { AppDeps } from './kernel/deps';
import type { EarnModule } from './kernel/module';
import { registerMarketRoutes } from './market/routes';
import { registerOperatorRoutes } from './operator/routes';
import { registerMetrics } from './ops/metrics';

export interface RouteInfo {
  method: string;
  url: string;
  /** Needs a signed-in user (answers 401 before reading its input without one). */
  private: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
  }
}

/**
 * Paths that never fall back to the web page: the APIs, and the probe and scrape paths a client or a
 * monitor may guess (`/metrics/x`, `/healthz`, `/readyz`: health is at /api/health). `/admin` and
 * `/admin/<page>` are the web app's operator console.
 */
/** index.html's preload of the home page's product list (apps/web/index.html). */
const HOME_PRELOAD = /[ \t]*<link rel="preload" href="\/api\/web\/v1\/earn\/home"[^>]*>\n?/;

const API_PREFIXES = ['/api', '/apiw', '/admin/api', '/metrics', '/healthz', '/readyz'];

export async function buildApp(
  deps: AppDeps,
  modules: EarnModule[],
  opts: { logger?: FastifyServerOptions['logger']; observeSerializers?: SerializerObserver } = {},
): Promise<FastifyInstance> {
  let securityHeaders: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const app = Fastify<RawServerDefault>({
    logger: opts.logger ?? false,
    ...requestLogOptions,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // Errors the router raises before any route runs (an over-long path parameter, a malformed URL)
    // answer in the envelope like every other bad input.
    frameworkErrors: (error, req, rawReply) => {
      securityHeaders?.(req.raw, (rawReply as FastifyReply).raw);
      (rawReply as FastifyReply)
        .status(400)
        .header('x-request-id', req.id)
        .send({
          code: Code.INVALID_PARAMS,
          message: error.message,
          data: { key: MessageKey.invalidParams, params: {} },
        });
    },
    // The specs' clients send nested form fields; keep parsing strict otherwise.
    ajv: { customOptions: { coerceTypes: false } },
    // Behind a load balancer: the client's address from X-Forwarded-For, for rate limits and logs.
    trustProxy: deps.config.trustProxy ?? false,
    // Closing, registerDrain refuses requests with the 503 envelope rather than Fastify's own body.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializer({ check: deps.config.checkResponses ?? false, observe: opts.observeSerializers }),
  );

  if (deps.replicas) registerReadRouting(app, deps.replicas);
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, private: isPrivateRoute(route) });
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(fastifyCookie);
  // Before every hook that may refuse a request, so refusals carry the headers too.
  securityHeaders = await registerSecurityHeaders(app, deps.config);
  // Before every hook that reads the database: while closing, requests are refused at no cost.
  registerDrain(app);
  if (deps.clock.kind === 'test') {
    // The test clock lives in the database: every instance reads the operator's latest move.
    // Health reads no clock: liveness must answer without the database, readiness checks it itself.
    app.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/api/health/')) await deps.clock.refresh();
    });
  }
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, { global: false });
  sessionBeforeInput(app, deps.db, deps.clock);
  // Before the document's own hook reads the routes' config, and before any route.
  operatorWritesOnce(app);
  registerRateLimits(app, deps);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Earn API',
        version: '0.1.0',
        license: { name: 'Proprietary' },
        description:
          'Envelope { code, message, data }; code 0 is success. Amounts are decimal strings, times unix seconds. ' +
          'Every non-GET call needs the csrftoken cookie echoed in X-CSRF-Token. Money-moving POSTs and the operator ' +
          "API's POSTs accept an Idempotency-Key header: a replay answers the first response and changes nothing.",
      },
      components: openapiComponents as never,
    },
    transform: openapiTransform as never,
    transformObject: (input) =>
      completeDocument(
        ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as never,
      ) as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  await registerCsrf(app, { secure: deps.config.secureCookies, db: deps.db });
  registerMetrics(app, deps);
  registerMoneyGateCheck(app);

  registerAuthRoutes(app, deps);
  registerSecurityRoutes(app, deps);
  registerContextRoutes(app, deps);
  registerMarketRoutes(app, deps);
  registerMiscRoutes(app, deps, modules);
  registerHealthRoutes(app, deps);
  for (const m of modules) m.routes?.(app, deps);
  registerOperatorRoutes(app, deps);

  const webDist = deps.config.webDist;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build's brotli and gzip copies (apps/web/vite.config.ts) where the browser takes them.
      preCompressed: true,
      // Set per file below.
      cacheControl: false,
      setHeaders(reply, path) {
        // Files under assets/ are named for their content: a browser keeps them for a year and never
        // asks again. Everything else (index.html, color-scheme.js) is asked for again on each load.
        reply.header(
          'cache-control',
          path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (hasWeb && req.method === 'GET' && !API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
      // Client-side routes: the web app's router takes it from here. The page's preload of the home
      // page's data serves `/` alone: elsewhere nothing reads it and Chromium warns in the console.
      const page = await readFile(join(webDist, 'index.html'), 'utf8');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.replace(HOME_PRELOAD, ''));
    }
    return reply.status(404).send({
      code: Code.NOT_FOUND,
      message: `No route ${req.method} ${path}`,
      data: { key: MessageKey.notFound, params: {} },
    });
  });

  return app;
}
