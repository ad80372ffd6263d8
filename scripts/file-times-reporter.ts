import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTime {
  project: string;
  file: string;
  /** From the file's start to its end, as the run saw it (the figure a shorter CI needs). */
  wallMs: number;
  /** Its tests and hooks alone, and the import before them. */
  testsMs: number;
  importMs: number;
  /** Seconds from the run's start to the file's start and end: which projects overlapped, and when. */
  startS: number;
  endS: number;
  state: string;
}

/** `npm test` runs the browser files in a vitest of their own beside the rest: each names its file. */
const OUT = process.env.FILE_TIMES_OUT || 'test-output/file-times.json';

/**
 * Each test file's time, by project, written to test-output/file-times.json and summed up after the
 * run (the slowest files and each project's total): where a run's time goes, measured every run.
 */
export default class FileTimesReporter implements Reporter {
  private started = new Map<string, number>();
  private times: FileTime[] = [];
  private runStart = performance.now();

  onTestRunStart(): void {
    this.runStart = performance.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const start = this.started.get(module.id) ?? performance.now();
    const end = performance.now();
    const d = module.diagnostic();
    this.times.push({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      wallMs: Math.round(end - start),
      testsMs: Math.round(d.duration),
      importMs: Math.round(d.collectDuration + d.setupDuration + d.environmentSetupDuration),
      startS: Math.round((start - this.runStart) / 100) / 10,
      endS: Math.round((end - this.runStart) / 100) / 10,
      state: module.state(),
    });
  }

  onTestRunEnd(): void {
    const wallS = (performance.now() - this.runStart) / 1000;
    mkdirSync('test-output', { recursive: true });
    const sorted = [...this.times].sort((a, b) => b.wallMs - a.wallMs);
    writeFileSync(OUT, `${JSON.stringify({ wallS: Math.round(wallS), files: sorted }, null, 2)}\n`);
    const byProject = new Map<string, { n: number; ms: number; from: number; to: number }>();
    for (const t of this.times) {
      const p = byProject.get(t.project) ?? { n: 0, ms: 0, from: t.startS, to: t.endS };
      p.n += 1;
      p.ms += t.wallMs;
      p.from = Math.min(p.from, t.startS);
      p.to = Math.max(p.to, t.endS);
      byProject.set(t.project, p);
    }
    const lines = [
      `[times] run ${wallS.toFixed(0)} s wall; per project (files, summed file time, from-to in the run):`,
    ];
    for (const [name, p] of [...byProject].sort((a, b) => b[1].ms - a[1].ms))
      lines.push(
        `[times]   ${name.padEnd(18)} ${String(p.n).padStart(4)} files ${(p.ms / 1000).toFixed(0).padStart(6)} s  ${p.from.toFixed(0).padStart(5)}-${p.to.toFixed(0)} s`,
      );
    lines.push('[times] slowest files:');
    for (const t of sorted.slice(0, 12))
      lines.push(
        `[times]   ${(t.wallMs / 1000).toFixed(1).padStart(6)} s  ${t.project.padEnd(18)} ${t.file}`,
      );
    lines.push(`[times] every file: ${OUT}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
