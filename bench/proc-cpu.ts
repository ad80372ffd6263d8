import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time by process from Linux's /proc, for the benches that say what a piece of work cost each
 * process (bench:api by request, bench:clock-year for PostgreSQL's backends).
 */

/** One process's CPU time so far, or undefined (gone, or not Linux). */
export function readProcCpu(pid: number): ProcCpu | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is the state (stat field 3): ppid is field 4, utime 14, stime 15.
    return {
      comm,
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      sys: Number(fields[12]),
    };
  } catch {
    return undefined;
  }
}

/**
 * The CPU each process spent between two snapshots, added to `total` (same shape as a snapshot, its
 * ticks the sums), so that the API's rounds are counted and pgbench's between them are not.
 */
export function addCpu(
  total: Map<number, ProcCpu>,
  before: Map<number, ProcCpu>,
  after: Map<number, ProcCpu>,
) {
  const out = new Map(total);
  for (const [pid, now] of after) {
    const was = before.get(pid);
    const ticks = now.ticks - (was?.ticks ?? 0);
    const sys = now.sys - (was?.sys ?? 0);
    const sum = out.get(pid);
    out.set(pid, {
      comm: now.comm,
      ppid: now.ppid,
      ticks: (sum?.ticks ?? 0) + ticks,
      sys: (sum?.sys ?? 0) + sys,
    });
  }
  return out;
}

export interface ProcCpu {
  comm: string;
  ppid: number;
  /** utime + stime, in clock ticks (1/100 s on Linux). */
  ticks: number;
  /** stime alone: the kernel's share (socket calls, wake-ups). */
  sys: number;
}

/** Every process's CPU time so far (Linux /proc; empty elsewhere). */
export function cpuSnapshot(): Map<number, ProcCpu> {
  const out = new Map<number, ProcCpu>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    const cpu = readProcCpu(Number(pid));
    if (cpu) out.set(Number(pid), cpu);
  }
  return out;
}

/** CPU milliseconds per request over the load, by part: the server, PostgreSQL, the load generator. */
export function cpuPerRequest(
  before: Map<number, ProcCpu>,
  after: Map<number, ProcCpu>,
  serverPid: number | undefined,
  requests: number,
) {
  const parts = { server: 0, database: 0, load: 0, other: 0 };
  const sys = { server: 0, database: 0, load: 0, other: 0 };
  for (const [pid, now] of after) {
    const ticks = now.ticks - (before.get(pid)?.ticks ?? 0);
    if (ticks <= 0) continue;
    const kernel = now.sys - (before.get(pid)?.sys ?? 0);
    const part =
      pid === serverPid || now.ppid === serverPid
        ? 'server'
        : now.comm === 'postgres'
          ? 'database'
          : pid === process.pid
            ? 'load'
            : 'other';
    parts[part] += ticks;
    sys[part] += kernel;
  }
  const ms = (ticks: number) => ((ticks * 10) / Math.max(1, requests)).toFixed(2);
  const part = (name: keyof typeof parts) => `${ms(parts[name])} ms (kernel ${ms(sys[name])})`;
  return `CPU per request: server ${part('server')}, PostgreSQL ${part('database')}, load generator ${part('load')}, other ${ms(parts.other)} ms`;
}
