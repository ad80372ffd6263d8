import {
  type Arrival,
  dec,
  fixedArrival,
  fixedEarlyArrival,
  flexibleArrival,
  SimpleEarnHistoryType,
} from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../infra/db/client';
import { epoch } from '../../infra/db/epoch';
import { rateQuery } from '../../infra/db/rate-rows';
import { ofUsers } from '../../infra/db/users';
import { unixSeconds } from '../../kernel/clock';
import { errors } from '../../kernel/errors';
import {
  type ArrivalQuery,
  arrivalParam,
  CONSOLE_RECORDS_PER_LINE,
  type ConsolePosition,
  type LineReads,
  type MovementScope,
  type RateLine,
  type UpcomingRow,
} from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';
import { SePurpose, SeReason } from './model';
import { fixedMaturityRead, flexibleBonusHourRead, flexibleHourRead } from './reads-breakdown';
import { fixedRateImpact, flexibleBonusImpact, flexibleRateImpact } from './reads-impact';
import { requireFlexProduct } from './store/products';

/*
 * What the cross-line views read of simple earn (kernel/reads.ts): the only place outside store/
 * that names its tables.
 */

/**
 * Flexible interest credited and not withdrawn: held in the pooled interest account, whose
 * sub-ledger (the position) says whose it is: the 8-decimal floor of its cumulative interest less
 * what it withdrew.
 */
function holdings(_at: Date, users?: readonly number[]) {
  return sql`
    SELECT p.user_id, 'simple_earn_flexible' AS line, p.asset,
           trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn AS amount
      FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
     WHERE ${ofUsers(sql`p.user_id`, users)}`;
}

/**
 * Fixed maturities (paid at the maturity payout time) and flexible redemptions frozen until the next
 * hourly settlement.
 */
async function upcoming(db: Db, users: readonly number[], now: Date): Promise<UpcomingRow[]> {
  const found = await rows<{
    user_id: number;
    kind: 'maturity' | 'redemption';
    line: 'simple_earn_fixed' | 'simple_earn_flexible';
    asset: string;
    amount: string;
    at: string;
  }>(
    db,
    sql`SELECT user_id, 'maturity' AS kind, 'simple_earn_fixed' AS line, asset,
               (principal + interest + coupon_interest)::text AS amount,
               extract(epoch FROM finish_at)::bigint::text AS at
          FROM se_fixed_orders WHERE ${ofUsers(sql`user_id`, users)} AND status = 1
        UNION ALL
        SELECT user_id, 'redemption', 'simple_earn_flexible', asset, frozen_amount::text,
               extract(epoch FROM date_trunc('hour', ${now.toISOString()}::timestamptz) + interval '1 hour')::bigint::text
          FROM se_flex_positions WHERE ${ofUsers(sql`user_id`, users)} AND frozen_amount > 0`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    kind: r.kind,
    line: r.line,
    asset: r.asset,
    amount: r.amount,
    at: r.kind === 'maturity' ? fixedArrival(Number(r.at)).arrivesAt : Number(r.at),
    estimated: false,
  }));
}

/**
 * Flexible: a redemption (an amount asked) is paid at once, whatever it takes from
 * (service/flexible-booking.ts splitRedemption), only the product must exist; without an amount, what
 * is already frozen for the user arrives at the next hourly settlement.
 */
async function flexibleRedeemArrival(db: Db, q: ArrivalQuery, now: Date): Promise<Arrival> {
  const product = await requireFlexProduct(db, arrivalParam(q, q.asset, 'asset'));
  if (q.amount !== undefined) return flexibleArrival(unixSeconds(now), true);
  const [row] = await rows<{ frozen: string }>(
    db,
    sql`SELECT frozen_amount::text AS frozen FROM se_flex_positions WHERE user_id = ${q.userId} AND asset = ${product.asset}`,
  );
  return flexibleArrival(unixSeconds(now), dec(row?.frozen ?? '0').isZero());
}

