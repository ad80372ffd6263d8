import { and, desc, eq, gt, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { notificationPrefs, notifications } from '../../infra/db/schema';
import { type Language, languageOf } from '../mail';
import { NOTIFICATION_KINDS, type NotificationKind, renderNotification } from './kinds';

export interface InboxItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  created_at: number;
  read: boolean;
}

type Row = typeof notifications.$inferSelect;

export function itemOf(row: Row, lang: Language): InboxItem {
  const { title, body } = renderNotification(row.kind, lang, row.params);
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title,
    body,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    read: row.readAt !== null,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  return db.$count(notifications, and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Newest first; `cursor` is the id of the last item of the previous page. */
export async function listInbox(
  db: Db,
  userId: number,
  opts: { unread?: boolean; kind?: NotificationKind; cursor?: number; limit: number; lang: Language },
): Promise<{ list: InboxItem[]; next_cursor: number | null }> {
  const where: (SQL | undefined)[] = [eq(notifications.userId, userId)];
  if (opts.unread) where.push(isNull(notifications.readAt));
  if (opts.kind) where.push(eq(notifications.kind, opts.kind));
  if (opts.cursor !== undefined) where.push(lt(notifications.id, opts.cursor));
  const found = await db
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.id))
    .limit(opts.limit + 1);
  const page = found.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    list: page.map((r) => itemOf(r, opts.lang)),
    next_cursor: found.length > opts.limit && last ? last.id : null,
  };
}

/** Marks the user's items read: the ids given (others' ids are ignored) or all. */
export async function markRead(db: Db, userId: number, target: { ids: number[] } | { all: true }, at: Date) {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: at })
    .where('all' in target ? mine : and(mine, inArray(notifications.id, target.ids)));
}

export interface Prefs {
  language: Language;
  mailKinds: NotificationKind[];
  /** Whether the user ever saved preferences (else the language is a default). */
  chosen?: boolean;
}

export async function prefsOf(db: Db, userId: number): Promise<Prefs> {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  return {
    language: languageOf(row?.language),
    chosen: row !== undefined,
    mailKinds: (row?.mailKinds ?? []).filter((k): k is NotificationKind =>
      (NOTIFICATION_KINDS as readonly string[]).includes(k),
    ),
  };
}

export async function savePrefs(db: Db, userId: number, patch: Partial<Prefs>, at: Date): Promise<Prefs> {
  const set = {
    ...(patch.language ? { language: patch.language } : {}),
    ...(patch.mailKinds ? { mailKinds: [...new Set(patch.mailKinds)] } : {}),
    updatedAt: at,
  };
  await db
    .insert(notificationPrefs)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set });
  return prefsOf(db, userId);
}

/** Items after `afterId`, oldest first, for the event stream. */
export async function itemsAfter(
  db: Db,
  userId: number,
  afterId: number,
  lang: Language,
): Promise<InboxItem[]> {
  const found = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(notifications.id)
    .limit(100);
  return found.map((r) => itemOf(r, lang));
}

export async function latestId(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
}
