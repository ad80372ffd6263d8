import pg from 'pg';

export interface ListenHandlers {
  /** One NOTIFY's payload. */
  message(payload: string): void;
  /**
   * Whether notifications arrive now. After a false, anything sent meanwhile was lost: the listener
   * says true again once it listens anew, and the caller catches up then.
   */
  live(live: boolean): void;
}

/** Stops listening and closes the connection. */
export type StopListening = () => Promise<void>;

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

/**
 * LISTEN on a connection of its own (not the pool's: a pooled connection goes back after each query,
 * and a PgBouncer in transaction mode would hand the LISTEN to whichever server connection it picks).
 * A dropped connection (a restart, a failover, pg_terminate_backend) is opened again with backoff,
 * 0.25 s doubling to 5 s, for as long as the listener runs.
 */
export function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  onError: (error: Error) => void = () => undefined,
): StopListening {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    retryTimer = undefined;
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    let lost = false;
    const lose = (error: Error) => {
      if (lost) return;
      lost = true;
      handlers.live(false);
      c.end().catch(() => undefined);
      if (stopped) return;
      onError(error);
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    c.on('error', lose);
    c.on('end', () => lose(new Error('the listening connection ended')));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      return lose(error as Error);
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    retryMs = FIRST_RETRY_MS;
    handlers.live(true);
  };
  void connect();

  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    await client?.end().catch(() => undefined);
  };
}
