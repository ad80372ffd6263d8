import { sql } from 'drizzle-orm';
import { bigint, bigserial, integer, jsonb, numeric, text, timestamp } from 'drizzle-orm/pg-core';

// Column builders that every product line's schema repeats. Each is a function, not a shared
// builder, because a Drizzle builder is mutated by `.notNull()`, `.default()` and the like.

/** Every amount column: NUMERIC(38,18), read as a decimal string. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** A point in time: timestamptz, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was written. */
export const createdAt = () => ts('created_at').notNull();

/** When the row last changed. */
export const updatedAt = () => ts('updated_at').notNull();

/** created_at and updated_at, for a row that changes after it is written; spread where both stand. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A 64-bit key read as a JS number: ids stay far below 2^53. */
export const bigintId = (name: string) => bigint(name, { mode: 'number' });

/** The surrogate primary key `id` of a table whose rows are many. */
export const idPrimaryKey = () => bigserial('id', { mode: 'number' }).primaryKey();

/** The user a row belongs to. */
export const userRef = () => bigintId('user_id').notNull();

/** The product (of the table's own product line) a row belongs to. */
export const productRef = () => integer('product_id').notNull();

/** A required asset symbol ('BTC'), such as `asset`, `coin` or `reward_coin`. */
export const assetSymbol = (name: string) => text(name).notNull();

/** Operator texts in other languages, language → field → text (see `http/texts.ts`). */
export type I18nTexts = Partial<Record<'zh-CN', Record<string, unknown>>>;

/** The `i18n` column of a row with operator-entered texts; `{}` while only English was written. */
export const i18nTexts = () => jsonb('i18n').$type<I18nTexts>().notNull().default(sql`'{}'::jsonb`);
