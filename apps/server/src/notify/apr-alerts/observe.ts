import { APR_ALERT_LINES, type AprAlertLine } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import type { RateRow } from '../../kernel/reads';
import { notifyMany } from '../inbox/create';
import { rateLine } from './lines';

/** Serialises the looks at one line's rates: two instances' edits or jobs never judge one change twice. */
const OBSERVE_LOCK_KEY = 727_300;

/**
 * Holds the line's looks off until the transaction ends: an alert set meanwhile reads the rate after
 * any edit in flight has committed, and that edit's look sees the alert.
 */
export async function lockRateLine(tx: Db, line: AprAlertLine): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OBSERVE_LOCK_KEY}, ${APR_ALERT_LINES.indexOf(line)})`);
}

/**
 * Looks at the current rates of a product line (lines.ts). A target whose rate differs from the last
 * look gets an `apr_changed` item for each holder (the first look only records the rate), named by the
 * target's count of changes, so a rerun finds nothing new and two changes at one instant are two. The
 * line's APR alerts are evaluated against the current rates: an alert fires (inbox, and mail if chosen)
 * when its condition turns true, once per crossing. Runs in the transaction of the job or edit that
 * changes the rate, under a lock per line, so the items commit with the change, exactly once.
 * `tell: false` records a change and fires alerts without telling holders (a launch pool's hourly
 * drift with stakes and prices).
 */
export async function observeRates(
  tx: Db,
  line: AprAlertLine,
  at: Date,
  opts: { tell?: boolean } = {},
): Promise<void> {
  const { current, holders } = rateLine(line);
  const when = at.toISOString();
  await lockRateLine(tx, line);
  const rates = await current(tx, at);
  // Most looks (every hour of a long clock advance) find every rate as last recorded and every alert
  // as it stands: then the statements below would change nothing, so one statement says so first.
  if (!(await anythingMoved(tx, line, rates))) return;
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS apr_current (target text, asset text, product_id int, rate numeric)
    ON COMMIT DELETE ROWS`);
  await tx.execute(sql`DELETE FROM apr_current`);
  if (rates.length > 0)
    await tx.execute(sql`INSERT INTO apr_current (target, asset, product_id, rate)
      SELECT target, asset, product_id, rate FROM jsonb_to_recordset(${JSON.stringify(rates)}::jsonb)
        AS r(target text, asset text, product_id int, rate numeric)`);
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS apr_changes (target text, asset text, product_id int,
    rate_from numeric, rate_to numeric, n int) ON COMMIT DELETE ROWS`);
  await tx.execute(sql`DELETE FROM apr_changes`);
  await tx.execute(sql`INSERT INTO apr_changes (target, asset, product_id, rate_from, rate_to, n)
    SELECT c.target, c.asset, c.product_id, o.rate, c.rate, o.changes + 1 FROM apr_current c
    JOIN apr_observations o ON o.line = ${line} AND o.target = c.target WHERE o.rate <> c.rate`);
  await tx.execute(sql`INSERT INTO apr_observations (line, target, rate, observed_at)
    SELECT ${line}, target, rate, ${when}::timestamptz FROM apr_current
    ON CONFLICT (line, target) DO UPDATE SET rate = EXCLUDED.rate, observed_at = EXCLUDED.observed_at,
      changes = apr_observations.changes + 1
    WHERE apr_observations.rate <> EXCLUDED.rate`);
  await evaluateAlerts(tx, line, at);
  if (opts.tell === false) return;
  const [changed] = await rows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM apr_changes) AS any`);
  if (!changed?.any) return;

  await notifyMany(
    tx,
    'apr_changed',
    sql`SELECT DISTINCT h.user_id, ${line} || ':' || c.target || ':#' || c.n AS cause,
        jsonb_build_object('line', ${line}::text, 'asset', c.asset, 'product_id', c.product_id,
          'from', c.rate_from::text, 'to', c.rate_to::text) AS params
      FROM apr_changes c JOIN (${holders}) h ON h.target = c.target`,
    at,
  );
}

/**
 * Whether a look at `rates` would change anything: a target with no observation or another rate (the
 * upsert and the holders' items), or an alert of the line whose condition differs from its recorded
 * state (evaluateAlerts, with the same condition). Under the line's lock, so nothing moves meanwhile.
 */
