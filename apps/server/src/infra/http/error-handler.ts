import { Code, httpStatusFor, MessageKey } from '@earn/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../../kernel/errors';
import { isDatabaseUnavailable, pgErrorCode, pgErrorDetail } from '../db/client';

interface Issue {
  path: string;
  message: string;
}

/** One place maps every failure to the envelope; 5xx details stay in the log, never in the answer. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, req, reply) => {
    if (error instanceof DomainError) {
      const status = httpStatusFor(error.code);
      if (status >= 500) req.log.error({ err: error }, 'domain error with 5xx');
      // A refusal that knows when to try again says so to every client, not only in its body.
      if (typeof error.extra.retry_after === 'number')
        reply.header('retry-after', String(error.extra.retry_after));
      return reply.status(status).send({
        code: error.code,
        message: error.message,
        data: { key: error.key, params: error.params, ...error.extra },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: `${error.validationContext ?? ''}${v.instancePath}`,
        message: v.message ?? 'invalid',
      }));
      const first = issues[0];
      return reply.status(400).send({
        code: Code.INVALID_PARAMS,
        message: first ? `Invalid ${first.path || 'request'}: ${first.message}` : 'Invalid request',
        data: { key: MessageKey.invalidParams, params: {}, issues },
      });
    }
    const sqlState = pgErrorCode(error);
    if (sqlState === '40001' || sqlState === '40P01') {
      // A race lost on every attempt (idempotent calls run up to three times): nothing was kept.
      // A check the database makes at commit names the message key in DETAIL.
      const detail = pgErrorDetail(error);
      req.log.warn({ err: error }, 'conflict lost on every attempt');
      return reply.status(409).send({
        code: Code.CONFLICT,
        message: 'The request met a concurrent change; please try again',
        data: {
          key: detail && /^[a-z_]+(\.[A-Za-z_]+)+$/.test(detail) ? detail : MessageKey.conflict,
          params: {},
        },
      });
    }
    if (sqlState?.startsWith('22')) {
      // A data exception (text with a NUL byte, a number out of range) is input no schema caught:
      // still the caller's mistake, and it changed nothing, as its statement failed.
      req.log.warn({ err: error }, 'input rejected by the database');
      return reply.status(400).send({
        code: Code.INVALID_PARAMS,
        message: 'Invalid request: a value is out of range or malformed',
        data: { key: MessageKey.invalidParams, params: {} },
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send({
        code: Code.RATE_LIMITED,
        message: 'Too many requests, please try again later',
        data: { key: MessageKey.rateLimited, params: {} },
      });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status === 404 ? 404 : 400).send({
        code: status === 404 ? Code.NOT_FOUND : Code.INVALID_PARAMS,
        message: error.message,
        data: { key: status === 404 ? MessageKey.notFound : MessageKey.invalidParams, params: {} },
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The transaction never committed, so nothing is half-applied; the next call may well succeed.
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({
          code: Code.SERVICE_UNAVAILABLE,
          message: 'The service is briefly unavailable; nothing was changed. Please try again',
          data: { key: MessageKey.serviceUnavailable, params: {} },
        });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: Code.INTERNAL,
      message: 'Internal error',
      data: { key: MessageKey.internal, params: {} },
    });
  });
}
