import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/client';
import { notificationSettings } from '../../infra/db/schema';
import { currentUser } from '../../infra/http/auth';
import { ok } from '../../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../../infra/http/route-table';
import type { AppDeps } from '../../kernel/deps';
import type { EarnModule } from '../../kernel/module';
import * as s from './schema';
import { CANDYDROP_UNSUBSCRIBED, STARTUP_MINING_SWITCH } from './schema';

type Settings = typeof notificationSettings.$inferSelect;
type Patch = Partial<
  Pick<Settings, 'candydropStatus' | 'startupMiningSwitch' | 'hodlerNotify' | 'hodlerGtExchange'>
>;

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

/** The signed-in user's switches. */
const mine = (deps: AppDeps, req: Parameters<typeof currentUser>[0]) =>
  settingsOf(deps.db, currentUser(req).id, deps.clock.now());

async function globalSubscribeStatus(deps: AppDeps, req: RouteRequest<typeof s.globalSubscribeStatusSchema>) {
  return ok({ global_subscribe_status: (await mine(deps, req)).candydropStatus });
}

async function subscribeMessages(deps: AppDeps, req: RouteRequest<typeof s.subscribeMessagesSchema>) {
  const saved = await saveSettings(
    deps.db,
    currentUser(req).id,
    { candydropStatus: req.body.status },
    deps.clock.now(),
  );
  return ok({ global_subscribe_status: saved.candydropStatus });
}

async function heraldSwitch(deps: AppDeps, req: RouteRequest<typeof s.heraldSwitchSchema>) {
  return ok({
    items: [
      {
        msg_switch: STARTUP_MINING_SWITCH,
        switch_status: (await mine(deps, req)).startupMiningSwitch,
        name: 'Launchpool',
      },
    ],
  });
}

async function heraldSwitches(deps: AppDeps, req: RouteRequest<typeof s.heraldSwitchesSchema>) {
  const value = req.body.sets[STARTUP_MINING_SWITCH];
  const saved = await saveSettings(
    deps.db,
    currentUser(req).id,
    { startupMiningSwitch: value },
    deps.clock.now(),
  );
  return ok({ sets: { [STARTUP_MINING_SWITCH]: saved.startupMiningSwitch } });
}

async function hodlerConfig(deps: AppDeps, req: RouteRequest<typeof s.hodlerConfigSchema>) {
  const settings = await mine(deps, req);
  return ok({ hodler_notify: settings.hodlerNotify, hodler_gt_exchange: settings.hodlerGtExchange });
}

async function setHodlerConfig(deps: AppDeps, req: RouteRequest<typeof s.setHodlerConfigSchema>) {
  const field = HODLER_SETTINGS[req.body.name];
  const saved = await saveSettings(
    deps.db,
    currentUser(req).id,
    { [field]: req.body.value },
    deps.clock.now(),
  );
  return ok({ hodler_notify: saved.hodlerNotify, hodler_gt_exchange: saved.hodlerGtExchange });
}

const notificationRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/api/web/v1/task-square/global-subscribe-status',
    access: 'user',
    schema: s.globalSubscribeStatusSchema,
    handler: globalSubscribeStatus,
  }),
  route({
    method: 'POST',
    path: '/api/web/v1/task-square/subscribe-msg',
    access: 'user',
    schema: s.subscribeMessagesSchema,
    handler: subscribeMessages,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/herald/category/switch',
    access: 'user',
    schema: s.heraldSwitchSchema,
    handler: heraldSwitch,
  }),
  route({
    method: 'POST',
    path: '/apiw/v2/herald/switches',
    access: 'user',
    schema: s.heraldSwitchesSchema,
    handler: heraldSwitches,
  }),
  route({
    method: 'POST',
    path: '/apiw/v2/earn/hodler-airdrop/config',
    access: 'user',
    schema: s.hodlerConfigSchema,
    handler: hodlerConfig,
  }),
  route({
    method: 'POST',
    path: '/apiw/v2/earn/hodler-airdrop/config_set',
    access: 'user',
    schema: s.setHodlerConfigSchema,
    handler: setHodlerConfig,
  }),
];

function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, notificationRoutes);
}

/** Notification switches of the launch-pool dialog: CandyDrop, Launchpool (herald) and HODLer Airdrop. */
export const notificationsModule: EarnModule = {
  name: 'notifications',
  routes: registerNotificationRoutes,
};
