import { Code, MessageKey } from '@earn/domain';
import type { FastifyInstance } from 'fastify';

/** While closing, connections left idle are closed this often (see the sweep below). */
const SWEEP_MS = 50;
/** Time for request bytes sent before the signal to arrive and be read, beside two loop turns. */
const READ_GRACE_MS = 20;
/** The longest the listener stays open after the signal while connections keep arriving. */
const ACCEPT_MAX_MS = 1000;

/** One turn of the event loop: timers, then a poll for I/O (accepts and reads), then checks. */
const loopTurn = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));

/**
 * How the HTTP side closes (app.close(), on SIGTERM): every request a client sent before the signal
 * gets an answer, and the server's close completes as soon as the last one is written.
 *
 * Node's server.close() stops listening, which resets the connections still in the kernel's accept
 * queue, and closes at once every connection without a request in progress, including one whose
 * request is in its socket buffer, not yet read: on PGlite, whose queries keep the event loop busy,
 * that was most of the requests in flight. And a keep-alive connection whose response ended after
 * that stayed open until the client dropped it (72 s), holding the close until SHUTDOWN_TIMEOUT_MS.
 *
 * So: before Fastify closes the server (preClose), new requests are refused with the 503 envelope
 * (nothing was done; retry elsewhere), and the listener stays open until a round of two loop turns
 * accepts no connection (at most ACCEPT_MAX_MS): Node takes in the queued connections (on a busy
 * loop a few at a time) and reads what was sent on every open one. Then the server closes;
 * every answer from then on carries `Connection: close`, so its socket ends with it, and connections
 * that are idle anyway (an answer sent just before) are closed as they turn up.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let sweep: NodeJS.Timeout | undefined;

  // Before any hook that reads the database: a refusal costs nothing.
  app.addHook('onRequest', async (req, reply) => {
    if (!draining) return;
    // A body left unread when the socket closes makes the kernel reset the connection, and the
    // client may lose the answer with it: read it to its end first (bodyLimit bounds it).
    if (!req.raw.readableEnded) {
      const read = new Promise((resolve) => {
        req.raw.once('end', resolve);
        req.raw.once('close', resolve);
        req.raw.once('error', resolve);
      });
      req.raw.resume();
      await read;
    }
    return reply
      .status(503)
      .header('retry-after', '1')
      .header('connection', 'close')
      .send({
        code: Code.SERVICE_UNAVAILABLE,
        message: 'The service is shutting down; nothing was changed. Please try again',
        data: { key: MessageKey.serviceUnavailable, params: {} },
      });
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // Connections accepted so far: while they keep coming, the accept queue is not empty yet.
  let accepted = 0;
  app.server.on('connection', () => {
    accepted++;
  });
  app.addHook('preClose', async () => {
    draining = true;
    const started = performance.now();
    for (;;) {
      const before = accepted;
      await loopTurn();
      await new Promise((resolve) => setTimeout(resolve, READ_GRACE_MS));
      await loopTurn();
      if (accepted === before || performance.now() - started > ACCEPT_MAX_MS) break;
    }
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
}