/** Fixed: the user's own order's maturity payout, or (early) its principal at once. */
async function fixedRedeemArrival(db: Db, q: ArrivalQuery, now: Date): Promise<Arrival> {
  const orderId = arrivalParam(q, q.orderId, 'order_id');
  const [order] = await rows<{ finish_at: string }>(
    db,
    sql`SELECT finish_at FROM se_fixed_orders WHERE id = ${orderId} AND user_id = ${q.userId}`,
  );
  if (!order) throw errors.notFound('fixed order');
  if (q.early) return fixedEarlyArrival(unixSeconds(now));
  return fixedArrival(unixSeconds(new Date(order.finish_at)));
}

/** The rates an APR alert watches. */
const rates: RateLine[] = [
  // The rate the coming hour pays, set by the operator and applied by the hourly job.
  {
    line: 'flexible',
    current: rateQuery(
      sql`SELECT asset AS target, asset, NULL::int AS product_id, next_time_rate_year AS rate FROM se_flex_products`,
    ),
    holders: sql`SELECT DISTINCT user_id, asset AS target FROM se_flex_positions WHERE principal > 0`,
    needsProduct: false,
  },
  {
    line: 'fixed',
    current: rateQuery(
      sql`SELECT id::text AS target, asset, id AS product_id, year_rate AS rate FROM se_fixed_products`,
    ),
    holders: sql`SELECT DISTINCT user_id, product_id::text AS target FROM se_fixed_orders WHERE status = 1`,
    needsProduct: true,
  },
];

