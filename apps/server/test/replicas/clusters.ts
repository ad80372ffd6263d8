import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A primary and a streaming replica of it (pg_basebackup -R), each a cluster of its own in a temporary
 * directory on its own port, made with Debian's PostgreSQL binaries. The machine's own PostgreSQL is
 * left alone: its configuration would need a replication line otherwise. Stopped by pg_ctl (which
 * signals the postmaster's pid from its pid file) and removed by `stop()`, even after a failure.
 */
export interface Clusters {
  primaryUrl: string;
  replicaUrl: string;
  stop(): void;
}

export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return undefined;
}

export function startClusters(primaryPort: number, replicaPort: number): Clusters {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'earn-replica-'));
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chmodSync(dir, 0o755);
    chownSync(dir, uid, gid);
  }
  // initdb and postgres refuse to run as root: run them as the PostgreSQL system user.
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 });
    if (result.status !== 0)
      throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
  };
  const started: string[] = [];
  const stop = () => {
    for (const data of started.reverse()) {
      if (existsSync(join(data, 'postmaster.pid')))
        spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), [
          ...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
          '-D',
          data,
          '-m',
          'immediate',
          '-w',
          'stop',
        ]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const start = (data: string, port: number) => {
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-t',
      '60',
      '-l',
      join(dir, `${port}.log`),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    started.push(data);
  };
  try {
    run('initdb', ['-D', primary, '--auth=trust', '-U', 'postgres', '--no-sync']);
    start(primary, primaryPort);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
    ]);
    start(replica, replicaPort);
  } catch (error) {
    const logs = readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stop,
  };
}
