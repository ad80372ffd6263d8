import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN_TOKEN } from './harness';

const ROOT = join(import.meta.dirname, '../../..');

/**
 * Every server process this module started that has not exited. A file's afterAll stops them all with
 * stopInstances(), whatever its beforeAll got to: when one of two instances started together failed,
 * Promise.all rejected, the other was never handed to the file, and it ran on after the run ended (a
 * CI run left one listening). A worker that exits without its afterAll takes them with it.
 */
const started = new Set<ChildProcess>();
let exitHook = false;

/** Stops (SIGTERM, then waits for the exit) every server started here that is still running. */
export async function stopInstances(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

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
    started.add(child);
    child.once('exit', () => started.delete(child));
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => {
        for (const c of started) c.kill('SIGKILL');
      });
    }
    const instance: Instance = { child, port, output: '' };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance on ${port} did not start:\n${instance.output}`));
    }, 180_000);
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
