/**
 * pg_stat_statements figures of a database per request: which statements the server ran, how often a
 * request, and what they cost PostgreSQL. The extension needs `shared_preload_libraries =
 * 'pg_stat_statements'` in postgresql.conf and a restart of the server; where it is not loaded the
 * figures are skipped with a note (the bench never changes or restarts the machine's PostgreSQL).
 */
import pg from 'pg';

export interface StatStatements {
  /** The figures since the start (per request), or the reason there are none. */
  report(requests: number): Promise<string>;
}

const TOP = 12;

/** Opens the figures of the database at `url` and starts them from zero. */
export async function statStatements(url: string): Promise<StatStatements> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    await client.end();
    const why = error instanceof Error ? error.message : String(error);
    return {
      report: async () =>
        `pg_stat_statements: skipped (${why}; it needs shared_preload_libraries = 'pg_stat_statements' and a restart of PostgreSQL)`,
    };
  }
  return {
    async report(requests) {
      try {
        const per = Math.max(1, requests);
        const { rows } = await client.query<{
          calls: string;
          total_ms: number;
          rows: string;
          hit: string;
          read: string;
          query: string;
        }>(
          `SELECT calls::text, total_exec_time AS total_ms, rows::text, shared_blks_hit::text AS hit,
             shared_blks_read::text AS read, query
           FROM pg_stat_statements
           WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND query NOT LIKE '%pg_stat_statements%'
           ORDER BY total_exec_time DESC`,
        );
        const calls = rows.reduce((sum, r) => sum + Number(r.calls), 0);
        const ms = rows.reduce((sum, r) => sum + r.total_ms, 0);
        const out = [
          `pg_stat_statements over the measured rounds: ${(calls / per).toFixed(2)} statements a request, ${((1000 * ms) / per).toFixed(0)} µs of execution a request (planning and the protocol not included)`,
          '  µs a request  calls a request  blocks hit/read a call  statement',
        ];
        for (const r of rows.slice(0, TOP)) {
          const n = Math.max(1, Number(r.calls));
          out.push(
            `  ${((1000 * r.total_ms) / per).toFixed(1).padStart(12)}  ${(Number(r.calls) / per).toFixed(3).padStart(15)}  ${`${(Number(r.hit) / n).toFixed(1)}/${(Number(r.read) / n).toFixed(1)}`.padStart(22)}  ${r.query.replace(/\s+/g, ' ').slice(0, 110)}`,
          );
        }
        return out.join('\n');
      } finally {
        await client.end();
      }
    },
  };
}
