import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Code, MessageKey } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { DomainError } from './errors';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF: every response hands out a readable `csrftoken` cookie, and every request that
 * is not a GET must echo it in `X-CSRF-Token`. The operator API uses a bearer token, not cookies, and
 * is exempt.
 */
export function registerCsrf(app: FastifyInstance, opts: { secure: boolean }): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.cookies[CSRF_COOKIE]) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: opts.secure,
      });
    }
    if (SAFE_METHODS.has(req.method) || req.url.startsWith('/admin/api')) return;
    const cookie = req.cookies[CSRF_COOKIE];
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new DomainError(Code.CSRF_INVALID, MessageKey.csrfInvalid, 'Missing or wrong CSRF token');
    }
  });
}
