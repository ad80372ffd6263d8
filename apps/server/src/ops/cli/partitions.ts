import { loadConfig } from '../../config';
import { openDatabase } from '../../infra/db/client';
import { detachBefore, listPartitions } from '../partitions/partitions';

// npm run partitions                         lists each history's partitions with their bounds and rows
// npm run partitions -- --detach-before 2026-01
//                                            detaches every month that ends by then, to archive and drop
const config = loadConfig();
const i = process.argv.indexOf('--detach-before');
const before = i >= 0 ? process.argv[i + 1] : undefined;
if (before !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(before)) {
  process.stderr.write(`--detach-before must be a month as YYYY-MM, got '${before}'\n`);
  process.exit(2);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  preparedStatements: config.databasePreparedStatements,
  dataDir: config.dataDir,
});
try {
  await database.migrate();
  if (before) {
    const detached = await detachBefore(database.db, new Date(`${before}-01T00:00:00Z`));
    process.stdout.write(
      detached.length
        ? `detached (now tables of their own, to archive and drop): ${detached.join(', ')}\n`
        : 'nothing to detach\n',
    );
  }
  for (const p of await listPartitions(database.db))
    process.stdout.write(
      `${p.table.padEnd(22)} ${p.partition.padEnd(34)} ${String(p.rows).padStart(12)}  ${p.bounds}\n`,
    );
} finally {
  await database.close();
}
