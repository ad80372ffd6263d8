import { Code, type ProductIssue, toWire } from '@earn/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../infra/db/client';
import type { Clock } from '../../infra/jobs/clock';
import { DomainError } from '../../kernel/errors';
import { changedFields, recordAudit } from './audit';
import { guardRates, type RateChange, type RateSpec, rateChangesIn } from './rate-guard';

/**
 * Operator edits change only the fields they name. One mechanism for every operator edit route:
 *
 * - `editSchema(createShape)` is the body of an edit: every field of the creation schema, optional and
 *   WITHOUT its creation default (zod 4 applies a `.default()` even inside `.partial()`/`.optional()`,
 *   so a field left out would be reset). Defaults are stripped structurally, through optional and
 *   nullable wrappers; a nested object (not nullable) becomes an edit of its own fields, so
 *   `{ extra: { redeem_fee } }` keeps the rest of `extra`. Arrays and nullable objects are values:
 *   sent, they replace the stored one whole. `null` is accepted only where the creation schema (the
 *   column) allows it, or where the route names the field `clearable`.
 * - A `Codec` maps each wire field to its column (with the conversion both ways). `setOf` turns the
 *   fields present in a body into the Drizzle `set` of exactly those columns; `snapshot` reads a row
 *   back into wire fields (the audit's before and after, and the edit's merged view).
 * - `applyEdit` runs an edit: snapshot the row, lay the body over it, check the merged product as a
 *   whole (refused whole, writing nothing), write only the named columns, and append the audit record
 *   of the changed fields in the same transaction.
 */

// ---- edit schemas ------------------------------------------------------------------------------

type Bare<T> =
  T extends z.ZodDefault<infer I>
    ? Bare<I>
    : T extends z.ZodPrefault<infer I>
      ? Bare<I>
      : T extends z.ZodOptional<infer I>
        ? Bare<I>
        : T extends z.ZodNullable<infer I>
          ? z.ZodNullable<Bare<I>>
          : T;

type EditOf<T> = Bare<T> extends z.ZodObject<infer S> ? z.ZodObject<EditShape<S>, z.core.$strict> : Bare<T>;

export type EditShape<S extends z.core.$ZodLooseShape> = {
  -readonly [K in keyof S]: z.ZodOptional<EditOf<S[K]>>;
};

type Clearable<S extends z.core.$ZodLooseShape, C extends keyof S> = Omit<EditShape<S>, C> & {
  -readonly [K in C]: z.ZodOptional<z.ZodNullable<EditOf<S[K]>>>;
};

/** A field's schema without any default, through optional and nullable wrappers. */
export function withoutDefault(t: z.ZodType): z.ZodType {
  if (t instanceof z.ZodDefault || t instanceof z.ZodPrefault) return withoutDefault(t.unwrap() as z.ZodType);
  if (t instanceof z.ZodOptional) return withoutDefault(t.unwrap() as z.ZodType);
  if (t instanceof z.ZodNullable) return withoutDefault(t.unwrap() as z.ZodType).nullable();
  return t;
}

function editField(t: z.ZodType, clearable: boolean): z.ZodType {
  let bare = withoutDefault(t);
  if (bare instanceof z.ZodObject) bare = editObject(bare.shape as z.core.$ZodLooseShape, []);
  if (clearable && !(bare instanceof z.ZodNullable)) bare = bare.nullable();
  return bare.optional();
}

function editObject(shape: z.core.$ZodLooseShape, clearable: readonly string[]) {
  const fields: Record<string, z.ZodType> = {};
  for (const [key, t] of Object.entries(shape))
    fields[key] = editField(t as z.ZodType, clearable.includes(key));
  return z.object(fields).strict();
}

/**
 * The body of an edit built from the creation schema's shape: every field optional, no defaults,
 * unknown fields refused. Leave out of `shape` what an edit may not change (e.g. `.omit({ asset })`
 * before taking `.shape`).
 */
export function editSchema<S extends z.core.$ZodLooseShape, C extends keyof S & string = never>(
  shape: S,
  opts: { clearable?: readonly C[] } = {},
): z.ZodObject<Clearable<S, C>, z.core.$strict> {
  return editObject(shape, opts.clearable ?? []) as z.ZodObject<Clearable<S, C>, z.core.$strict>;
}

