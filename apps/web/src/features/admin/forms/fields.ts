import { dec, decimalPlaces, fractionToPercent, isPlainDecimal, percentPlaces } from '@earn/domain';
import {
  fractionOfPercent,
  jsonAsFractions,
  jsonAsPercents,
  percentOfFraction,
  percentsBeyond,
} from './percent';

/**
 * The console's record forms are described, not hand-built: each field says how its wire value shows
 * in an input and how the input parses back. From that one description come the form, its
 * validation, the edit's changed fields (and only those are sent) and the review of before → after.
 * Pure functions, so the rules are tested without a browser.
 */

type Keys<T> = Extract<keyof T, string>;
type Nested<T> = {
  [K in Keys<T>]: NonNullable<T[K]> extends readonly unknown[]
    ? never
    : NonNullable<T[K]> extends object
      ? `${K}.${Keys<NonNullable<T[K]>>}`
      : never;
}[Keys<T>];

/** A request body's field names, with `a.b` for a field of a nested object (not of an array). */
export type FieldKey<B> = B extends unknown ? Keys<B> | Nested<B> : never;

/**
 * A form's fields, keyed by the body (or bodies: creation and edit) of the operation it submits to;
 * `Extra` names the fields the page sends elsewhere (a path parameter such as the price's asset).
 */
export type SpecsFor<B, Extra extends string = never> = FieldSpec<FieldKey<B> | Extra>[];

export type FieldKind =
  | 'decimal'
  | 'int'
  | 'text'
  | 'textarea'
  | 'asset'
  | 'bool'
  | 'flag'
  | 'select'
  | 'time'
  | 'json'
  | 'ids';

export interface FieldOption {
  value: string;
  /** A catalogue key, or the text itself when `raw`. */
  label: string;
  raw?: boolean;
}

export interface FieldSpec<K extends string = string> {
  /** The wire name; a dotted name (`extra.redeem_fee`) is a field of a nested object. */
  key: K;
  /** Catalogue key of the label. */
  label: string;
  kind: FieldKind;
  /** Must be given on creation, and cannot be emptied on an edit. */
  required?: boolean;
  /** decimal: most decimals accepted. */
  places?: number;
  /** decimal: greater than zero. */
  positive?: boolean;
  /**
   * decimal: a rate whose wire value is a fraction (0.05), entered and shown as a percent (5); `places`
   * and `max` are the wire's, so 8 places take a percent of 6 and a max of 10 is 1000 %.
   */
  fraction?: boolean;
  /** json: dotted keys (of the value, or of each item of a list) of fractions entered as percents. */
  fractionKeys?: readonly string[];
  /** decimal: highest value accepted (in the wire's unit). */
  max?: string;
  /** decimal: "-1" is accepted and means no limit. */
  unlimited?: boolean;
  /** int: bounds. */
  minInt?: number;
  maxInt?: number;
  /** text: most characters. */
  maxLength?: number;
  /** select: the choices; `numeric` sends the value as a number. */
  options?: FieldOption[];
  numeric?: boolean;
  /** An empty input sends null (e.g. no end time, no bonus coin). */
  nullable?: boolean;
  /** json: a simple-earn ladder (`[{ left, right, apr }]`), edited as rows. */
  ladder?: boolean;
  /** Given at creation only; shown read-only on an edit. */
  createOnly?: boolean;
  /** Not a creation field (e.g. a status opened and closed after). */
  editOnly?: boolean;
  /** The unit shown beside the input and every value in the review: a coin, "%", "days". */
  unit?: string | ((values: FormValues) => string);
  /** Catalogue key of a short help text. */
  help?: string;
  /** How the listed row holds this field when its view differs from the edit's wire value. */
  read?: (row: Record<string, unknown>) => unknown;
  /** A rate whose change on a live product is previewed (holders affected, new cost) before saving. */
  impact?: boolean;
  /** Takes the form's full width (long texts, JSON). */
  wide?: boolean;
}

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

export interface FieldError {
  key: string;
  params?: Record<string, unknown>;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: FieldError };

