import { type SQL, sql } from 'drizzle-orm';

/**
 * The condition "`column` is one of `users`" (absent: every user), for the lines' set-based reads: one
 * user compares with `=`, as a query for one user always did; several, with one array parameter.
 */
export function ofUsers(column: SQL, users?: readonly number[]): SQL {
  if (users === undefined) return sql`true`;
  const [only] = users;
  if (users.length === 1 && only !== undefined) return sql`${column} = ${only}`;
  return sql`${column} = ANY(${`{${users.join(',')}}`}::int[])`;
}
