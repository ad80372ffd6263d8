import cluster from 'node:cluster';
import { loadConfig } from './config';
import { DataDirInUseError } from './infra/db/data-dir-lock';
import { DatabaseWaitError } from './infra/db/wait';
import { DEMO_EMAIL, DEMO_FUNDPASS, DEMO_PASSWORD } from './ops/seed/demo';
import { createServer, type Server } from './server';

// Exit statuses: 0 after a clean shutdown; 1 when start-up fails (database unreachable, DATA_DIR in
// use) or a shutdown overran SHUTDOWN_TIMEOUT_MS or the primary gave up restarting workers; 2 for a
// setting that cannot be used (loadConfig). A supervisor restarts on anything but 0.
const config = loadConfig();
const workers = config.workers ?? 1;

if (workers > 1 && cluster.isPrimary) runPrimary(workers);
else await runServer();

/** Restarts a worker that dies, with backoff; gives up (status 1) after 5 deaths within a minute. */
function runPrimary(count: number): void {
  let stopping = false;
  let failed = false;
  const deaths: number[] = [];
  const alive = () => Object.keys(cluster.workers ?? {}).length;
  const stopAll = (guardMs: number) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    if (alive() === 0) process.exit(failed ? 1 : 0);
    // Each worker keeps its own deadline; this only guards against one that hangs.
    setTimeout(() => process.exit(1), guardMs).unref();
  };
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (alive() === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const now = performance.now();
    deaths.push(now);
    while ((deaths[0] ?? now) < now - 60_000) deaths.shift();
    process.stderr.write(`worker ${worker.process.pid} died (${signal ?? `status ${code}`})\n`);
    if (deaths.length >= 5) {
      process.stderr.write('workers died 5 times within a minute: giving up\n');
      failed = true;
      stopAll((config.shutdownTimeoutMs ?? 10_000) + 2000);
      return;
    }
    const delay = Math.min(250 * 2 ** (deaths.length - 1), 10_000);
    process.stderr.write(`restarting a worker in ${delay} ms\n`);
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, delay);
  });
  let signals = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (++signals > 1) process.exit(1);
      stopAll((config.shutdownTimeoutMs ?? 10_000) + 2000);
    });
}

async function runServer(): Promise<void> {
  let server: Server;
  try {
    server = await createServer(config, { logger: { level: config.logLevel }, startJobs: true });
    await server.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (error instanceof DatabaseWaitError || error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let signals = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal: the operator means it.
      if (++signals > 1) process.exit(1);
      server.app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
      const deadline = setTimeout(() => {
        server.app.log.error('requests or jobs still running at SHUTDOWN_TIMEOUT_MS: exiting anyway');
        process.exit(1);
      }, config.shutdownTimeoutMs ?? 10_000);
      deadline.unref();
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  if (cluster.isWorker) return;

  // The port bound, not the one asked for: PORT=0 lets the OS choose a free one (the tests' instances
  // do, so two runs on one machine never race for a port), and this line is how they learn it.
  const bound = server.app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const address = `http://${config.host}:${port}`;
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    [
      '',
      `  Earn is running at ${address}`,
      `  API docs:  ${address}/api/docs`,
      `  Health:    ${address}/api/health/ready`,
      `  Database:  ${store}`,
      `  Clock:     ${config.clock}${config.adminToken ? '' : '   (operator API off: set ADMIN_TOKEN)'}`,
      `  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}   (funding password ${DEMO_FUNDPASS})`,
      '',
    ].join('\n'),
  );
}
