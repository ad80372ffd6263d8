import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The root database or a transaction: both run the same queries, so every function that reads or
 * writes takes this one type, and a transaction is passed where a database is asked for as it is.
 * No relational (`db.query.*`) API is used, so the type carries no schema.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
