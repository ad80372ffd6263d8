import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { I18nTexts } from '../db/schema/columns';

/** The languages users read (mail, inbox items, operator texts). */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of a stored preference or an Accept-Language header; English when unknown. */
export function languageOf(value: string | null | undefined): Language {
  if (!value) return 'en';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en';
}

/**
 * Operator-entered texts in more than one language (a product's name, a project's name, a FAQ).
 *
 * One shape on every operator route that takes such texts: beside the English fields, which keep
 * their names and stay the texts every client has always read, an optional
 * `i18n: { "zh-CN": { <field>: <text> } }` carries the Simplified Chinese variant of any of them,
 * under the English field's own name and with the same limits. A user-facing answer gives each field
 * in the request's language (`Accept-Language`, which the web client sets to its chosen language),
 * and the English text where no variant was written. An edit's `i18n` changes only the fields it
 * names; an empty string removes that field's variant.
 */

/** The languages a variant may be written in; English is the field itself. */
export const TEXT_LANGUAGES = ['zh-CN'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** How texts are stored (`i18n` jsonb column): language → field → text. */
export type { I18nTexts };

/**
 * The zod schema of a line's `i18n` input: each named field with the schema of its variant. Unknown
 * languages and unknown fields are refused (400 common.invalidParams), so a misspelt key never
 * silently keeps a page English.
 */
export function i18nInput<S extends z.core.$ZodLooseShape>(fields: S) {
  const variant = z.object(partialShape(fields)).strict();
  return z
    .object({ 'zh-CN': variant.optional().describe('Simplified Chinese texts, by English field name') })
    .strict()
    .describe(
      'Texts in other languages: {"zh-CN": {field: text}} under the English field names. A user-facing answer ' +
        "gives a field in the request's language (Accept-Language), else the English field. In an edit only the " +
        'fields named change, and an empty string removes that variant.',
    );
}

function partialShape<S extends z.core.$ZodLooseShape>(fields: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [k, t] of Object.entries(fields)) out[k] = (t as z.ZodType).optional();
  return out as { [K in keyof S]: z.ZodOptional<S[K]> };
}

/** A text variant of a field: trimmed, at most `max` characters ("" clears it in an edit). */
export const variantText = (max: number) => z.string().trim().max(max);

/** The language a user-facing answer is written in: the request's Accept-Language, else English. */
export function requestLanguage(req: FastifyRequest): Language {
  return languageOf(req.headers['accept-language']);
}

/** `english` in `lang` when a non-empty variant of `field` was written, else `english` itself. */
export function localized<T>(
  i18n: I18nTexts | null | undefined,
  lang: Language,
  field: string,
  english: T,
): T {
  if (lang === 'en' || !i18n) return english;
  const value = i18n[lang]?.[field];
  if (value === undefined || value === null || value === '') return english;
  if (Array.isArray(value) && value.length === 0) return english;
  return value as T;
}

/**
 * The stored texts after an edit: the edit's fields laid over the stored ones, language by language;
 * an empty string (or empty list) removes a field's variant, and a language left with none is dropped.
 */
export function mergeI18n(before: I18nTexts | null | undefined, edit: I18nTexts): I18nTexts {
  const out: I18nTexts = { ...(before ?? {}) };
  for (const lang of TEXT_LANGUAGES) {
    const changes = edit[lang];
    if (!changes) continue;
    const fields: Record<string, unknown> = { ...(out[lang] ?? {}) };
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) continue;
      if (v === '' || (Array.isArray(v) && v.length === 0)) delete fields[k];
      else fields[k] = v;
    }
    if (Object.keys(fields).length > 0) out[lang] = fields;
    else delete out[lang];
  }
  return out;
}

/** A creation's texts as stored: the variants given, empty ones left out. */
export function storedI18n(input: I18nTexts | undefined): I18nTexts {
  return input ? mergeI18n({}, input) : {};
}

/** Answers in an operator's list: the stored variants as written. */
export const i18nOutput = z
  .record(z.string(), z.record(z.string(), z.unknown()))
  .describe('The stored texts in other languages: {"zh-CN": {field: text}}');
