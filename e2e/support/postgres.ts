import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The run's PostgreSQL server (CI sets TEST_DATABASE_URL), where the browser tests' servers run. */
export function adminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

function urlOf(name: string): string {
  const url = new URL(adminUrl() ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty database of this run's own (the global setup migrates and seeds it as the template). */
export async function createDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  return { name, url: urlOf(name) };
}

/** A copy of the migrated, seeded template: what a file's server starts from. */
export async function createDatabaseFrom(template: string): Promise<{ name: string; url: string }> {
  const name = `earn_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { name, url: urlOf(name) };
}

/** Dropped with its connections (a server killed by its test may leave one behind). */
export async function dropDatabase(name: string): Promise<void> {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
}
