import { IncomingMessage, type OutgoingHttpHeader, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../../kernel/config';
import type { Db } from '../db/client';
import { isPrivateRoute, sessionOwner, sessionTokenHash } from './auth';

/**
 * The Content Security Policy of every response. The web app loads only its own scripts (no inline
 * script: the colour-scheme snippet is a file of its own); Mantine writes `<style>` elements and
 * style attributes at run time, hence 'unsafe-inline' for styles and nothing else. Images and fonts
 * may be data: URLs (Mantine's icons, Swagger UI's logo). No page may frame ours.
 */
export function contentSecurityPolicy(secure: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Behind HTTPS only: on the plain-HTTP local server it would send the page's requests to https.
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Typed by inference: helmet's CommonJS and ESM declarations each name their own symbol types. */
function helmetOptions(config: Config) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config.secureCookies) },
    frameguard: { action: 'deny' as const },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets with these options, worked out once: they are the same for every
 * response. (@fastify/helmet builds helmet's middleware again on every request, parsing the CSP's
 * directives each time: measured, a few percent of a money call's server time.)
 */
function helmetHeaders(config: Config): readonly (readonly [string, OutgoingHttpHeader])[] {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  let failure: unknown;
  helmet(helmetOptions(config))(req, res, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, value] as const],
  );
}

/**
 * Security headers on every response (API, static files, 404s, errors): helmet's set with the CSP
 * above, X-Frame-Options DENY, and HSTS only when the site is served over HTTPS (SECURE_COOKIES=1).
 * Register before any hook that may refuse a request, so the refusal carries them too. Answers the
 * same headers for a raw response: the router's own errors (a malformed URL) run no hook.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const headers = helmetHeaders(config);
  const apply = (res: ServerResponse) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
  app.addHook('onRequest', (_req, reply, done) => {
    apply(reply.raw);
    done();
  });
  return (_req, res) => apply(res);
}

type RequestHook = (req: FastifyRequest) => Promise<void>;

function withHook(route: RouteOptions, hook: RequestHook): void {
  const list =
    route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
  // A GET's HEAD twin is registered with a copy of its options: add the hook once.
  if (list.includes(hook as never)) return;
  route.onRequest = [...list, hook] as RouteOptions['onRequest'];
}

/** Routes no limit applies to: health probes and the metrics scrape must never be refused. */
function unlimited(url: string): boolean {
  return url === '/api/health' || url.startsWith('/api/health/') || url === '/metrics';
}

/**
 * Rate limits (per instance, in memory; see the README for a shared store):
 * - login and registration keep their own per-address limit (AUTH_RATE_LIMIT_PER_MINUTE);
 * - money calls (`config.money`): per user, shared by all of them (MONEY_RATE_LIMIT_PER_MINUTE);
 * - any other write a visitor can make (the analytics intake): per address (ANON_WRITE_…);
 * - reads open to visitors: per address, generous (PUBLIC_RATE_LIMIT_PER_MINUTE).
 * Other private calls need a session, which the login limit already rations. The client's address is
 * the socket's, or the proxy's X-Forwarded-For with TRUST_PROXY. Register the rate-limit plugin and
 * the session hooks (sessionBeforeInput) first: a money call is limited after its session check.
 */
export function registerRateLimits(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const { config, db } = deps;
  const minute = 60_000;
  const money = app.rateLimit({
    max: config.moneyRateLimitPerMinute ?? 120,
    timeWindow: minute,
    keyGenerator: async (req) => {
      if (req.user) return `user:${req.user.id}`;
      // The fast path loads no session before its statement: the session's owner, cached.
      const hash = sessionTokenHash(req);
      const owner = hash ? await sessionOwner(db, hash) : undefined;
      return owner === undefined ? `session:${hash ?? ''}` : `user:${owner}`;
    },
  }) as RequestHook;
  const anonWrite = app.rateLimit({
    max: config.anonWriteRateLimitPerMinute ?? 60,
    timeWindow: minute,
  }) as RequestHook;
  const publicRead = app.rateLimit({
    max: config.publicRateLimitPerMinute ?? 1200,
    timeWindow: minute,
  }) as RequestHook;

  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit || !/^\/(api|apiw)\//.test(route.url) || unlimited(route.url)) return;
    if (route.config?.money) return withHook(route, money);
    if (isPrivateRoute(route)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const reads = methods.every((m) => m === 'GET' || m === 'HEAD');
    withHook(route, reads ? publicRead : anonWrite);
  });
}
