import { DUAL_OPEN_STATUSES, ProjectState, poolStakeMode, projectState } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import type { Line } from '../../views/lines';
import { epoch, unixSeconds } from './wire';

/** One holding of a user in a line, as the console lists it; `extra` holds the line's own fields. */
export interface Position {
  id: string;
  product: string;
  asset: string;
  amount: string;
  status: string;
  since: number;
  extra: Record<string, unknown>;
}

/** Past records (fixed orders done, dual orders) beyond this many per line are left out. */
const RECORDS_PER_LINE = 200;

type Row = Omit<Position, 'extra'> & { extra: Record<string, unknown> };

const clean = (list: Row[]): Position[] =>
  list.map((r) => ({ ...r, amount: normal(r.amount), extra: normalExtra(r.extra) }));

/** NUMERIC text without trailing zeros, as every amount on the wire. */
function normal(text: string): string {
  if (!/^-?\d+\.\d+$/.test(text)) return text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

function normalExtra(extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra)) out[k] = typeof v === 'string' ? normal(v) : v;
  return out;
}

/** Flexible holdings: earning principal, amounts waiting for the next hour, redemptions frozen. */
function flexible(db: Db, userId: number) {
  return rows<Row>(
    db,
    sql`SELECT p.id::text AS id, p.asset AS product, p.asset,
          (p.principal + COALESCE(pe.amount, 0) + p.frozen_amount)::text AS amount,
          CASE WHEN p.frozen_amount > 0 THEN 'redeeming' WHEN p.principal > 0 THEN 'earning' ELSE 'pending' END AS status,
          ${epoch(sql`p.created_at`)} AS since,
          jsonb_build_object(
            'principal', p.principal::text, 'pending', COALESCE(pe.amount, 0)::text, 'frozen', p.frozen_amount::text,
            'min_lend_rate_year', p.min_lend_rate_year::text,
            'interest_held', (trunc(p.acc_offset + p.principal * f.acc_index, 8) - p.interest_withdrawn)::text
          ) AS extra
        FROM se_flex_positions p
        JOIN se_flex_products f ON f.asset = p.asset
        LEFT JOIN (SELECT position_id, SUM(amount) AS amount FROM se_flex_pending GROUP BY position_id) pe
          ON pe.position_id = p.id
        WHERE p.user_id = ${userId} AND (p.principal > 0 OR p.frozen_amount > 0 OR pe.amount > 0)
        ORDER BY p.asset`,
  );
}

/** Fixed orders, active first, then the newest finished ones. */
function fixed(db: Db, userId: number) {
  return rows<Row>(
    db,
    sql`SELECT o.id::text AS id,
          COALESCE(NULLIF(fp.title, ''), o.asset || ' ' || o.lock_up_period || 'd') AS product, o.asset,
          o.principal::text AS amount,
          CASE o.status WHEN 1 THEN 'active' WHEN 2 THEN 'matured' ELSE 'redeemed' END AS status,
          ${epoch(sql`o.created_at`)} AS since,
          jsonb_build_object(
            'product_id', o.product_id, 'year_rate', o.year_rate::text, 'lock_up_period', o.lock_up_period,
            'interest', o.interest::text, 'finish_at', ${epoch(sql`o.finish_at`)},
            'reinvest', o.reinvest_status = 1
          ) AS extra
        FROM se_fixed_orders o LEFT JOIN se_fixed_products fp ON fp.id = o.product_id
        WHERE o.user_id = ${userId}
        ORDER BY (o.status = 1) DESC, o.id DESC LIMIT ${RECORDS_PER_LINE}`,
  );
}

/** Launch-pool stakes, with the project's state from the clock. */
async function launchPool(db: Db, userId: number, now: Date): Promise<Row[]> {
  const found = await rows<
    Row & { start: number; end: number; settled: boolean; se_status: number; se_period: number }
  >(
    db,
    sql`SELECT p.rid::text AS id, pr.name AS product, p.coin AS asset, p.amount::text AS amount, '' AS status,
          ${epoch(sql`p.created_at`)} AS since, ${epoch(sql`pr.start_at`)} AS start, ${epoch(sql`pr.end_at`)} AS end,
          pr.settled_at IS NOT NULL AS settled, p.simple_earn_status AS se_status, p.simple_earn_period AS se_period,
          jsonb_build_object(
            'pid', p.pid, 'rid', p.rid, 'reward_coin', pr.reward_coin, 'total_reward', p.total_reward::text,
            'total_interest', p.total_interest::text
          ) AS extra
        FROM launchpool_positions p JOIN launchpool_projects pr ON pr.pid = p.pid
        WHERE p.user_id = ${userId} AND p.amount > 0
        ORDER BY p.rid`,
  );
  const state = (r: { start: number; end: number; settled: boolean }) => {
    if (r.settled) return 'settled';
    const s = projectState(unixSeconds(now), r.start, r.end);
    return s === ProjectState.notStarted
      ? 'not_started'
      : s === ProjectState.inProgress
        ? 'in_progress'
        : 'ended';
  };
  return found.map(({ start, end, settled, se_status, se_period, ...r }) => ({
    ...r,
    status: state({ start, end, settled }),
    extra: { ...r.extra, mode: poolStakeMode(se_status, se_period) },
  }));
}

