import { loadConfig } from '../../config';
import { openDatabase } from '../../infra/db/client';
import { reconcile } from '../../ledger/reconcile';
import { buildCliApp } from './app';

// Recomputes every balance from its postings. Exits 1 on any difference, so scripts and CI can rely on it.
// With PGlite, stop the server first: one process at a time may open the data directory.
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  preparedStatements: config.databasePreparedStatements,
  dataDir: config.dataDir,
});
try {
  // Product lines register their sub-ledger checks as they wire their routes: wire them (nothing
  // listens) so this runs every check the server's own reconciliation runs.
  const app = await buildCliApp(database.db, config);
  await app.close();
  const report = await reconcile(database.db);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(
    report.ok ? 'reconciliation: ok\n' : `reconciliation: ${report.differences.length} difference(s)\n`,
  );
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