// ---- codecs ------------------------------------------------------------------------------------

/** One wire field stored in one column. */
export interface Column<Row> {
  kind: 'column';
  column: keyof Row & string;
  toDb(value: unknown): unknown;
  fromDb(value: unknown): unknown;
  /** The APRs the field holds: every change of one passes the operator's rate guard (rate-guard.ts). */
  rate?: RateSpec;
}

/** A nested wire object whose fields are columns of the same row (edited field by field). */
export interface Group<Row> {
  kind: 'group';
  fields: Codec<Row>;
}

export type Codec<Row> = Record<string, Column<Row> | Group<Row>>;

const same = (v: unknown) => v;

/** A column holding the wire value as it is (text, integers, booleans, JSON). */
export function col<Row>(column: keyof Row & string): Column<Row> {
  return { kind: 'column', column, toDb: same, fromDb: same };
}

/** A NUMERIC column: read back in the wire form (no trailing zeros). */
export function amountCol<Row>(column: keyof Row & string): Column<Row> {
  return {
    kind: 'column',
    column,
    toDb: same,
    fromDb: (v) => (v === null || v === undefined ? null : safeWire(String(v))),
  };
}

/** A timestamp column carried as unix seconds on the wire; null stays null. */
export function unixCol<Row>(column: keyof Row & string): Column<Row> {
  return {
    kind: 'column',
    column,
    toDb: (v) => (v === null || v === undefined ? v : new Date(Number(v) * 1000)),
    fromDb: (v) => (v instanceof Date ? Math.floor(v.getTime() / 1000) : null),
  };
}

/** A column with conversions of its own (e.g. a boolean column sent as 0/1). */
export function mappedCol<Row>(
  column: keyof Row & string,
  toDb: (v: unknown) => unknown,
  fromDb: (v: unknown) => unknown,
): Column<Row> {
  return { kind: 'column', column, toDb, fromDb };
}

/**
 * A column holding APRs users see, in `unit`: the value itself (a rate column), or the rates at
 * `paths` inside it ('*.apr' for each ladder tier's, 'rate' for an object's key).
 */
export function rates<Row>(column: Column<Row>, unit: RateSpec['unit'], paths: string[] = ['']): Column<Row> {
  return { ...column, rate: { unit, paths } };
}

export function group<Row>(fields: Codec<Row>): Group<Row> {
  return { kind: 'group', fields };
}

/** The wire form of a stored decimal; a value that is not a number is shown as it is stored. */
function safeWire(v: string): string {
  try {
    return toWire(v);
  } catch {
    return v;
  }
}

const present = (body: object) =>
  Object.entries(body).filter(([, v]) => v !== undefined) as [string, unknown][];

/** The Drizzle `set` of exactly the columns whose wire fields the body names. */
export function setOf<Row>(codec: Codec<Row>, body: object): Partial<Row> {
  const set: Record<string, unknown> = {};
  for (const [key, value] of present(body)) {
    const field = codec[key];
    if (!field) throw new Error(`edit field ${key} has no column`);
    if (field.kind === 'group') Object.assign(set, setOf(field.fields, value as object));
    else set[field.column] = field.toDb(value);
  }
  return set as Partial<Row>;
}

/** A creation's columns: the codec's fields of a whole (parsed) product; other fields are the caller's. */
export function valuesOf<Row>(codec: Codec<Row>, product: object): Partial<Row> {
  const own = Object.entries(product).filter(([key]) => key in codec);
  return setOf(codec, Object.fromEntries(own));
}

/** A row read back as wire fields. */
export function snapshot<Row>(codec: Codec<Row>, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(codec)) {
    out[key] =
      field.kind === 'group'
        ? snapshot(field.fields, row)
        : field.fromDb((row as Record<string, unknown>)[field.column]);
  }
  return out;
}

/**
 * The product as it would be after the edit: the body's fields laid over the stored ones; a group's
 * fields one by one, any other value (arrays, nullable objects) whole.
 */
