import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../db/client';
import { enqueueMail, languageOf } from '../mail';
import { type NotificationKind, type Params, renderNotification } from './kinds';

interface Inserted {
  id: string;
  user_id: string;
  params: Params;
  language: string | null;
  mail: boolean;
}

/**
 * Mail for the items just created whose users chose mail for the kind, rendered in each user's
 * language. Only users who opted in cost a row each; the inbox rows themselves are set-based.
 */
async function mailInserted(tx: Db, kind: NotificationKind, inserted: Inserted[], at: Date): Promise<void> {
  for (const row of inserted) {
    if (!row.mail) continue;
    const lang = languageOf(row.language);
    const { title, body } = renderNotification(kind, lang, row.params);
    await enqueueMail(tx, {
      userId: Number(row.user_id),
      lang,
      template: 'notification',
      vars: { title, body },
      at,
    });
  }
}

/**
 * Creates inbox items set-based, inside the causing job's or call's transaction: `select` yields
 * (user_id bigint, cause text, params jsonb). A (user, kind, cause) that exists already is skipped, so a
 * rerun of the cause creates nothing. Answers how many were created.
 */
export async function notifyMany(tx: Db, kind: NotificationKind, select: SQL, at: Date): Promise<number> {
  const inserted = await rows<Inserted>(
    tx,
    sql`WITH src AS (${select}), ins AS (
        INSERT INTO notifications (user_id, kind, cause, params, created_at)
        SELECT user_id, ${kind}, cause, params, ${at.toISOString()}::timestamptz FROM src
        ON CONFLICT (user_id, kind, cause) DO NOTHING
        RETURNING id, user_id, params
      ) SELECT ins.id::text AS id, ins.user_id::text AS user_id, ins.params, p.language,
          COALESCE(p.mail_kinds ? ${kind}, false) AS mail
        FROM ins LEFT JOIN notification_prefs p ON p.user_id = ins.user_id`,
  );
  await mailInserted(tx, kind, inserted, at);
  return inserted.length;
}

/** One item for one user (a call's cause: a changed password, a sign-in); false when it existed. */
export async function notify(
  tx: Db,
  item: { userId: number; kind: NotificationKind; cause: string; params: Params; at: Date },
): Promise<boolean> {
  const created = await notifyMany(
    tx,
    item.kind,
    sql`SELECT ${item.userId}::bigint AS user_id, ${item.cause}::text AS cause, ${JSON.stringify(item.params)}::jsonb AS params`,
    item.at,
  );
  return created > 0;
}
