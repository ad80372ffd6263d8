import {
  aprText,
  asPercent,
  Code,
  dec,
  isRateText,
  RATE_CONFIRM_KEY,
  RATE_JUMP_FACTOR,
  type RateUnit,
  rateConfirmReasons,
  type UnusualRate,
} from '@earn/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../infra/db/client';
import { DomainError } from '../../kernel/errors';
import { readRateSettings } from './rate-settings';

/**
 * One guard for every operator rate change of every line (issue 27): a new APR above the ceiling in
 * the operator's settings, or above RATE_JUMP_FACTOR times the current one, is refused with 422
 * 42230 `operator.rate.confirm`, changing nothing, unless the request says `confirm_rate: true`. The
 * refusal names each such rate (its field, the new and current APR in percent, why), so the console
 * can ask the operator a second time, naming the APR users will see. A confirmed change goes through
 * and its audit record names the rates confirmed (`after.confirmed_rates`).
 *
 * The edit mechanism (patch.ts) calls it for every edit and creation from the columns its codecs mark
 * as rates, so a line's rate is guarded by being declared, not by its route remembering to.
 */

/** Where rates sit in a wire value: '' for the value itself, 'apr' for a key, '*.apr' for each item's. */
export interface RateSpec {
  unit: RateUnit;
  paths: readonly string[];
}

/** One rate as an operator write sets it, in its wire unit; `before` is null for a new record. */
export interface RateChange {
  field: string;
  unit: RateUnit;
  before: string | null;
  after: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The unusual rates this request confirmed, for its audit record. */
    confirmedRates?: UnusualRate[];
  }
}

/** The request's flag, declared in each rate-writing route's body (`confirmRate`). */
export const confirmRate = {
  confirm_rate: z
    .boolean()
    .optional()
    .describe(
      `true: set a rate above the ceiling in the operator settings (GET /admin/api/settings/rates) or above ${RATE_JUMP_FACTOR} ` +
        'times the current one. Without it such a write is refused with 422 code 42230 operator.rate.confirm, changing ' +
        'nothing; data.rates names each rate (field, apr and before_apr in percent, reasons ceiling and/or jump).',
    ),
};

function confirmed(req: FastifyRequest): boolean {
  const body = req.body;
  return typeof body === 'object' && body !== null && 'confirm_rate' in body && body.confirm_rate === true;
}

/** The rates a wire value holds, by path below its field ('' the value itself), for a spec's paths. */
export function ratesIn(spec: RateSpec, value: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (at: unknown, parts: string[], path: string[]) => {
    if (parts.length === 0) {
      if (isRateText(at)) found.set(path.join('.'), at);
      return;
    }
    const [head, ...rest] = parts as [string, ...string[]];
    if (head === '*') {
      if (Array.isArray(at))
        at.forEach((item, i) => {
          walk(item, rest, [...path, String(i)]);
        });
    } else if (at !== null && typeof at === 'object' && head in at) {
      walk((at as Record<string, unknown>)[head], rest, [...path, head]);
    }
  };
  for (const p of spec.paths) walk(value, p === '' ? [] : p.split('.'), []);
  return found;
}

/** The rates that differ between a field's value before (undefined: a new record) and after. */
export function rateChangesIn(
  field: string,
  spec: RateSpec,
  before: unknown,
  after: unknown,
  isNew: boolean,
): RateChange[] {
  const was = isNew ? new Map<string, string>() : ratesIn(spec, before);
  const changes: RateChange[] = [];
  for (const [path, value] of ratesIn(spec, after)) {
    const old = was.get(path) ?? null;
    if (old !== null && dec(old).eq(value)) continue;
    changes.push({
      field: [field, path].filter(Boolean).join('.'),
      unit: spec.unit,
      before: old,
      after: value,
    });
  }
  return changes;
}

/**
 * Refuses the write (422, before anything is written or while its transaction can still roll back)
 * when a rate needs confirming and the request did not confirm it; otherwise notes the confirmed
 * ones on the request for the audit record. `target` names the record as its audit record does.
 */
export async function guardRates(
  tx: Db,
  req: FastifyRequest,
  target: string,
  changes: readonly RateChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const { rate_ceiling_percent: ceiling } = await readRateSettings(tx);
  const unusual: UnusualRate[] = [];
  for (const c of changes) {
    const after = asPercent(c.after, c.unit);
    const before = c.before === null ? null : asPercent(c.before, c.unit);
    const reasons = rateConfirmReasons(before, after, ceiling);
    if (reasons.length > 0)
      unusual.push({ field: c.field, apr: aprText(after), before_apr: before && aprText(before), reasons });
  }
  if (unusual.length === 0) return;
  if (!confirmed(req)) {
    const first = unusual[0] as UnusualRate;
    throw new DomainError(
      Code.RATE_CONFIRMATION_REQUIRED,
      RATE_CONFIRM_KEY,
      `${first.field} ${first.apr} % needs confirming (ceiling ${aprText(ceiling)} %, or more than ${RATE_JUMP_FACTOR} times the current rate): send confirm_rate: true`,
      {
        field: first.field,
        apr: first.apr,
        before_apr: first.before_apr ?? '',
        ceiling: aprText(ceiling),
        factor: RATE_JUMP_FACTOR,
      },
      { target, rates: unusual },
    );
  }
  req.confirmedRates = [...(req.confirmedRates ?? []), ...unusual];
}
