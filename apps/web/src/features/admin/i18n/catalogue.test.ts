import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import shared from '../../../i18n/en.json';
import en from './en.json';
import zh from './zh-CN.json';

const ROOT = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('console texts', () => {
  test('every English text has its Chinese one and no Chinese text is left over', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(zh)) expect(value, key).not.toBe('');
  });

  test('every key the console names exists, in its catalogue or the shared one', () => {
    const known = new Set([...Object.keys(en), ...Object.keys(shared)]);
    const missing: string[] = [];
    for (const file of sources(ROOT)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['`]((?:admin|common)\.[\w.]+)['`]/g)) {
        const key = m[1] as string;
        if (!known.has(key) && !known.has(`${key}_one`)) missing.push(`${key} (${file.slice(ROOT.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('the families named at run time are complete', () => {
    const families: Record<string, string[]> = {
      'admin.role': ['viewer', 'operator', 'admin'],
      'admin.line': [
        'simple_earn_flexible',
        'simple_earn_fixed',
        'launch_pool',
        'staking',
        'wealth',
        'soft_staking',
        'dual',
      ],
      'admin.opt.mode': ['classic', 'multi_currency', 'single_currency'],
      'admin.lp.state': ['0', '1', '2', '3'],
      'admin.clock.status': ['running', 'done', 'failed'],
      'admin.clock.unit': ['minutes', 'hours', 'days'],
      'admin.dash.budget': ['pool', 'bonus', 'campaign'],
      'admin.purpose': ['spot', 'flexible', 'fixed', 'launchpool', 'staking', 'staking_redeeming', 'wealth'],
    };
    for (const [prefix, names] of Object.entries(families))
      for (const name of names) expect(en).toHaveProperty([`${prefix}.${name}`]);
  });
});
