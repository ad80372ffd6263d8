import { DEFAULT_RATE_CEILING_PERCENT, dec, nonNegativeAmount, RATE_JUMP_FACTOR } from '@earn/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../infra/db/client';
import { appSettings } from '../../infra/db/schema';

/** The operator's guard rails on rate changes (operator/rate-guard.ts); each has a default until set. */
export const rateSettings = z.object({
  rate_ceiling_percent: nonNegativeAmount(2)
    .refine((s) => dec(s).gt(0) && dec(s).lte(1000), { message: 'the ceiling is above 0 and at most 1000 %' })
    .describe(
      `The highest APR (percent, default ${DEFAULT_RATE_CEILING_PERCENT}) an operator sets without a second confirmation; ` +
        `a rate above it, or above ${RATE_JUMP_FACTOR} times the current one, is refused with 42230 operator.rate.confirm ` +
        'until the request carries confirm_rate: true',
    ),
});
export type RateSettings = z.infer<typeof rateSettings>;

const KEY = 'rates';

export const rateDefaults = (): RateSettings => ({ rate_ceiling_percent: DEFAULT_RATE_CEILING_PERCENT });

/** The stored settings over the defaults: a key never set keeps its default. */
export async function readRateSettings(db: Db): Promise<RateSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  const stored = rateSettings.partial().safeParse(row?.value ?? {});
  return { ...rateDefaults(), ...(stored.success ? stored.data : {}) };
}

/** Writes the named fields, keeping the rest; answers the settings before and after. */
export async function writeRateSettings(
  db: Db,
  change: Partial<RateSettings>,
  at: Date,
): Promise<{ before: RateSettings; after: RateSettings }> {
  const before = await readRateSettings(db);
  const after = { ...before, ...change };
  await db
    .insert(appSettings)
    .values({ key: KEY, value: after, updatedAt: at })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: after, updatedAt: at } });
  return { before, after };
}