export function merged<Row>(
  codec: Codec<Row>,
  before: Record<string, unknown>,
  body: object,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...before };
  for (const [key, value] of present(body)) {
    const field = codec[key];
    out[key] =
      field?.kind === 'group' && value !== null && typeof value === 'object'
        ? merged(field.fields, (before[key] ?? {}) as Record<string, unknown>, value)
        : value;
  }
  return out;
}

/**
 * The rates a write sets: every rate (codec `rate`) whose value in `after` differs from `before`'s
 * (null `before`: a new record, every rate is new). `prefix` places a nested record's fields
 * (`pools.0.`).
 */
export function rateChangesOf<Row>(
  codec: Codec<Row>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  prefix = '',
): RateChange[] {
  return Object.entries(codec).flatMap(([key, field]) => {
    if (field.kind === 'group') {
      const nested = (v: unknown) =>
        v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
      return rateChangesOf(
        field.fields,
        before && nested(before[key]),
        nested(after[key]),
        `${prefix}${key}.`,
      );
    }
    if (!field.rate || !(key in after)) return [];
    return rateChangesIn(`${prefix}${key}`, field.rate, before?.[key], after[key], before === null);
  });
}

// ---- refusals and the edit itself --------------------------------------------------------------

/** Refuses a product whole: 400 with the first issue's message key, its field, and every issue. */
export function refuse(issues: readonly ProductIssue[]): void {
  const first = issues[0];
  if (!first) return;
  throw new DomainError(
    Code.INVALID_PARAMS,
    first.key,
    `Invalid ${first.field}: ${first.message}`,
    first.params,
    {
      issues: issues.map((i) => ({ path: i.field, message: i.message, key: i.key })),
    },
  );
}

export interface EditSpec<Row> {
  codec: Codec<Row>;
  /** The row as stored, read in the same transaction (locked where the write races with users). */
  current: Row;
  body: object;
  /** Rules of the product as a whole, checked on the merged product. */
  check?: (product: Record<string, unknown>) => ProductIssue[] | Promise<ProductIssue[]>;
  /**
   * Writes the named columns (never called with none) and answers the row after the edit; `product` is
   * the merged product, for writes whose own checks need the whole of it.
   */
  write: (set: Partial<Row>, product: Record<string, unknown>) => Promise<Row>;
  action: string;
  target: string;
}

/**
 * An operator edit: only the named fields change, the merged product is checked, its rates pass the
 * rate guard, the audit appended. The body's `confirm_rate` is the guard's, not a field.
 */
export async function applyEdit<Row>(
  tx: Db,
  req: FastifyRequest,
  clock: Clock,
  spec: EditSpec<Row>,
): Promise<Row> {
  const { confirm_rate: _confirm, ...body } = spec.body as Record<string, unknown>;
  const before = snapshot(spec.codec, spec.current);
  const product = merged(spec.codec, before, body);
  if (spec.check) refuse(await spec.check(product));
  await guardRates(tx, req, spec.target, rateChangesOf(spec.codec, before, product));
  const set = setOf(spec.codec, body);
  // Drizzle refuses an UPDATE without columns: an edit naming nothing changes nothing.
  const row = Object.keys(set).length > 0 ? await spec.write(set, product) : spec.current;
  await recordAudit(tx, req, clock, {
    action: spec.action,
    target: spec.target,
    ...changedFields(before, snapshot(spec.codec, row)),
  });
  return row;
}

/**
 * The audit record of a creation: no before, the new row's fields after. Its rates, and `rates` of
 * what was created with it (a project's pools, a product's protocols), pass the rate guard first: a
 * refusal rolls the creation back with its transaction.
 */
export async function auditCreation<Row>(
  tx: Db,
  req: FastifyRequest,
  clock: Clock,
  change: {
    action: string;
    target: string;
    codec: Codec<Row>;
    row: Row;
    extra?: Record<string, unknown>;
    rates?: RateChange[];
  },
): Promise<void> {
  const after = snapshot(change.codec, change.row);
  await guardRates(tx, req, change.target, [
    ...rateChangesOf(change.codec, null, after),
    ...(change.rates ?? []),
  ]);
  await recordAudit(tx, req, clock, {
    action: change.action,
    target: change.target,
    before: null,
    after: { ...after, ...change.extra },
  });
}
