import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../infra/db/client';
import { appSettings } from '../infra/db/schema';
import type { Config } from '../kernel/config';

/** The security settings an operator may change at run time; each has a default until set. */
export const securitySettings = z.object({
  fundpass_before_first_move: z
    .boolean()
    .describe(
      'A user without a funding password must set one before the first subscription, stake or purchase (answer 10010107 fundpass.setupRequired)',
    ),
});
export type SecuritySettings = z.infer<typeof securitySettings>;

const KEY = 'security';

export function securityDefaults(config: Pick<Config, 'fundpassFirstMove'>): SecuritySettings {
  return { fundpass_before_first_move: config.fundpassFirstMove ?? true };
}

/** The stored settings over the defaults: a key never set keeps its default. */
export async function readSecuritySettings(
  db: Db,
  config: Pick<Config, 'fundpassFirstMove'>,
): Promise<SecuritySettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  const stored = securitySettings.partial().safeParse(row?.value ?? {});
  return { ...securityDefaults(config), ...(stored.success ? stored.data : {}) };
}

/** Writes the named fields, keeping the rest; answers the settings before and after. */
export async function writeSecuritySettings(
  db: Db,
  config: Pick<Config, 'fundpassFirstMove'>,
  change: Partial<SecuritySettings>,
  at: Date,
): Promise<{ before: SecuritySettings; after: SecuritySettings }> {
  const before = await readSecuritySettings(db, config);
  const after = { ...before, ...change };
  await db
    .insert(appSettings)
    .values({ key: KEY, value: after, updatedAt: at })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: after, updatedAt: at } });
  return { before, after };
}

/**
 * readSecuritySettings' fundpass_before_first_move as an SQL expression, for a statement that decides
 * on it in its own read (the money gate's fast path): the stored boolean, else the default.
 */
export function firstMoveSettingSql(config: Pick<Config, 'fundpassFirstMove'>): SQL {
  const fallback = securityDefaults(config).fundpass_before_first_move;
  return sql`COALESCE((SELECT CASE WHEN jsonb_typeof(value->'fundpass_before_first_move') = 'boolean'
      THEN (value->>'fundpass_before_first_move')::boolean END
    FROM app_settings WHERE key = ${KEY}), ${fallback})`;
}
