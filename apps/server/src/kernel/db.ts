import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** What a raw `execute` answers on both drivers (pg's QueryResult and PGlite's Results): its rows. */
export interface RowsResult<R> {
  rows: R[];
}

export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

/**
 * The root database or a transaction: both run the same queries, so every function that reads or
 * writes takes this one type, and a transaction is passed where a database is asked for as it is.
 * No relational (`db.query.*`) API is used, so the type carries no schema.
 */
export type Db = PgDatabase<RowsResultHKT>;
