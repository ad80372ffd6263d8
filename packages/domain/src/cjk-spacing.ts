/**
 * The Chinese texts' one spacing rule, as the web's catalogues write it ("您持有的 USDT 活期理财",
 * "2026/11/28 收益"): a space between a Chinese character and a run of Latin letters or digits, on
 * either side. Full-width punctuation takes none ("（USDT）", "USDT，"). A run may begin with # or $
 * ("订单 #12") and end with % ("变为 5.2% 后").
 */
const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const BEFORE_LATIN = new RegExp(`([${HAN}])([A-Za-z0-9#$])`, 'g');
const AFTER_LATIN = new RegExp(`([A-Za-z0-9%])([${HAN}])`, 'g');

/** The text with a space wherever a Chinese character touches a Latin or digit run. */
export function spaceCjk(text: string): string {
  return text.replace(BEFORE_LATIN, '$1 $2').replace(AFTER_LATIN, '$1 $2');
}

/** Where a Chinese character touches a Latin or digit run in `text` (the pairs, for a test's message). */
export function cjkLatinContacts(text: string): string[] {
  return [...text.matchAll(BEFORE_LATIN), ...text.matchAll(AFTER_LATIN)].map((m) => m[0]);
}
