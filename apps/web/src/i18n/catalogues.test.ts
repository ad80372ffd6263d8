import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { cjkLatinContacts } from '@earn/domain';
import { describe, expect, test } from 'vitest';
import { i18next } from './index';

/**
 * Every catalogue of the web app (the shell's, each feature's, each shared component's): the
 * Simplified Chinese one has every key of the English one, and none of its texts is still English.
 * The glossary (GLOSSARY.md beside this file) names the one Chinese word for each product term; its
 * forbidden variants appear in no Chinese text.
 */
const SRC = join(__dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

type Catalogue = Record<string, string>;
const read = (path: string): Catalogue => JSON.parse(readFileSync(path, 'utf8'));

/** Each en.json with the zh-CN.json beside it. */
export const PAIRS = files(SRC)
  .filter((p) => p.endsWith('/en.json'))
  .map((en) => ({
    name: relative(SRC, dirname(en)),
    en: read(en),
    zh: read(join(dirname(en), 'zh-CN.json')),
  }));

/**
 * Words that stay in Latin letters in Chinese texts: tickers and the names of things (the exchange's
 * products, standards, units). Anything else in Latin letters is an English text left untranslated.
 */
const KEPT = [
  'APR',
  'API',
  'CSV',
  'UTC',
  'VIP',
  'Launchpool',
  'CandyDrop',
  'HODLer',
  'Airdrop',
  'Earn',
  'Sniper',
  'DeFi',
  'NAV',
  'ID',
  'IP',
  'TOTP',
  'Google',
  'Authenticator',
  'Email',
  'JSON',
  'URL',
  'SMTP',
  'HTTP',
  'OpenAPI',
  'PostgreSQL',
  'PGlite',
  'Redis',
  'UI',
  'KYC',
  'FAQ',
  'USD',
  'OK',
  'Max',
  'MAX',
];

/** What is left of a text once placeholders, markup, tickers, kept names and numbers are taken out. */
export function latinLeft(text: string): string {
  let rest = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<\/?\w+[^>]*>/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    // Code the operator types or the user checks (JSON, field names, hash inputs) stays as it is.
    .replace(/"[^"]*"/g, ' ')
    .replace(/\S*[_|]\S*/g, ' ');
  for (const word of KEPT) rest = rest.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
  // Tickers: a run of capitals and digits (USDT, GT, ETH2, 2FA).
  rest = rest.replace(/\b[A-Z0-9]{2,10}\b/g, ' ').replace(/\b\d[\d.,:%]*\b/g, ' ');
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).join(' ');
}

describe('catalogues', () => {
  test('there are catalogues to check', () => {
    expect(PAIRS.length).toBeGreaterThan(10);
  });

  test.each(PAIRS.map((p) => [p.name, p] as const))(
    '%s: zh-CN has every key of en and no key en lacks',
    (_, p) => {
      expect(Object.keys(p.zh).filter((k) => !(k in p.en))).toEqual([]);
      // Chinese has no singular: an English `_one` form needs only the key's other form in Chinese.
      const missing = Object.keys(p.en).filter(
        (k) => !(k in p.zh) && !(k.endsWith('_one') && k.replace(/_one$/, '') in p.zh),
      );
      expect(missing).toEqual([]);
    },
  );

  test.each(PAIRS.map((p) => [p.name, p] as const))('%s: no Chinese text is still English', (_, p) => {
    const english = Object.entries(p.zh)
      .filter(([key, zh]) =>
        zh === p.en[key] ? latinLeft(zh) !== '' : /[A-Za-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}/.test(latinLeft(zh)),
      )
      .map(([key, zh]) => `${key}: ${zh}`);
    expect(english).toEqual([]);
  });

  test('the check refuses English and accepts tickers, numbers and placeholders', () => {
    expect(latinLeft('Redeem {{amount}} USDT')).toBe('Redeem');
    expect(latinLeft('{{amount}} USDT')).toBe('');
    expect(latinLeft('APR 0.05% · GT')).toBe('');
    expect(latinLeft('Launchpool 挖矿')).toBe('');
  });
});

/** The glossary's forbidden variants, from its table's third column. */
export function forbiddenTerms(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| ---') && !line.startsWith('| English'))
    .flatMap((line) => (line.split('|')[3] ?? '').split('/'))
    .map((word) => word.trim())
    .filter(Boolean);
}

describe('glossary', () => {
  const glossary = readFileSync(join(__dirname, 'GLOSSARY.md'), 'utf8');
  const forbidden = forbiddenTerms(glossary);
  const docs = readFileSync(join(SRC, 'features/docs/content/zh-CN.ts'), 'utf8');

  test('names forbidden variants', () => {
    expect(forbidden).toContain('订阅');
    expect(forbidden).toContain('续投');
  });

  test('no Chinese text uses a forbidden variant', () => {
    const found: string[] = [];
    for (const p of PAIRS)
      for (const [key, text] of Object.entries(p.zh))
        for (const word of forbidden) if (text.includes(word)) found.push(`${p.name} ${key}: ${word}`);
    for (const word of forbidden) if (docs.includes(word)) found.push(`docs: ${word}`);
    expect(found).toEqual([]);
  });
});

/**
 * Chinese texts whose Chinese touches Latin letters or digits on purpose (each with why). None: a
 * formula or a code is quoted, and a quotation is left as it is written.
 */
const SPACING_EXCEPTIONS: readonly string[] = [];

/** The text with its placeholders, markup and quoted code taken out (none of them is prose). */
const prose = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, '·')
    .replace(/<\/?\w+[^>]*>/g, '·')
    .replace(/\$t\([^)]*\)/g, '·')
    .replace(/"[^"]*"/g, '·');

describe('Chinese spacing: a space between Chinese and a Latin word or a number (spaceCjk)', () => {
  test('no Chinese text of any catalogue has a Chinese character touching a Latin word or a number', () => {
    const found = PAIRS.flatMap((p) =>
      Object.entries(p.zh)
        .filter(
          ([key, text]) => !SPACING_EXCEPTIONS.includes(key) && cjkLatinContacts(prose(text)).length > 0,
        )
        .map(([key, text]) => `${p.name} ${key}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  test("a value put into a Chinese text is spaced the same way (a coin, a product's name)", async () => {
    i18next.addResource('zh-CN', 'translation', 'test.spacing', '将{{subject}}的年化设为 {{apr}}%？');
    await i18next.changeLanguage('zh-CN');
    try {
      expect(i18next.t('test.spacing', { subject: 'USDT 活期', apr: '5' })).toBe(
        '将 USDT 活期的年化设为 5%？',
      );
      expect(i18next.t('test.spacing', { subject: '项目', apr: '5' })).toBe('将项目的年化设为 5%？');
    } finally {
      await i18next.changeLanguage('en');
    }
    expect(i18next.t('common.labelValue', { label: 'APR', value: '5%' })).toBe('APR: 5%');
  });
});
