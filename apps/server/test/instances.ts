import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN_TOKEN } from './harness';

const ROOT = join(import.meta.dirname, '../../..');

export interface Instance {
  child: ChildProcess;
  port: number;
  output: string;
}

/**
 * `npm run serve` as its own process: the real main.ts on the test clock, its scheduler (and any
 * other timer `env` turns on) running on its own. Resolves once it says it is running; the caller
 * stops it by its pid. The port is the OS's choice (PORT=0) read back from the server's start line:
 * a port picked at random in the tests collided with the ephemeral port of some other connection on
 * the machine (EADDRINUSE in CI); pass one only where the test needs a fixed port.
 */
export function startInstance(
  databaseUrl: string,
  port = 0,
  env: Record<string, string> = {},
): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        EARN_CLOCK: 'test',
        ADMIN_TOKEN,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        JOB_INTERVAL_MS: '50',
        WEB_DIST: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance: Instance = { child, port, output: '' };
    const timer = setTimeout(
      () => reject(new Error(`instance on ${port} did not start:\n${instance.output}`)),
      180_000,
    );
    const onData = (d: Buffer) => {
      instance.output += String(d);
      const running = /Earn is running at http:\/\/[^:\s]+:(\d+)/.exec(instance.output);
      if (running) {
        instance.port = Number(running[1]);
        clearTimeout(timer);
        resolve(instance);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance on ${port} exited with ${code}:\n${instance.output}`));
    });
  });
}
