import { loadConfig } from './config';
import { DEMO_EMAIL, DEMO_FUNDPASS, DEMO_PASSWORD } from './seed/demo';
import { createServer } from './server';

const config = loadConfig();
const server = await createServer(config, {
  logger: { level: config.logLevel },
  startJobs: true,
});
await server.app.listen({ port: config.port, host: config.host });

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