/** Flexible holdings: earning principal, amounts waiting for the next hour, redemptions frozen. */
function flexible(db: Db, userId: number) {
  return rows<ConsolePosition>(
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
  return rows<ConsolePosition>(
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
        ORDER BY (o.status = 1) DESC, o.id DESC LIMIT ${CONSOLE_RECORDS_PER_LINE}`,
  );
}

/** The console's positions of the user: flexible holdings and fixed orders. */
async function consolePositions(db: Db, userId: number) {
  const [f, x] = await Promise.all([flexible(db, userId), fixed(db, userId)]);
  return [
    { line: 'simple_earn_flexible' as const, positions: f },
    { line: 'simple_earn_fixed' as const, positions: x },
  ];
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Flexible interest as statement movements: credited hour by hour to a pooled account, not to each
 * user, so its movements are the sub-ledger's rows (se_flex_interest), each with the hour's pooled
 * entry; none when the scope asks for another line or type.
 */
function movements(f: MovementScope): SQL | undefined {
  const wanted = (!f.line || f.line === 'simple_earn_flexible') && (!f.type || f.type === 'interest');
  if (!wanted) return undefined;
  const flexWhere: SQL[] = [sql`fi.interest > 0`];
  if (f.userId !== undefined) flexWhere.push(sql`fi.user_id = ${f.userId}`);
  if (f.asset) flexWhere.push(sql`fi.asset = ${f.asset}`);
  // The hour's interest is credited at its end: the period starts an hour before.
  if (f.from) flexWhere.push(sql`fi.period_start >= ${iso(f.from)} - interval '1 hour'`);
  if (f.to) flexWhere.push(sql`fi.period_start < ${iso(f.to)} - interval '1 hour'`);
  // A row per position and hour is a year's million rows: the rollup sums them per day here, without
  // the hour's entry (its id is not read), which costs a text key per row.
  if (f.perDay)
    return sql`SELECT fi.user_id, date_trunc('day', (fi.period_start + interval '1 hour') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at,
          1 AS src, NULL::bigint AS id, fi.asset, 'interest'::text AS type, SUM(fi.interest) AS amount,
          'simple_earn_flexible'::text AS line, ${UserPurpose.flexible}::text AS product, NULL::bigint AS entry_id
        FROM se_flex_interest fi
        WHERE ${sql.join(flexWhere, sql` AND `)}
        GROUP BY fi.user_id, 2, fi.asset`;
  return sql`SELECT fi.user_id, fi.period_start + interval '1 hour' AS at, 1 AS src, fi.position_id AS id, fi.asset,
        'interest'::text AS type, fi.interest AS amount, 'simple_earn_flexible'::text AS line,
        ${UserPurpose.flexible}::text AS product, je.id AS entry_id
      FROM se_flex_interest fi
      LEFT JOIN journal_entries je ON je.reason = ${SeReason.flexInterest}
        AND je.ref = fi.asset || ':' || to_char(fi.period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      WHERE ${sql.join(flexWhere, sql` AND `)}`;
}

/**
 * The console dashboard's budgets of simple earn: open flexible bonus pools, paid from an expense
 * account with no funded limit (`left` "-1", the wire's "unlimited"), `paid` their running total.
 */
function consoleBudgets() {
  return sql`SELECT 'simple_earn_flexible' AS line, f.asset || ' bonus pool' AS label, 'bonus' AS kind, f.asset AS name,
               '' AS ref, COALESCE(f.award_asset, f.asset) AS asset, '-1' AS left, f.bonus_paid_total::text AS paid
        FROM se_flex_products f WHERE f.is_open_award_pool`;
}

/**
 * Simple earn's earnings credited in [from, to): flexible interest and bonuses (the hourly rows), fixed
 * interest, rate-up and bonus payouts (the history).
 */
function earnings(from: Date, to: Date) {
  const s = from.toISOString();
  const e = to.toISOString();
  const H = SimpleEarnHistoryType;
  return sql`SELECT user_id, asset, interest AS amount FROM se_flex_interest
          WHERE period_start >= ${s}::timestamptz AND period_start < ${e}::timestamptz AND interest > 0
        UNION ALL SELECT user_id, bonus_asset, bonus FROM se_flex_interest
          WHERE period_start >= ${s}::timestamptz AND period_start < ${e}::timestamptz AND bonus > 0
        UNION ALL SELECT user_id, COALESCE(bonus_asset, asset), amount FROM se_history
          WHERE line = 'fixed' AND type IN (${H.interest}, ${H.rateUp}, ${H.bonus})
            AND at >= ${s}::timestamptz AND at < ${e}::timestamptz AND amount > 0`;
}

export const simpleEarnReads: LineReads = {
  heldPurposes: {
    [UserPurpose.flexible]: 'simple_earn_flexible',
    [UserPurpose.fixed]: 'simple_earn_fixed',
  },
  holdings,
  upcoming,
  rates,
  redeemArrival: { flexible: flexibleRedeemArrival, fixed: fixedRedeemArrival },
  consolePositions,
  movements,
  breakdown: {
    fixed_maturity: fixedMaturityRead,
    flexible_hour: flexibleHourRead,
    flexible_bonus_hour: flexibleBonusHourRead,
  },
  impact: {
    flexibleRate: flexibleRateImpact,
    flexibleBonus: flexibleBonusImpact,
    fixedRate: fixedRateImpact,
  },
  consoleBudgets,
  earnings,
  book: {
    reasons: {
      simple_earn_flexible: [
        SeReason.flexSubscribe,
        SeReason.flexRedeem,
        SeReason.flexRedeemSettle,
        SeReason.flexInterest,
        SeReason.flexBonus,
        SeReason.autoEarn,
      ],
      simple_earn_fixed: [SeReason.fixedSubscribe, SeReason.fixedPreRedeem, SeReason.fixedMaturity],
    },
    heldPurpose: { simple_earn_flexible: UserPurpose.flexible, simple_earn_fixed: UserPurpose.fixed },
    payouts: [
      {
        line: 'simple_earn_flexible',
        reason: SeReason.flexInterest,
        purpose: SePurpose.flexInterestExpense,
        prefix: false,
      },
      {
        line: 'simple_earn_flexible',
        reason: SeReason.flexBonus,
        purpose: SePurpose.flexBonusExpense,
        prefix: false,
      },
      {
        line: 'simple_earn_fixed',
        reason: SeReason.fixedMaturity,
        purpose: SePurpose.fixedInterestExpense,
        prefix: false,
      },
      {
        line: 'simple_earn_fixed',
        reason: SeReason.fixedMaturity,
        purpose: SePurpose.fixedBonusExpense,
        prefix: false,
      },
    ],
    // A flexible redemption also withdraws interest already credited hour by hour (the
    // se_flex_interest rows), so that part is more of the redemption, not income counted twice.
    income: {
      [SeReason.flexRedeem]: 'redeem',
      [SeReason.flexBonus]: 'bonus',
      [SeReason.fixedMaturity]: 'interest',
    },
  },
};
