import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, createdAt, idPrimaryKey, money, ts, updatedAt, userRef } from './columns';

/**
 * Mail waiting to be sent, written in the transaction of whatever caused it (transactional outbox).
 * The sender takes pending rows with FOR UPDATE SKIP LOCKED, so two instances never send one twice;
 * without SMTP_URL rows stay here and the operator API lists them.
 */
export const mailOutbox = pgTable(
  'outbox',
  {
    id: idPrimaryKey(),
    userId: bigintId('user_id'),
    to: text('to').notNull(),
    language: text('language').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A failed send is not retried before this instant (backoff). */
    nextAttemptAt: ts('next_attempt_at'),
  },
  (t) => [
    index('outbox_pending_idx').on(t.createdAt).where(sql`sent_at IS NULL`),
    index('outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * A user's inbox. `kind` and `params` are stored, and the title and body rendered in the reader's
 * language when read. `cause` is unique per user and kind: the job or call that causes an item inserts
 * it with ON CONFLICT DO NOTHING, so a rerun or a second instance creates none.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    kind: text('kind').notNull(),
    cause: text('cause').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_cause_uq').on(t.userId, t.kind, t.cause),
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL`),
  ],
);

/** Per user: the language of mail and notifications, and the kinds also sent by mail. */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: bigintId('user_id').primaryKey(),
  language: text('language').notNull().default('en'),
  mailKinds: jsonb('mail_kinds').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: updatedAt(),
});

/**
 * "Tell me when the APR of this product is above / below X". `satisfied` is the condition's state at
 * the last rate seen: an alert fires when it turns from false to true (once per crossing).
 */
export const aprAlerts = pgTable(
  'apr_alerts',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    line: text('line').notNull(),
    asset: text('asset').notNull(),
    productId: integer('product_id'),
    direction: text('direction').notNull(),
    /** Percent, e.g. 8 for 8 %. */
    apr: money('apr').notNull(),
    satisfied: integer('satisfied').notNull().default(0),
    fired: integer('fired').notNull().default(0),
    createdAt: createdAt(),
    lastFiredAt: ts('last_fired_at'),
  },
  (t) => [
    index('apr_alerts_target_idx').on(t.line, t.asset),
    index('apr_alerts_user_idx').on(t.userId),
    check('apr_alerts_direction', sql`${t.direction} IN ('above', 'below')`),
  ],
);

/** The last rate seen per product: a change between two looks is an APR change. */
export const aprObservations = pgTable(
  'apr_observations',
  {
    line: text('line').notNull(),
    /** The asset, or `asset:product_id` for a line with several products per asset. */
    target: text('target').notNull(),
    /** Fraction, e.g. 0.05 for 5 %. */
    rate: money('rate').notNull(),
    /** How many changes were seen: names each change, so two changes at one instant are two causes. */
    changes: integer('changes').notNull().default(0),
    observedAt: ts('observed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.line, t.target] })],
);

/** Devices a user has signed in from (a hash of the user agent): a new one is a notification. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userRef(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: ts('first_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