/** The value at a dotted path of an object. */
export function getPath(obj: Record<string, unknown> | null | undefined, path: string): unknown {
  let at: unknown = obj;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** `2026-01-02 03:04` (UTC) from unix seconds. */
export function formatUtcInput(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Unix seconds from `YYYY-MM-DD HH:mm[:ss]` read as UTC, or null when it is not such a time. */
export function parseUtcInput(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const ms = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over into March: such a date is not one.
  if (back.getUTCMonth() !== (mo as number) - 1 || back.getUTCDate() !== d || (h as number) > 23) return null;
  return ms / 1000;
}

/** The input's text for a wire value. */
export function toFormValue(spec: FieldSpec, wire: unknown): FormValue {
  switch (spec.kind) {
    case 'bool':
      return wire === true || wire === 1 || wire === '1';
    case 'flag':
      return wire === 1 || wire === true || wire === '1';
    case 'time':
      return typeof wire === 'number' && wire > 0 ? formatUtcInput(wire) : '';
    case 'json':
      if (wire === undefined || wire === null) return '';
      return JSON.stringify(spec.fractionKeys ? jsonAsPercents(wire, spec.fractionKeys) : wire, null, 2);
    case 'decimal':
      if (wire === undefined || wire === null) return '';
      return spec.fraction ? percentOfFraction(String(wire)) : String(wire);
    case 'ids':
      return Array.isArray(wire) ? wire.join(', ') : '';
    default:
      return wire === undefined || wire === null ? '' : String(wire);
  }
}

/** The form's starting values: the record's (an edit) or empty (a creation), with any defaults given. */
/** A row of any wire type, read by its field names. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function initialValues(
  specs: FieldSpec[],
  row?: object | null,
  defaults: Record<string, unknown> = {},
): FormValues {
  const values: FormValues = {};
  const record = isRecord(row) ? row : null;
  for (const spec of specs) {
    const wire = record ? (spec.read ? spec.read(record) : getPath(record, spec.key)) : defaults[spec.key];
    values[spec.key] = toFormValue(spec, wire);
  }
  return values;
}

const fail = (key: string, params?: Record<string, unknown>): Parsed => ({
  ok: false,
  error: { key, params },
});
const ok = (value: unknown): Parsed => ({ ok: true, value });

function parseDecimal(spec: FieldSpec, text: string): Parsed {
  if (spec.unlimited && text === '-1') return ok('-1');
  // A minus sign is the one slip the decimal rule would otherwise call "not a number".
  if (!isPlainDecimal(text))
    return fail(
      /^-/.test(text) && isPlainDecimal(text.slice(1)) ? 'admin.form.negative' : 'admin.form.decimal',
    );
  // A percent typed for a fraction is checked as typed (places and bound in percent), sent as the fraction.
  const places = spec.fraction ? percentPlaces(spec.places ?? 18) : (spec.places ?? 18);
  if (decimalPlaces(text) > places) return fail('admin.form.places', { places });
  if (spec.positive && !dec(text).gt(0)) return fail('admin.form.positive');
  const max = spec.max !== undefined && spec.fraction ? fractionToPercent(spec.max) : spec.max;
  if (max !== undefined && dec(text).gt(max)) return fail('admin.form.max', { max });
  return ok(spec.fraction ? fractionOfPercent(text) : text);
}

function parseJson(spec: FieldSpec, text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('admin.form.json');
  }
  if (!spec.fractionKeys) return ok(value);
  const places = percentPlaces(spec.places ?? 8);
  if (percentsBeyond(value, spec.fractionKeys, places)) return fail('admin.form.places', { places });
  return ok(jsonAsFractions(value, spec.fractionKeys));
}

function parseInt10(spec: FieldSpec, text: string): Parsed {
  if (!/^-?\d+$/.test(text)) return fail('admin.form.int');
  const n = Number(text);
  if (!Number.isSafeInteger(n)) return fail('admin.form.int');
  if (spec.minInt !== undefined && n < spec.minInt) return fail('admin.form.minInt', { min: spec.minInt });
  if (spec.maxInt !== undefined && n > spec.maxInt) return fail('admin.form.maxInt', { max: spec.maxInt });
  return ok(n);
}

/**
 * An input's wire value, or why it is refused. An empty input is "not given" (left out of a
 * creation, so the server's default applies), null for a nullable field, "" for a text.
 */
export function parseField(spec: FieldSpec, raw: FormValue): Parsed {
  if (spec.kind === 'bool') return ok(raw === true);
  if (spec.kind === 'flag') return ok(raw === true ? 1 : 0);
  const text = String(raw).trim();
  if (text === '') {
    if (spec.required) return fail('admin.form.required');
    if (spec.nullable) return ok(null);
    if (spec.kind === 'text' || spec.kind === 'textarea') return ok('');
    if (spec.kind === 'ids') return ok([]);
    return ok(undefined);
  }
  switch (spec.kind) {
    case 'decimal':
      return parseDecimal(spec, text);
    case 'int':
      return parseInt10(spec, text);
    case 'text':
    case 'textarea':
      if (spec.maxLength !== undefined && text.length > spec.maxLength)
        return fail('admin.form.maxLength', { max: spec.maxLength });
      return ok(text);
    case 'asset':
      return /^[A-Za-z0-9]{1,16}$/.test(text) ? ok(text.toUpperCase()) : fail('admin.form.asset');
    case 'select': {
      if (spec.options && !spec.options.some((o) => o.value === text)) return fail('admin.form.choice');
      return ok(spec.numeric ? Number(text) : text);
    }
    case 'time': {
      const seconds = parseUtcInput(text);
      return seconds === null ? fail('admin.form.time') : ok(seconds);
    }
    case 'json':
      return parseJson(spec, text);
    case 'ids': {
      const parts = text.split(/[\s,]+/).filter(Boolean);
      if (!parts.every((p) => /^\d+$/.test(p) && Number(p) > 0)) return fail('admin.form.ids');
      return ok(parts.map(Number));
    }
    default:
      return ok(text);
  }
}

export type FormMode = 'create' | 'edit';

/** The fields a mode shows as inputs. */
export function visibleFields(specs: FieldSpec[], mode: FormMode): FieldSpec[] {
  return specs.filter((s) => (mode === 'create' ? !s.editOnly : true));
}

/** The fields a mode lets the operator change. */
export function editableFields(specs: FieldSpec[], mode: FormMode): FieldSpec[] {
  return specs.filter((s) => (mode === 'create' ? !s.editOnly : !s.createOnly));
}

export interface Validated {
  errors: Record<string, FieldError>;
  /** Wire value per field key; undefined when not given. */
  wire: Record<string, unknown>;
}

export function validateForm(specs: FieldSpec[], values: FormValues, mode: FormMode): Validated {
  const errors: Record<string, FieldError> = {};
  const wire: Record<string, unknown> = {};
  for (const spec of editableFields(specs, mode)) {
    const parsed = parseField(spec, values[spec.key] ?? '');
    if (parsed.ok) wire[spec.key] = parsed.value;
    else errors[spec.key] = parsed.error;
  }
  return { errors, wire };
}

/** Two wire values are the same when equal as decimals (0.050 = 0.05) or as JSON. */
export function sameValue(spec: FieldSpec, a: unknown, b: unknown): boolean {
  if (
    spec.kind === 'decimal' &&
    typeof a === 'string' &&
    typeof b === 'string' &&
    isPlainDecimal(a) &&
    isPlainDecimal(b)
  )
    return dec(a).eq(dec(b));
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export interface Change {
  spec: FieldSpec;
  before: unknown;
  after: unknown;
}

/**
 * What an edit changes: each editable field whose value differs from the record's. The record's
 * values go through the same parser as the inputs, so a field the operator did not touch is never a
 * change, whatever the server's spelling of it.
 */
export function changedFields(specs: FieldSpec[], initial: FormValues, values: FormValues): Change[] {
  const changes: Change[] = [];
  for (const spec of editableFields(specs, 'edit')) {
    const now = parseField(spec, values[spec.key] ?? '');
    if (!now.ok) continue;
    const was = parseField({ ...spec, required: false }, initial[spec.key] ?? '');
    const before = was.ok ? was.value : initial[spec.key];
    if (!sameValue(spec, before, now.value)) changes.push({ spec, before, after: now.value });
  }
  return changes;
}

/** A request body from field values: dotted keys become nested objects, values not given are left out. */
export function bodyOf(entries: [string, unknown][]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    const parts = key.split('.');
    let at = body;
    for (const part of parts.slice(0, -1)) {
      if (typeof at[part] !== 'object' || at[part] === null) at[part] = {};
      at = at[part] as Record<string, unknown>;
    }
    at[parts[parts.length - 1] as string] = value;
  }
  return body;
}

/** The body of an edit: the changed fields only. */
export function editBody(changes: Change[]): Record<string, unknown> {
  return bodyOf(changes.map((c) => [c.spec.key, c.after]));
}

/** The body of a creation: every field given. */
export function createBody(specs: FieldSpec[], wire: Record<string, unknown>): Record<string, unknown> {
  return bodyOf(editableFields(specs, 'create').map((s) => [s.key, wire[s.key]]));
}

/** The unit a field's values are shown with, for the form's current values. */
export function unitOf(spec: FieldSpec, values: FormValues): string {
  return typeof spec.unit === 'function' ? spec.unit(values) : (spec.unit ?? '');
}

/**
 * A form's wire values as the body of the operation it submits to. The form's field specs parse and
 * validate each value to its wire type, so the body is the operation's; the call's type names it.
 */
export function formBody<B>(wire: Record<string, unknown>): NonNullable<B> {
  return wire as NonNullable<B>;
}
