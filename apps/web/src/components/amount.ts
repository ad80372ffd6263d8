/** The generic input's cap (the specs' 999999999999). */
export const AMOUNT_INPUT_CAP = '999999999999';
/** The specs' default number of decimals. */
export const DEFAULT_AMOUNT_PRECISION = 2;

/** How a language writes 1,234.5: its grouping and decimal separators. */
export interface Separators {
  group: string;
  decimal: string;
}

const EN_SEPARATORS: Separators = { group: ',', decimal: '.' };

/** The separators of a locale ('en', 'zh-CN' → ',' and '.'; 'de' → '.' and ','). */
export function separatorsFor(locale: string): Separators {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    const group = parts.find((p) => p.type === 'group')?.value ?? ',';
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    // Narrow and ordinary no-break spaces group digits in French and others; they are typed as spaces.
    return { group: /\s/.test(group) ? ' ' : group, decimal };
  } catch {
    return EN_SEPARATORS;
  }
}

/** Why typed text is not an amount; each reason has a message under the field. */
export type AmountProblem =
  | { reason: 'exponent' }
  | { reason: 'sign' }
  | { reason: 'format'; decimal: string }
  | { reason: 'decimals'; places: number }
  | { reason: 'cap'; cap: string };

/** An amount (a plain positive decimal string; null for empty or zero), or why the text is refused. */
export type ParsedAmount = { ok: true; amount: string | null } | ({ ok: false } & AmountProblem);

export interface ParseOptions {
  /** Decimal places allowed; more is refused, never cut. */
  precision: number;
  separators?: Separators;
  cap?: string;
}

/**
 * Reads what the user typed or pasted, in their language's notation: '1,000.5' is 1000.5 in English.
 * Spaces are ignored (pasted '1 000'); grouping must sit every three digits ('1,5' is refused rather
 * than read as 15 or 1.5); a sign, an exponent, letters, more decimals than `precision` or an amount
 * above the cap are refused with the reason. Nothing is ever cut or rounded.
 */
export function parseAmount(text: string, opts: ParseOptions): ParsedAmount {
  const { group, decimal } = opts.separators ?? EN_SEPARATORS;
  const cap = opts.cap ?? AMOUNT_INPUT_CAP;
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return { ok: true, amount: null };
  if (/^[+\-\u2212]/.test(compact)) return { ok: false, reason: 'sign' };
  if (/^[\d.,]*\d[eE]/.test(compact)) return { ok: false, reason: 'exponent' };
  const groupChar = group === ' ' ? '' : group;
  const allowed = new RegExp(`^[\\d${escapeRegExp(decimal)}${escapeRegExp(groupChar)}]+$`);
  if (!allowed.test(compact)) return { ok: false, reason: 'format', decimal };
  const pieces = compact.split(decimal);
  if (pieces.length > 2) return { ok: false, reason: 'format', decimal };
  const [intText = '', frac = ''] = pieces;
  if (groupChar && frac.includes(groupChar)) return { ok: false, reason: 'format', decimal };
  if (groupChar && intText.includes(groupChar)) {
    const grouped = new RegExp(`^\\d{1,3}(${escapeRegExp(groupChar)}\\d{3})+$`);
    if (!grouped.test(intText)) return { ok: false, reason: 'format', decimal };
  }
  const digits = groupChar ? intText.split(groupChar).join('') : intText;
  if (digits === '' && frac === '') return { ok: false, reason: 'format', decimal };
  if (frac.length > opts.precision) return { ok: false, reason: 'decimals', places: opts.precision };
  const amount = normalizeAmount(frac ? `${digits || '0'}.${frac}` : digits || '0');
  if (exceeds(amount, cap)) return { ok: false, reason: 'cap', cap };
  return { ok: true, amount: amount === '0' ? null : amount };
}

/**
 * What the amount field keeps of typed or pasted text (launch-pool.md section 5, the one rule for every
 * line's amount field): no sign ("no negatives": a minus or plus is dropped), no digit past the
 * precision (dropped as it is typed; at precision 0 the decimal separator too), and a leading decimal
 * separator becomes '0.'. Anything else stays as typed, for `parseAmount` to refuse with its reason
 * (an exponent, letters, a misplaced group separator, above the cap): dropping those could change the
 * amount's size ('1e5' is not 15).
 */
export function filterAmountText(text: string, opts: { precision: number; separators?: Separators }): string {
  const { decimal } = opts.separators ?? EN_SEPARATORS;
  let kept = text.replace(/[-+\u2212]/g, '');
  const lead = /^[\s\u00a0\u202f]*/.exec(kept)?.[0] ?? '';
  if (kept.slice(lead.length).startsWith(decimal)) kept = `${lead}0${kept.slice(lead.length)}`;
  const at = kept.indexOf(decimal);
  if (at < 0) return kept;
  if (opts.precision <= 0) return kept.slice(0, at);
  let digits = 0;
  let tail = '';
  for (const ch of kept.slice(at + decimal.length)) {
    if (/\d/.test(ch)) {
      digits += 1;
      if (digits > opts.precision) continue;
    }
    tail += ch;
  }
  return `${kept.slice(0, at + decimal.length)}${tail}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** a > b for plain non-negative decimal strings. */
function exceeds(a: string, b: string): boolean {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length > bi.length;
  if (ai !== bi) return ai > bi;
  const width = Math.max(af.length, bf.length);
  return af.padEnd(width, '0') > bf.padEnd(width, '0');
}

/** An amount as the field shows it once typed: grouped in the user's notation ('1234.5' → '1,234.5'). */
export function formatAmountText(amount: string, separators: Separators = EN_SEPARATORS): string {
  const [int = '0', frac] = amount.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group);
  return frac === undefined ? grouped : `${grouped}${separators.decimal}${frac}`;
}

/**
 * What a two-decimal rate field keeps of what was typed (the minimum-APR form): digits and one dot,
 * at most `precision` decimals. Amount fields filter less (`filterAmountText`) and refuse the rest (`parseAmount`).
 */
export function sanitizeAmountText(raw: string, precision: number = DEFAULT_AMOUNT_PRECISION): string {
  let text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const firstDot = text.indexOf('.');
  if (firstDot >= 0) text = text.slice(0, firstDot + 1) + text.slice(firstDot + 1).replace(/\./g, '');
  if (text.startsWith('.')) text = `0${text}`;
  let [int = '', frac] = text.split('.') as [string, string | undefined];
  int = int.replace(/^0+(?=\d)/, '');
  if (frac !== undefined) frac = precision <= 0 ? undefined : frac.slice(0, precision);
  if (exceeds(normalizeAmount(`${int || '0'}${frac ? `.${frac}` : ''}`), AMOUNT_INPUT_CAP))
    return AMOUNT_INPUT_CAP;
  return frac === undefined ? int : `${int}.${frac}`;
}

/** On blur a trailing dot goes: '12.' becomes '12'. */
export function trimAmountOnBlur(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/** '005.10' → '5.1'; plain decimal strings only. */
export function normalizeAmount(text: string): string {
  let [int = '0', frac = ''] = text.split('.');
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** `max` cut (not rounded) to the precision, for the Max button: the user chose it, and never more. */
export function truncateAmount(text: string, precision: number): string {
  const [int = '0', frac = ''] = text.split('.');
  const kept = precision > 0 ? frac.slice(0, precision) : '';
  return normalizeAmount(kept ? `${int}.${kept}` : int);
}
