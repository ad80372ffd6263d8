import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATOR_MESSAGE_KEYS } from '../../src/operator/message-keys';

const ROOT = join(__dirname, '../../../..');
const SERVER = join(ROOT, 'apps/server/src');

function flat(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>))
    Object.assign(out, flat(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

function catalogue(lang: 'en' | 'zh-CN'): Record<string, string> {
  const read = (p: string) => flat(JSON.parse(readFileSync(join(ROOT, p), 'utf8')));
  // The console loads its own catalogue over the shared one.
  return {
    ...read(`apps/web/src/i18n/${lang}.json`),
    ...read(`apps/web/src/features/admin/i18n/${lang}.json`),
  };
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('message keys the operator API answers', () => {
  it('lists every operator.* key the operator code throws', () => {
    const thrown = new Set<string>();
    // The operator's routes, and the operator access the lines' admin routes share (guard, patch, rate guard).
    for (const file of [...sources(join(SERVER, 'operator')), ...sources(join(SERVER, 'accounts/operators'))])
      for (const m of readFileSync(file, 'utf8').matchAll(/DomainError\(\s*[\w.]+,\s*'([\w.]+)'/g))
        thrown.add(m[1] as string);
    expect(thrown.size).toBeGreaterThan(3);
    expect([...thrown].filter((k) => !OPERATOR_MESSAGE_KEYS.includes(k))).toEqual([]);
  });

  it('lists the funding refusals an operator deposit, withdrawal, loan or repayment can meet', () => {
    const text = readFileSync(join(SERVER, 'accounts/funding.ts'), 'utf8');
    const keys = [...text.matchAll(/'((?:account|finances)\.[\w.]+)'/g)].map((m) => m[1] as string);
    expect([...new Set(keys)].filter((k) => !OPERATOR_MESSAGE_KEYS.includes(k))).toEqual([]);
  });

  it.each(['en', 'zh-CN'] as const)('has a non-empty %s text for each in the console', (lang) => {
    const texts = catalogue(lang);
    expect(OPERATOR_MESSAGE_KEYS.filter((k) => !texts[k]?.trim())).toEqual([]);
  });

  it('the Chinese texts are not the English ones left untranslated', () => {
    const en = catalogue('en');
    const zh = catalogue('zh-CN');
    expect(OPERATOR_MESSAGE_KEYS.filter((k) => zh[k] === en[k])).toEqual([]);
  });
});
