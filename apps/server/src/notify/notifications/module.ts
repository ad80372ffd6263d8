import { intChoice } from '@earn/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../infra/db/client';
import { notificationSettings } from '../../infra/db/schema';
import { currentUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import type { AppDeps } from '../../kernel/deps';
import type { EarnModule } from '../../kernel/module';

type Settings = typeof notificationSettings.$inferSelect;
type Patch = Partial<
  Pick<Settings, 'candydropStatus' | 'startupMiningSwitch' | 'hodlerNotify' | 'hodlerGtExchange'>
>;

/** CandyDrop task-square status: 1 subscribed, 2 not subscribed. */
export const CANDYDROP_SUBSCRIBED = 1;
export const CANDYDROP_UNSUBSCRIBED = 2;
/** The herald switch key of launch-pool (startup mining) announcements. */
export const STARTUP_MINING_SWITCH = 'startup_mining_switch';
export const HODLER_SETTINGS = {
  HODLER_AIRDROP_NOTIFY: 'hodlerNotify',
  HODLER_AIRDROP_GT_EXCHANGE: 'hodlerGtExchange',
} as const;

/** A user's switches; a user who never chose has every notification off. */
export async function settingsOf(db: Db, userId: number, now: Date): Promise<Settings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return (
    row ?? {
      userId,
      candydropStatus: CANDYDROP_UNSUBSCRIBED,
      startupMiningSwitch: 0,
      hodlerNotify: 0,
      hodlerGtExchange: 0,
      updatedAt: now,
    }
  );
}

export async function saveSettings(db: Db, userId: number, patch: Patch, now: Date): Promise<Settings> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...patch, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...patch, updatedAt: sql`excluded.updated_at` },
    })
    .returning();
  if (!row) throw new Error('notification settings not saved');
  return row;
}

const stringOrNumber01 = z
  .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
  .transform((v) => Number(v));

function registerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const tags = ['notifications'];
  const mine = (req: Parameters<typeof currentUser>[0]) =>
    settingsOf(deps.db, currentUser(req).id, deps.clock.now());

  r.get(
    '/api/web/v1/task-square/global-subscribe-status',
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          'CandyDrop subscription: global_subscribe_status 1 subscribed, 2 not subscribed (the default)',
        response: { 200: envelope(z.object({ global_subscribe_status: z.number() })) },
      },
    },
    async (req) => ok({ global_subscribe_status: (await mine(req)).candydropStatus }),
  );

  r.post(
    '/api/web/v1/task-square/subscribe-msg',
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          'Subscribe to (status 1) or unsubscribe from (status 2) CandyDrop messages; aid -1 means every activity',
        description:
          'Form or JSON {aid, status}. Only aid -1 (all CandyDrop activities) is kept; per-activity subscriptions are not offered.',
        body: z.object({
          aid: intChoice([-1]),
          status: intChoice([CANDYDROP_SUBSCRIBED, CANDYDROP_UNSUBSCRIBED]),
        }),
        response: { 200: envelope(z.object({ global_subscribe_status: z.number() })) },
      },
    },
    async (req) => {
      const saved = await saveSettings(
        deps.db,
        currentUser(req).id,
        { candydropStatus: req.body.status },
        deps.clock.now(),
      );
      return ok({ global_subscribe_status: saved.candydropStatus });
    },
  );

  r.get(
    '/apiw/v2/herald/category/switch',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The user's notification switches (herald)",
        description:
          'items: one per switch, msg_switch its key (startup_mining_switch: launch-pool announcements) and switch_status 0 off / 1 on (off by default).',
        response: {
          200: envelope(
            z.object({
              items: z.array(
                z.object({ msg_switch: z.string(), switch_status: z.number(), name: z.string() }),
              ),
            }),
          ),
        },
      },
    },
    async (req) =>
      ok({
        items: [
          {
            msg_switch: STARTUP_MINING_SWITCH,
            switch_status: (await mine(req)).startupMiningSwitch,
            name: 'Launchpool',
          },
        ],
      }),
  );

  r.post(
    '/apiw/v2/herald/switches',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Set herald switches: JSON {sets: {startup_mining_switch: 0|1}}',
        body: z.object({
          sets: z.object({ [STARTUP_MINING_SWITCH]: z.union([z.literal(0), z.literal(1)]) }).strict(),
        }),
        response: { 200: envelope(z.object({ sets: z.object({ [STARTUP_MINING_SWITCH]: z.number() }) })) },
      },
    },
    async (req) => {
      const value = req.body.sets[STARTUP_MINING_SWITCH];
      const saved = await saveSettings(
        deps.db,
        currentUser(req).id,
        { startupMiningSwitch: value },
        deps.clock.now(),
      );
      return ok({ sets: { [STARTUP_MINING_SWITCH]: saved.startupMiningSwitch } });
    },
  );

  r.post(
    '/apiw/v2/earn/hodler-airdrop/config',
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          'HODLer Airdrop settings (action=config): hodler_notify and hodler_gt_exchange, 0 or 1 (off by default)',
        body: z.object({ action: z.literal('config') }),
        response: { 200: envelope(z.object({ hodler_notify: z.number(), hodler_gt_exchange: z.number() })) },
      },
    },
    async (req) => {
      const s = await mine(req);
      return ok({ hodler_notify: s.hodlerNotify, hodler_gt_exchange: s.hodlerGtExchange });
    },
  );

  r.post(
    '/apiw/v2/earn/hodler-airdrop/config_set',
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          'Set a HODLer Airdrop setting: form {name: HODLER_AIRDROP_NOTIFY | HODLER_AIRDROP_GT_EXCHANGE, value: "1" | "0"}',
        body: z.object({
          name: z.enum(['HODLER_AIRDROP_NOTIFY', 'HODLER_AIRDROP_GT_EXCHANGE']),
          value: stringOrNumber01,
        }),
        response: { 200: envelope(z.object({ hodler_notify: z.number(), hodler_gt_exchange: z.number() })) },
      },
    },
    async (req) => {
      const field = HODLER_SETTINGS[req.body.name];
      const saved = await saveSettings(
        deps.db,
        currentUser(req).id,
        { [field]: req.body.value },
        deps.clock.now(),
      );
      return ok({ hodler_notify: saved.hodlerNotify, hodler_gt_exchange: saved.hodlerGtExchange });
    },
  );
}

/** Notification switches of the launch-pool dialog: CandyDrop, Launchpool (herald) and HODLer Airdrop. */
export const notificationsModule: EarnModule = {
  name: 'notifications',
  routes: registerRoutes,
};
