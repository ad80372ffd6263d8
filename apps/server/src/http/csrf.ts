import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Code, MessageKey } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { OPERATOR_SESSION_COOKIE } from '../operator/accounts-sessions';
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
 * is not a GET must echo it in `X-CSRF-Token`. Operator calls with the bearer token carry no cookie
 * credential and are exempt; operator session calls are not.
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
    // Operator calls: only the session cookie is an ambient credential a forged request could ride on.
    // A bearer call, and one with no operator session (the guard refuses it), skip the check; sign-in does not.
    const operatorExempt =
      req.url.startsWith('/admin/api') &&
      (req.headers.authorization !== undefined ||
        (!req.cookies[OPERATOR_SESSION_COOKIE] && !req.url.startsWith('/admin/api/auth/')));
    if (SAFE_METHODS.has(req.method) || operatorExempt) return;
    const cookie = req.cookies[CSRF_COOKIE];
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new DomainError(Code.CSRF_INVALID, MessageKey.csrfInvalid, 'Missing or wrong CSRF token');
    }
  });
}
