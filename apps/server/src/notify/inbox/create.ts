import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../infra/db/client';
import type { Redeemed } from '../../kernel/notices';
import { enqueueMail, languageOf } from '../mail';
import { type NotificationKind, type Params, renderNotification } from './kinds';

export type { Redeemed } from '../../kernel/notices';

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

const redeemedParams = (r: Redeemed): Params => ({
  line: r.line,
  asset: r.asset,
  amount: r.amount,
  dest: r.dest ?? 'spot',
});

/**
 * A redemption paid at once: its "redemption arrived" item, in the redeeming call's transaction. The
 * cause names the redemption's own row (`staking:<redemption id>`, `fixed:<order id>` …), the same a
 * later arrival of that row would use, so one redemption makes one item however it arrives.
 */
export function notifyRedeemed(tx: Db, cause: string, r: Redeemed): Promise<boolean> {
  return notify(tx, {
    userId: r.userId,
    kind: 'redemption_arrived',
    cause,
    params: redeemedParams(r),
    at: r.at,
  });
}

/**
 * The same item as a statement of the caller's one-statement entry (a CTE after `source`, a named
 * statement yielding the redemption's row `id`): it commits with the money or not at all. Mail is not
 * written here (a template renders in the process): a caller whose user chose mail for the kind takes
 * the transactional path, where `mailRedeemed` writes it.
 */
export function redeemedItemStatement(source: string, causePrefix: string, r: Redeemed): SQL {
  return sql`INSERT INTO notifications (user_id, kind, cause, params, created_at)
    SELECT ${r.userId}::bigint, 'redemption_arrived', ${causePrefix} || s.id, ${JSON.stringify(redeemedParams(r))}::jsonb,
      ${r.at.toISOString()}::timestamptz FROM ${sql.identifier(source)} s
    ON CONFLICT (user_id, kind, cause) DO NOTHING`;
}

/**
 * `redeemedItemStatement` for several redemptions in one statement (group commit): `source` names a
 * CTE yielding (id, user_id, line, asset, amount text, at timestamptz), one row a redemption, `id`
 * its own row's. Each item is the one `redeemedItemStatement` writes for that redemption alone:
 * the same cause, params and time. No mail, as there.
 */
export function redeemedItemsStatement(source: string, causePrefix: string): SQL {
  return sql`INSERT INTO notifications (user_id, kind, cause, params, created_at)
    SELECT s.user_id, 'redemption_arrived', ${causePrefix} || s.id,
      jsonb_build_object('line', s.line, 'asset', s.asset, 'amount', s.amount, 'dest', 'spot'), s.at
    FROM ${sql.identifier(source)} s
    ON CONFLICT (user_id, kind, cause) DO NOTHING`;
}

/** Whether the user chose mail for a kind: such calls leave the one-statement path. */
export async function wantsMail(tx: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  const [row] = await rows<{ mail: boolean }>(
    tx,
    sql`SELECT COALESCE(mail_kinds ? ${kind}, false) AS mail FROM notification_prefs WHERE user_id = ${userId}`,
  );
  return Boolean(row?.mail);
}

/** The mail of an item written by `redeemedItemStatement`, when the user chose it, in the same transaction. */
export async function mailRedeemed(tx: Db, r: Redeemed): Promise<void> {
  const [row] = await rows<{ language: string | null; mail: boolean }>(
    tx,
    sql`SELECT language, COALESCE(mail_kinds ? 'redemption_arrived', false) AS mail
      FROM notification_prefs WHERE user_id = ${r.userId}`,
  );
  if (!row?.mail) return;
  await mailInserted(
    tx,
    'redemption_arrived',
    [{ id: '', user_id: String(r.userId), params: redeemedParams(r), language: row.language, mail: true }],
    r.at,
  );
}
