import type { SQL } from 'drizzle-orm';
import { sql } from './client';

/** A timestamptz as unix seconds, a plain number on pg and PGlite alike (bigint would be a string). */
export const epoch = (expr: SQL): SQL => sql`floor(EXTRACT(EPOCH FROM ${expr}))::float8`;
