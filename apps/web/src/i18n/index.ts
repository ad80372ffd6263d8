// The one module, not the package's index: the shell's first route stays free of the money code.
import { spaceCjk } from '@earn/domain/cjk-spacing';
import dayjs from 'dayjs';
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setContentLanguage } from '../api/client';
import en from './en.json';

export const LANGUAGES = [
  { code: 'en', label: 'English', dayjs: 'en', dateFormat: 'YYYY-MM-DD' },
  { code: 'zh-CN', label: '简体中文', dayjs: 'zh-cn', dateFormat: 'YYYY-MM-DD' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'earn.lang';

export type MessageKey = keyof typeof en;

function initialLanguage(): LanguageCode {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  if (stored === 'en' || stored === 'zh-CN') return stored;
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'en';
  return nav.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function languageInfo(code: string) {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

function applyLanguage(code: string): void {
  dayjs.locale(languageInfo(code).dayjs);
  setContentLanguage(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/**
 * English ships with the app; other catalogues load when chosen. Loaded languages are tracked here,
 * not read off i18next: a lazy feature may merge its own Chinese texts before the shell's catalogue
 * is in, and the shell must still load its own then.
 */
const loadedCatalogues = new Set<string>(['en']);
async function loadCatalogue(code: string): Promise<void> {
  if (loadedCatalogues.has(code)) return;
  if (code === 'zh-CN') {
    i18next.addResourceBundle(code, 'translation', (await import('./zh-CN.json')).default, true, false);
    loadedCatalogues.add(code);
  }
}

const startLanguage = initialLanguage();

/**
 * The Chinese texts' spacing rule (`spaceCjk`: "您在 Launchpool 赎回的 5 USDT") on what a text becomes
 * once its values are in: the catalogues follow it (catalogues.test.ts), and a coin, an amount or a
 * name put into a text meets its Chinese words the same way.
 */
const cjkSpacing: PostProcessorModule = {
  type: 'postProcessor',
  name: 'cjkSpacing',
  process: (value, _key, _options, translator: { language?: string }) =>
    translator.language === 'zh-CN' ? spaceCjk(value) : value,
};

// Keys are flat and contain dots ('finances.noData'), exactly as the specs and the server name them.
void i18next
  .use(initReactI18next)
  .use(cjkSpacing)
  .init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    postProcess: ['cjkSpacing'],
  });
applyLanguage(i18next.language);
i18next.on('languageChanged', applyLanguage);

/** Resolves once the user's language is loaded; main.tsx renders after it, so nothing flashes in English. */
export const i18nReady: Promise<void> =
  startLanguage === 'en'
    ? Promise.resolve()
    : loadCatalogue(startLanguage).then(
        () => void i18next.changeLanguage(startLanguage),
        () => undefined,
      );

export async function setLanguage(code: LanguageCode): Promise<void> {
  localStorage.setItem(STORAGE_KEY, code);
  await loadCatalogue(code);
  await i18next.changeLanguage(code);
}

/** Server error data is `{key, params}`: the catalogue's text when we know the key, else the fallback. */
export function translateKey(
  key: string | undefined,
  params: Record<string, unknown> | undefined,
  fallback: string,
): string {
  if (key && i18next.exists(key)) return i18next.t(key, withAliases(params ?? {})) as string;
  return fallback;
}

/**
 * The specs name some values differently in different lines (staking sends `number` and `precision`
 * where the shared texts say `amount` and `places`): either name fills the text.
 */
function withAliases(params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  if (out.amount === undefined && out.number !== undefined) out.amount = out.number;
  if (out.places === undefined && out.precision !== undefined) out.places = out.precision;
  return out;
}

/**
 * The app's one date format, the specs' "YYYY-MM-DD HH:mm" (staking-wealth.md 9) in every language:
 * a month/day order read as day/month elsewhere made 11/27 and 27/11 the same day. Always on the
 * server's time zone, UTC, which the product's rules speak of (a day's interest, 00:00 UTC
 * distributions); a time is written with its zone. Accepts unix seconds or a Date.
 */
export function formatDate(value: number | Date, withTime = false): string {
  const d = typeof value === 'number' ? new Date(value * 1000) : value;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = languageInfo(i18next.language)
    .dateFormat.replace('YYYY', String(d.getUTCFullYear()))
    .replace('MM', pad(d.getUTCMonth() + 1))
    .replace('DD', pad(d.getUTCDate()));
  return withTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC` : day;
}

export function dateFormatFor(code: string): string {
  return languageInfo(code).dateFormat;
}

export { i18next };
