import cluster from 'node:cluster';
import { loadConfig } from './config';
import { DEMO_EMAIL, DEMO_FUNDPASS, DEMO_PASSWORD } from './seed/demo';
import { createServer } from './server';

const config = loadConfig();
// WORKERS=N (PostgreSQL only): N processes share the port, one per core, as several instances do.
const workers = config.databaseUrl ? Math.max(1, Number.parseInt(process.env.WORKERS ?? '1', 10) || 1) : 1;
if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (code !== 0) process.stderr.write(`worker ${worker.process.pid} exited with ${code}\n`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
      cluster.disconnect(() => process.exit(0));
    });
  }
} else {
  await runServer();
}

async function runServer(): Promise<void> {
  const server = await createServer(config, {
    logger: { level: config.logLevel },
    startJobs: true,
  });
  await server.app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) {
    process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
    return;
  }

  const address = `http://${config.host}:${config.port}`;
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    [
      '',
      `  Earn is running at ${address}`,
      `  API docs:  ${address}/api/docs`,
      `  Database:  ${store}`,
      `  Clock:     ${config.clock}${config.adminToken ? '' : '   (operator API off: set ADMIN_TOKEN)'}`,
      `  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}   (funding password ${DEMO_FUNDPASS})`,
      '',
    ].join('\n'),
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.app.log.info({ signal }, 'shutting down');
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
