import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import amountInput from '../../../components/amount-input/en.json';
import aprAlert from '../../../components/apr-alert/i18n/en.json';
import arrival from '../../../components/redeem-arrival/i18n/en.json';
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

describe('simple-earn texts', () => {
  test('every English text has its Chinese one and no Chinese text is left over', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(zh)) expect(value, key).not.toBe('');
  });

  test('every key the feature names exists, in its catalogue, the shared one or a component it uses', () => {
    // The redemption-arrival component registers its catalogue with its module, which the redeem
    // dialog and holding cards import.
    // The products page also opens the shared APR-alert dialog, registering its texts.
    // The amount field registers its own catalogue too; the dialogs name its 'enter an amount' reason.
    const known = new Set([
      ...Object.keys(amountInput),
      ...Object.keys(en),
      ...Object.keys(shared),
      ...Object.keys(arrival),
      ...Object.keys(aprAlert),
    ]);
    const missing: string[] = [];
    for (const file of sources(ROOT)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\('([a-zA-Z_][\w.]*)'/g)) {
        const key = m[1] as string;
        if (!known.has(key) && !known.has(`${key}_one`)) missing.push(`${key} (${file.slice(ROOT.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('the dynamic families are complete: record types, modes, VIP recommendations, redeem types', () => {
    for (const n of [1, 2, 3, 4, 5]) expect(en).toHaveProperty([`se.type.${n}`]);
    for (const n of [1, 2, 5, 10, 11, 12, 14, 15, 32]) expect(en).toHaveProperty([`se.mode.${n}`]);
    for (const n of [0, 1, 2, 3]) expect(en).toHaveProperty([`se.vip.recommend.${n}`]);
    for (const n of [1, 2]) expect(en).toHaveProperty([`se.redeemType.${n}`]);
  });
});
