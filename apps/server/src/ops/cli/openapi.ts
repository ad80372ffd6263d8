import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadConfig } from '../../config';
import { openPglite } from '../../infra/db/client';
import { buildCliApp } from './app';

/**
 * The OpenAPI document as the app serves it at /api/docs/json, for the repository copy
 * (`npm run openapi:generate`). Routes are only registered, never called: an empty in-memory
 * database is enough.
 */
export async function openapiDocument(): Promise<unknown> {
  const database = await openPglite();
  await database.migrate();
  try {
    const config = { ...loadConfig({}), adminToken: undefined, webDist: '/nonexistent' };
    const app = await buildCliApp(database.db, config);
    await app.ready();
    const doc = app.swagger();
    await app.close();
    return doc;
  } finally {
    await database.close();
  }
}

export function serialize(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = resolve(process.argv[2] ?? 'openapi/openapi.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, serialize(await openapiDocument()));
  process.stdout.write(`wrote ${out}\n`);
}
