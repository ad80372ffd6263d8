/**
 * Where a process's CPU time went, from the .cpuprofile V8 writes with --cpu-prof: self time by
 * function and by area (this project's code by layer, each package of node_modules, Node's own
 * internals, the garbage collector), for the terminal. `npm run bench:api -- --profile DIR` prints it;
 * the file itself opens in Chrome DevTools (Performance) or speedscope.app as a flame graph.
 *
 * Self time is the time a function was on top of the stack: the sum of the sampling intervals whose
 * sample it was. Only the samples inside the measured windows count (the load's rounds, timed on the
 * system's monotonic clock, which V8's profile timestamps also read), so start-up and the warm-up
 * are left out; per call divides by the requests answered in those windows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The newest .cpuprofile in `dir`, or undefined. */
export function newestProfile(dir: string): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0];
}

const ROOT = process.cwd();

/** The area a frame's code belongs to: a package, a layer of the server, Node, V8's own work. */
function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(idle)' || functionName === '(program)') return functionName;
    return 'native (V8 builtins, JSON, RegExp, crypto)';
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice(7)) : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = path.slice(modules + 14).split('/');
    return (rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]) ?? 'node_modules';
  }
  const rel = relative(ROOT, path);
  const server = /^apps\/server\/src\/([^/]+)(?:\/([^/]+)\/)?/.exec(rel);
  if (server) return `src/${server[1]}${server[2] && !server[2].includes('.') ? `/${server[2]}` : ''}`;
  return rel.split('/').slice(0, 2).join('/');
}

function where(frame: CallFrame): string {
  const path = frame.url.startsWith('file://') ? decodeURIComponent(frame.url.slice(7)) : frame.url;
  const modules = path.lastIndexOf('/node_modules/');
  const short = modules >= 0 ? path.slice(modules + 14) : relative(ROOT, path);
  return short ? `${short}:${frame.lineNumber + 1}` : '';
}

/** Now on the monotonic clock, in µs, as a profile's timestamps are. */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Windows of the monotonic clock (µs) whose samples count; none: every sample. */
export type Windows = readonly (readonly [number, number])[];

/** A summary of the profile: the top `top` functions by self time, then every area over 0.5 %. */
export function summariseProfile(file: string, requests: number, windows: Windows = [], top = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows.length > 0 && !windows.some(([from, to]) => at >= from && at <= to)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const functions = new Map<string, { us: number; frame: CallFrame }>();
  const areas = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    busy += us;
    const key = `${frame.functionName || '(anonymous)'} ${where(frame)}`;
    const f = functions.get(key) ?? { us: 0, frame };
    f.us += us;
    functions.set(key, f);
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  const perCall = (us: number) => (us / Math.max(1, requests)).toFixed(1).padStart(7);
  const share = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)} %`;
  const out = [
    `server CPU profile ${file}: ${(busy / 1e6).toFixed(2)} s busy over ${requests} requests, ${perCall(busy).trim()} µs a request${windows.length > 0 ? ' (the measured rounds only)' : ' (start-up and warm-up included)'}`,
    `  top ${top} functions by self time (µs a request, share of the busy time):`,
  ];
  for (const [key, { us }] of [...functions].sort((a, b) => b[1].us - a[1].us).slice(0, top))
    out.push(`  ${perCall(us)} µs ${share(us)}  ${key}`);
  out.push('  by area:');
  for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1])) {
    if (us / busy < 0.005) continue;
    out.push(`  ${perCall(us)} µs ${share(us)}  ${area}`);
  }
  return out.join('\n');
}

// node --import tsx bench/cpuprofile.ts FILE [REQUESTS]: the same summary of a profile already written.
if (process.argv[1]?.endsWith('cpuprofile.ts')) {
  const [file, requests] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpuprofile.ts FILE|DIR [REQUESTS]');
  const path = statSync(file).isDirectory() ? newestProfile(file) : file;
  if (!path) throw new Error(`no .cpuprofile in ${file}`);
  process.stdout.write(`${summariseProfile(path, Number(requests ?? 1))}\n`);
}
