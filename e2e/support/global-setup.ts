import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './browser';
import { buildWeb } from './build';
import { adminUrl, createDatabase, dropDatabase } from './postgres';
import { startServer } from './server';

/**
 * What every browser test file used to make for itself, made once for the run:
 * - one production build of the web app (each file built its own: 17 builds);
 * - one Chromium, which each file reaches with a browser context of its own (fresh cookies and storage);
 * - a database migrated and seeded with the demo, which each file's server starts from a copy of
 *   (each file migrated and seeded its own: 18 starts of 47–61 s under load): a PostgreSQL template
 *   database where the run has TEST_DATABASE_URL (CI), else a PGlite data directory.
 * Their places reach the files through `provide`; each is removed (the browser stopped by its own
 * process) when the run ends, passed or failed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const teardown = async () => {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  };
  try {
    const executablePath = chromiumPath();
    // `npm test` builds the app once for its two browser runs (scripts/test.sh) and removes it itself.
    const given = process.env.E2E_WEB_DIST;
    const webDist = given || buildWeb();
    if (!given) cleanups.push(() => rmSync(webDist, { recursive: true, force: true }));
    project.provide('e2eWebDist', webDist);

    const browserServer = await chromium.launchServer({
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    cleanups.push(() => browserServer.close());
    project.provide('e2eBrowserWs', browserServer.wsEndpoint());

    if (adminUrl()) {
      // The same on PostgreSQL: a server started once on an empty database migrates and seeds it;
      // once it has stopped, the database has no connections and can be a template.
      const database = await createDatabase('earn_e2e_tpl');
      cleanups.push(() => dropDatabase(database.name));
      const seedingPg = await startServer({ DATABASE_URL: database.url });
      await seedingPg.stop();
      project.provide('e2ePgTemplate', database.name);
      return teardown;
    }
    // A server started once on an empty directory migrates it and seeds the demo; stopped by SIGTERM,
    // PGlite closes the directory cleanly, and its copy is a database at the head of the migrations.
    const seeding = await startServer({}, { template: false, keepDataDir: true });
    await seeding.stop();
    const template = mkdtempSync(join(tmpdir(), 'earn-e2e-template-'));
    cpSync(seeding.dataDir, template, { recursive: true });
    rmSync(seeding.dataDir, { recursive: true, force: true });
    cleanups.push(() => rmSync(template, { recursive: true, force: true }));
    project.provide('e2ePgliteTemplate', template);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eWebDist: string;
    e2eBrowserWs: string;
    e2ePgliteTemplate: string;
    e2ePgTemplate: string;
  }
}
