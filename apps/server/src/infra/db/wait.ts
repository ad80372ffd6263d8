import pg from 'pg';

/** Start-up could not reach its database in time; main prints the message as one line and exits 1. */
export class DatabaseWaitError extends Error {}

/** Where a connection URL points, without its password, for log lines. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Waits until PostgreSQL answers a query, retrying with backoff (0.25 s doubling up to 5 s) and saying
 * on each failure what it waits for; gives up after `seconds`. A database that is still starting, or
 * restarting under a supervisor, then costs a few seconds of start-up rather than a crash.
 */
export async function waitForPostgres(
  url: string,
  seconds: number,
  say: (line: string) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      if (attempt > 1) say(`PostgreSQL at ${describeUrl(url)} answers (attempt ${attempt})`);
      return;
    } catch (error) {
      const reason =
        error instanceof Error ? error.message || (error as { code?: string }).code : String(error);
      const left = deadline - performance.now();
      if (left <= 0)
        throw new DatabaseWaitError(
          `PostgreSQL at ${describeUrl(url)} did not answer within DATABASE_WAIT_SECONDS=${seconds}: ${reason}`,
        );
      say(
        `waiting for PostgreSQL at ${describeUrl(url)} (attempt ${attempt}: ${reason}); next try in ${delay} ms`,
      );
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, 5000);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
