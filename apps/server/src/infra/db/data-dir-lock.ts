import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Another live process holds the PGlite directory; main prints the message as one line and exits 1. */
export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is PostgreSQL in this process: two processes on one directory would both write it and corrupt
 * it. A lock file holds the owner's pid; a second opener refuses while that process lives. A file left
 * by a process that died (kill -9) or copied along with the directory names a pid that no longer runs
 * (or is this very process reopening after a close) and is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, 'earn.lock');
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner))
        throw new DataDirInUseError(
          `DATA_DIR ${dir} is in use by process ${owner}: PGlite serves one process; stop it first, or use PostgreSQL (DATABASE_URL) for several`,
        );
      rmSync(path, { force: true });
    }
  }
  throw new DataDirInUseError(`DATA_DIR ${dir}: could not take its lock file ${path}`);
}
