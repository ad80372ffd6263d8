import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DUAL_ORDER_STATUSES } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_LINES, reasonsOf } from '../../src/views/lines';
import { startTestServer, type TestServer } from '../harness';

/**
 * The console shows the server's codes by name in English and Chinese (features/admin CodeLabel):
 * every job the scheduler runs, every audit action the server writes, every ledger reason, every
 * position status and mail template has its label in both console catalogues.
 */
const ROOT = join(__dirname, '../../../..');
const SERVER = join(ROOT, 'apps/server/src');
const catalogue = (lang: 'en' | 'zh-CN'): Record<string, string> =>
  JSON.parse(readFileSync(join(ROOT, `apps/web/src/features/admin/i18n/${lang}.json`), 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The audit actions: the dotted literals on the lines that name an `action` (a ternary gives two). */
function auditActions(): string[] {
  const found = new Set<string>();
  for (const file of sources(SERVER))
    for (const line of readFileSync(file, 'utf8').split('\n'))
      if (/\baction\b/.test(line))
        for (const m of line.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) found.add(m[1] ?? '');
  return [...found].sort();
}

/** The positions' statuses: each line's console read words them in SQL (CASE … AS status) or code. */
function positionStatuses(): string[] {
  const found = new Set<string>(DUAL_ORDER_STATUSES);
  for (const line of ['simple-earn', 'staking', 'wealth', 'soft-staking']) {
    const text = readFileSync(join(SERVER, `lines/${line}/reads.ts`), 'utf8');
    for (const c of text.matchAll(/CASE[^;]*?END AS status/gs))
      for (const m of (c[0] ?? '').matchAll(/(?:THEN|ELSE) '([a-z_]+)'/g)) found.add(m[1] ?? '');
  }
  const pool = readFileSync(join(SERVER, 'lines/launch-pool/reads.ts'), 'utf8');
  const state = /const state = [\s\S]*?\n {2}\};/.exec(pool)?.[0] ?? '';
  for (const m of state.matchAll(/'([a-z_]+)'/g)) found.add(m[1] ?? '');
  return [...found].sort();
}

describe('console labels of the server codes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('finds the codes to check', () => {
    expect(auditActions()).toContain('settings.rates.update');
    expect(positionStatuses()).toEqual(
      expect.arrayContaining(['in_progress', 'holding', 'SETTLEMENT_FAILED']),
    );
  });

  it.each(['en', 'zh-CN'] as const)(
    'every job, audit action, reason, status and mail template has a %s label',
    (lang) => {
      const texts = catalogue(lang);
      const codes = [
        ...server.deps.scheduler.list().map((j) => `admin.job.${j.name}`),
        ...auditActions().map((a) => `admin.action.${a}`),
        ...HISTORY_LINES.flatMap((l) => reasonsOf(server.deps.reads, l)).map((r) => `admin.reason.${r}`),
        ...positionStatuses().map((s) => `admin.pstatus.${s}`),
        ...['fundpass_reset', 'password_guessing', 'notification'].map((t) => `admin.outbox.tpl.${t}`),
      ];
      expect(codes.length).toBeGreaterThan(80);
      expect(codes.filter((k) => !texts[k]?.trim())).toEqual([]);
    },
  );

  it('the mail templates named are all there are', async () => {
    const { MAIL_TEMPLATES } = await import('../../src/notify/mail/templates');
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual([
      'fundpass_reset',
      'notification',
      'password_guessing',
    ]);
  });
});
