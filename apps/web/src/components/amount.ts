/** The generic input's cap (the specs' 999999999999). */
export const AMOUNT_INPUT_CAP = '999999999999';
/** The specs' default number of decimals. */
export const DEFAULT_AMOUNT_PRECISION = 2;

/**
 * What the amount field keeps of what was typed: digits and one dot only (so no negatives and no
 * exponents), a leading '.' as '0.', no superfluous leading zeros, at most `precision` decimals
 * (extra ones are cut, never rounded up), and never above the cap.
 */
export function sanitizeAmountText(raw: string, precision: number = DEFAULT_AMOUNT_PRECISION): string {
  let text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const firstDot = text.indexOf('.');
  if (firstDot >= 0) text = text.slice(0, firstDot + 1) + text.slice(firstDot + 1).replace(/\./g, '');
  if (text.startsWith('.')) text = `0${text}`;
  let [int = '', frac] = text.split('.') as [string, string | undefined];
  int = int.replace(/^0+(?=\d)/, '');
  if (frac !== undefined) {
    if (precision <= 0) frac = undefined;
    else frac = frac.slice(0, precision);
  }
  if (exceedsCap(int, frac ?? '')) return AMOUNT_INPUT_CAP;
  return frac === undefined ? int : `${int}.${frac}`;
}

function exceedsCap(int: string, frac: string): boolean {
  if (int.length !== AMOUNT_INPUT_CAP.length) return int.length > AMOUNT_INPUT_CAP.length;
  if (int > AMOUNT_INPUT_CAP) return true;
  return int === AMOUNT_INPUT_CAP && /[1-9]/.test(frac);
}

/** On blur a trailing dot goes: '12.' becomes '12'. */
export function trimAmountOnBlur(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/**
 * The amount handed upward: a positive plain decimal string without trailing zeros, or null while
 * the text is empty or zero. The form above never sees half-typed text.
 */
export function amountOf(text: string): string | null {
  const t = trimAmountOnBlur(text);
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const normalized = normalizeAmount(t);
  return normalized === '0' ? null : normalized;
}

/** '005.10' → '5.1'; plain decimal strings only. */
export function normalizeAmount(text: string): string {
  let [int = '0', frac = ''] = text.split('.');
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** `max` cut (not rounded) to the precision, for the Max button. */
export function truncateAmount(text: string, precision: number): string {
  const [int = '0', frac = ''] = text.split('.');
  const kept = precision > 0 ? frac.slice(0, precision) : '';
  return normalizeAmount(kept ? `${int}.${kept}` : int);
}
