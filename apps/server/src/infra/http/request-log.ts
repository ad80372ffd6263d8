import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Levels at which the request line is not written: its fields are not even gathered. */
const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * One log line per request, at info, when it is answered: Fastify's own request logging writes two
 * ("incoming request", then "request completed", each through the full request and reply
 * serializers), which at the default level cost every call two JSON lines. The line has what both had
 * that an operator reads: the request id (the child logger's reqId), method, path, status, the time
 * taken in ms, and the client's address. A response that failed on its way out keeps Fastify's error
 * line, and errors keep their own (error-handler.ts).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, req, reply);
      return;
    }
    if (ABOVE_INFO.has(reply.log.level)) return;
    reply.log.info(
      {
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: req.ip,
      },
      'request',
    );
  }
}

export const requestLogOptions: Pick<FastifyServerOptions, 'logController'> = {
  logController: new OneLinePerRequest(),
};