async function anythingMoved(tx: Db, line: AprAlertLine, rates: readonly RateRow[]): Promise<boolean> {
  if (rates.length === 0) return false;
  const [row] = await rows<{ moved: boolean }>(
    tx,
    sql`WITH c AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rates)}::jsonb)
        AS r(target text, asset text, product_id int, rate numeric))
      SELECT EXISTS (SELECT 1 FROM c LEFT JOIN apr_observations o ON o.line = ${line} AND o.target = c.target
          WHERE o.target IS NULL OR o.rate <> c.rate)
        OR EXISTS (SELECT 1 FROM apr_alerts a JOIN c ON c.asset = a.asset
          AND COALESCE(a.product_id, 0) = COALESCE(c.product_id, 0)
          WHERE a.line = ${line} AND CASE WHEN (a.direction = 'above' AND c.rate * 100 >= a.apr)
            OR (a.direction = 'below' AND c.rate * 100 < a.apr) THEN 1 ELSE 0 END <> a.satisfied) AS moved`,
  );
  return row?.moved === true;
}

/**
 * Simple earn's rates, looked at by the hourly flexible job: each flexible asset's rate for the hour,
 * and each fixed product's rate (an operator's edit is looked at when it is made, as well).
 */
export async function observeSimpleEarnRates(tx: Db, at: Date): Promise<void> {
  await observeRates(tx, 'flexible', at);
  await observeRates(tx, 'fixed', at);
}

/**
 * An operator's edit that may change a line's rates: the line is looked at before it (so a product
 * never looked at has its old rate on record) and after it, in the edit's transaction. On a line whose
 * rates drift between edits, holders hear of what the edit changed, not of the drift before it.
 */
export async function watchRates<T>(
  tx: Db,
  line: AprAlertLine,
  at: Date,
  change: () => Promise<T>,
): Promise<T> {
  await observeRates(tx, line, at, { tell: !rateLine(line).drifts });
  const result = await change();
  await observeRates(tx, line, at);
  return result;
}

/**
 * The line's alerts against the rates in apr_current: an alert whose condition turned true since the
 * last look (or since it was set) fires; one whose condition turned false is re-armed. Only alerts
 * whose state changes are touched.
 */
async function evaluateAlerts(tx: Db, line: string, at: Date): Promise<void> {
  const when = at.toISOString();
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS apr_alert_states (id bigint, user_id bigint, now_satisfied int,
    fire boolean, fired int, params jsonb) ON COMMIT DELETE ROWS`);
  await tx.execute(sql`DELETE FROM apr_alert_states`);
  await tx.execute(sql`INSERT INTO apr_alert_states (id, user_id, now_satisfied, fire, fired, params)
    SELECT a.id, a.user_id, s.now_satisfied, a.satisfied = 0 AND s.now_satisfied = 1, a.fired,
      jsonb_build_object('line', a.line, 'asset', a.asset, 'product_id', a.product_id, 'direction', a.direction,
        'apr', a.apr::text, 'current', c.rate::text, 'alert_id', a.id)
    FROM apr_alerts a JOIN apr_current c ON c.asset = a.asset AND COALESCE(a.product_id, 0) = COALESCE(c.product_id, 0)
    CROSS JOIN LATERAL (SELECT CASE WHEN (a.direction = 'above' AND c.rate * 100 >= a.apr)
        OR (a.direction = 'below' AND c.rate * 100 < a.apr) THEN 1 ELSE 0 END AS now_satisfied) s
    WHERE a.line = ${line} AND s.now_satisfied <> a.satisfied`);
  await notifyMany(
    tx,
    'apr_alert',
    sql`SELECT user_id, 'alert:' || id || ':' || (fired + 1) AS cause, params FROM apr_alert_states WHERE fire`,
    at,
  );
  await tx.execute(sql`UPDATE apr_alerts a SET satisfied = s.now_satisfied,
      fired = a.fired + CASE WHEN s.fire THEN 1 ELSE 0 END,
      last_fired_at = CASE WHEN s.fire THEN ${when}::timestamptz ELSE a.last_fired_at END
    FROM apr_alert_states s WHERE s.id = a.id`);
}
