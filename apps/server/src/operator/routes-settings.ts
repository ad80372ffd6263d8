import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readSecuritySettings, securitySettings, writeSecuritySettings } from '../accounts/app-settings';
import { changedFields, recordAudit } from '../accounts/operators/audit';
import { operatorGuard } from '../accounts/operators/guard';
import { rateSettings, readRateSettings, writeRateSettings } from '../accounts/operators/rate-settings';
import type { Db } from '../infra/db/client';
import { envelope, ok } from '../infra/http/envelope';
import type { AppDeps } from '../kernel/deps';

const settingsResponse = envelope(securitySettings);
const rateSettingsResponse = envelope(rateSettings);

/** Run-time settings (users' security, the operator's rate guard); a write is admin-only and audited. */
export function registerSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator'];

    r.get(
      '/admin/api/settings/security',
      {
        schema: {
          tags,
          summary: "Users' security settings (each at its default until set)",
          response: { 200: settingsResponse },
        },
      },
      async () => ok(await readSecuritySettings(deps.db, deps.config)),
    );

    r.put(
      '/admin/api/settings/security',
      {
        schema: {
          tags,
          summary: "Change users' security settings; only the fields named change",
          body: securitySettings.partial(),
          response: { 200: settingsResponse },
        },
      },
      async (req) =>
        deps.db.transaction(async (t) => {
          const tx: Db = t;
          const { before, after } = await writeSecuritySettings(tx, deps.config, req.body, deps.clock.now());
          await recordAudit(tx, req, deps.clock, {
            action: 'settings.security.update',
            target: 'settings:security',
            ...changedFields(before, after),
          });
          return ok(after);
        }),
    );

    r.get(
      '/admin/api/settings/rates',
      {
        schema: {
          tags,
          summary: "The operator's guard rails on rate changes (each at its default until set)",
          response: { 200: rateSettingsResponse },
        },
      },
      async () => ok(await readRateSettings(deps.db)),
    );

    r.put(
      '/admin/api/settings/rates',
      {
        schema: {
          tags,
          summary: "Change the operator's guard rails on rate changes; only the fields named change (admin)",
          body: rateSettings.partial().strict(),
          response: { 200: rateSettingsResponse },
        },
      },
      async (req) =>
        deps.db.transaction(async (t) => {
          const tx: Db = t;
          const { before, after } = await writeRateSettings(tx, req.body, deps.clock.now());
          await recordAudit(tx, req, deps.clock, {
            action: 'settings.rates.update',
            target: 'settings:rates',
            ...changedFields(before, after),
          });
          return ok(after);
        }),
    );
  });
}