/** Staking holdings per product and protocol, with rewards held and redemptions on their way. */
function staking(db: Db, userId: number) {
  return rows<Row>(
    db,
    sql`SELECT p.product_id || ':' || p.protocol_id AS id,
          sp.coin || COALESCE(' / ' || pc.protocol_name, '') AS product, p.coin AS asset, p.amount::text AS amount,
          CASE WHEN p.amount > 0 THEN 'staking' ELSE 'redeeming' END AS status,
          COALESCE((SELECT ${epoch(sql`MIN(l.created_at)`)} FROM staking_lots l WHERE l.user_id = p.user_id
                    AND l.product_id = p.product_id AND l.protocol_id = p.protocol_id AND l.amount > 0),
                   ${epoch(sql`p.updated_at`)}) AS since,
          jsonb_build_object(
            'product_id', p.product_id, 'protocol_id', p.protocol_id,
            'reward_coin', COALESCE(pc.reward_coin, sp.reward_coin), 'accrued_reward', p.accrued_reward::text,
            'receipt_amount', p.receipt_amount::text, 'redeeming', COALESCE(rd.amount, 0)::text
          ) AS extra
        FROM staking_positions p
        JOIN staking_products sp ON sp.id = p.product_id
        LEFT JOIN staking_protocols pc ON pc.id = p.protocol_id AND p.protocol_id <> 0
        LEFT JOIN (SELECT product_id, protocol_id, SUM(amount) AS amount FROM staking_redemptions
                   WHERE user_id = ${userId} AND status = 'pending' GROUP BY product_id, protocol_id) rd
          ON rd.product_id = p.product_id AND rd.protocol_id = p.protocol_id
        WHERE p.user_id = ${userId} AND (p.amount > 0 OR p.accrued_reward > 0 OR rd.amount > 0)
        ORDER BY p.product_id, p.protocol_id`,
  );
}

/** Wealth holdings at cost, with units and the latest NAV. */
function wealth(db: Db, userId: number) {
  return rows<Row>(
    db,
    sql`SELECT o.id::text AS id, wp.name AS product, o.coin AS asset, o.cost::text AS amount,
          CASE WHEN o.units > 0 THEN 'holding' ELSE 'redeeming' END AS status, ${epoch(sql`o.created_at`)} AS since,
          jsonb_build_object(
            'product_id', o.product_id, 'units', o.units::text, 'redeeming_units', o.redeeming_units::text,
            'realized', o.realized::text,
            'nav', (SELECT n.nav::text FROM wealth_navs n WHERE n.product_id = o.product_id ORDER BY n.at DESC LIMIT 1)
          ) AS extra
        FROM wealth_orders o JOIN wealth_products wp ON wp.id = o.product_id
        WHERE o.user_id = ${userId} AND (o.units > 0 OR o.redeeming_units > 0)
        ORDER BY o.id`,
  );
}

/** Soft staking: the user's own spot funds in each listed coin, and whether the switch is on. */
function softStaking(db: Db, userId: number) {
  return rows<Row>(
    db,
    sql`SELECT k.coin AS id, 'soft staking' AS product, k.coin AS asset,
          GREATEST(0, a.balance - COALESCE(l.amount, 0))::text AS amount,
          CASE WHEN u.enabled THEN 'enabled' ELSE 'disabled' END AS status,
          COALESCE(${epoch(sql`u.enabled_at`)}, 0) AS since,
          jsonb_build_object('rate', k.rate::text, 'min_amount', k.min_amount::text, 'max_amount', k.max_amount::text,
            'coin_status', k.status) AS extra
        FROM soft_staking_coins k
        JOIN ledger_accounts a ON a.user_id = ${userId} AND a.asset = k.coin AND a.purpose = 'spot' AND a.balance > 0
        LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
        LEFT JOIN soft_staking_users u ON u.user_id = a.user_id
        ORDER BY k.coin`,
  );
}

/** Dual orders, open ones first: records with a status, no money moves. */
function dual(db: Db, userId: number) {
  const open = sql.join(
    DUAL_OPEN_STATUSES.map((s) => sql`${s}::text`),
    sql`, `,
  );
  return rows<Row>(
    db,
    sql`SELECT d.id::text AS id, d.invest_coin || '/' || d.exercise_coin || ' ' || d.kind AS product,
          d.invest_coin AS asset, d.amount::text AS amount, d.status, ${epoch(sql`d.created_at`)} AS since,
          jsonb_build_object(
            'kind', d.kind, 'exercise_coin', d.exercise_coin, 'target_price', d.target_price::text, 'apr', d.apr::text,
            'expire_at', ${epoch(sql`d.expire_at`)}, 'settle_coin', d.settle_coin, 'settle_amount', d.settle_amount::text
          ) AS extra
        FROM dual_orders d WHERE d.user_id = ${userId}
        ORDER BY (d.status IN (${open})) DESC, d.id DESC LIMIT ${RECORDS_PER_LINE}`,
  );
}

/** Every line's positions of a user: one statement per line, none per position. */
export async function positionsOf(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ line: Line; positions: Position[] }[]> {
  const [f, x, lp, st, w, ss, d] = await Promise.all([
    flexible(db, userId),
    fixed(db, userId),
    launchPool(db, userId, now),
    staking(db, userId),
    wealth(db, userId),
    softStaking(db, userId),
    dual(db, userId),
  ]);
  return [
    { line: 'simple_earn_flexible', positions: clean(f) },
    { line: 'simple_earn_fixed', positions: clean(x) },
    { line: 'launch_pool', positions: clean(lp) },
    { line: 'staking', positions: clean(st) },
    { line: 'wealth', positions: clean(w) },
    { line: 'soft_staking', positions: clean(ss) },
    { line: 'dual', positions: clean(d) },
  ];
}
