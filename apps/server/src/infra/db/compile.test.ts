import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileSql } from './compile';
import { ledgerAccounts } from './schema';

const dialect = new PgDialect();

/** Drizzle's own rendering of the same statement: compileSql must match it exactly. */
const drizzle = (query: ReturnType<typeof sql>) => {
  const q = dialect.sqlToQuery(query);
  return { text: q.sql, values: q.params };
};

describe('compileSql', () => {
  it('renders nested templates, joins, identifiers, lists and plain values exactly as Drizzle does', () => {
    const rowsSql = sql.join(
      [1, 2].map((i) => sql`(${i}::bigint, ${`A${i}`}::text, ${i === 2 ? null : true}::boolean)`),
      sql`, `,
    );
    const query = sql`WITH ${sql.identifier('hold"ing')} AS (SELECT ${'x'}), ${sql.raw('also0')} AS (VALUES ${rowsSql})
      SELECT * FROM t WHERE id IN ${[7, 8, 9]} AND big = ${12345678901234567890n} AND ${sql`nested = ${'n'} AND ${sql`deeper = ${0}`}`}${sql``}`;
    const compiled = compileSql(query);
    expect(compiled).toEqual(drizzle(query));
    expect(compiled?.values).toEqual([
      'x',
      1,
      'A1',
      true,
      2,
      'A2',
      null,
      7,
      8,
      9,
      12345678901234567890n,
      'n',
      0,
    ]);
    expect(compiled?.text).toContain('"hold""ing" AS (SELECT $1)');
  });

  it('declines what only Drizzle renders: tables, columns, inlined parameters, objects', () => {
    expect(compileSql(sql`SELECT ${ledgerAccounts.balance} FROM ${ledgerAccounts}`)).toBeUndefined();
    expect(compileSql(sql`SELECT ${'x'}`.inlineParams())).toBeUndefined();
    expect(compileSql(sql`SELECT ${new Date(0)}`)).toBeUndefined();
    expect(compileSql(sql`SELECT ${{ a: 1 }}`)).toBeUndefined();
  });
});
