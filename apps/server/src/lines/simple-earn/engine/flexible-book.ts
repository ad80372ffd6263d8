import { dec, toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { SYSTEM_OWNER, systemAccount, UserPurpose } from '../../../ledger/accounts';
import { postBulkEntry } from '../../../ledger/bulk';
import { postEntry } from '../../../ledger/ledger';
import { SePurpose, SeReason } from '../model';
import { bonusExpr, type FlexShard, type HourTotals } from './flexible-plan';
import { iso, num } from './util';

/**
 * Books one shard of an asset's hour: each lent position of its range gets one append-only row with
 * the interest of the hour, paid as the 8-decimal floor of its exact cumulative interest less what
 * was paid before (the fraction carries forward; exact cumulative = acc_offset + principal × index,
 * and the index moves by rate / 8760 when the hour closes), the bonus tiers' award goes to spot, and
 * one general-ledger entry books the shard's interest into the pooled interest account.
 */
export async function bookShard(tx: Db, p: FlexShard, period: Period): Promise<HourTotals> {
  const s = iso(period.start);
  const asset = p.asset;
  const range =
    p.lo === null || p.hi === null ? sql`true` : sql`id >= ${p.lo}::bigint AND id < ${p.hi}::bigint`;
  const unit = num(p.unit);
  const bonusSql =
    p.tiers.length > 0
      ? sql`trunc(bonus_cum + ${bonusExpr(sql`lent`, p.tiers, p.ratio)}, 8) - trunc(bonus_cum, 8)`
      : sql`0`;
  // When the demand covers every offer, each offered position lends its whole principal and its
  // cumulative interest after the hour is acc_offset + principal × the new index: the same exact
  // figure as before + principal × rate/8760, in fewer numeric operations per row (the hot part).
  const earned = p.covers
    ? sql`trunc(acc_offset + principal * ${num(p.idx)}, 8) - trunc(acc_offset + principal * ${num(p.index)}, 8)`
    : sql`trunc(cum_before + lent * ${unit}, 8) - trunc(cum_before, 8)`;
  // Offers before the cut are lent whole, the cut's offer in part, later ones not at all.
  const lentExpr = p.cut
    ? sql`CASE WHEN (min_lend_rate_year, offer_at, id) < (${num(p.cut.rate)}, ${p.cut.offerAt}::timestamptz, ${p.cut.id}::bigint) THEN principal
        WHEN id = ${p.cut.id}::bigint THEN ${num(p.cut.lent)} ELSE 0 END`
    : sql`principal`;
  const source = p.covers
    ? sql`SELECT id, user_id, bonus_cum, acc_offset, principal, principal AS lent
        FROM se_flex_positions WHERE asset = ${asset} AND principal > 0 AND min_lend_rate_year <= ${num(p.rate)} AND ${range}`
    : sql`SELECT * FROM (
          SELECT id, user_id, bonus_cum, acc_offset + principal * ${num(p.index)} AS cum_before, ${lentExpr} AS lent
          FROM se_flex_positions WHERE asset = ${asset} AND principal > 0 AND min_lend_rate_year <= ${num(p.rate)} AND ${range}
        ) m WHERE lent > 0`;
  // The shard's totals from the rows it writes (RETURNING), not read back from the table.
  const [totals] = await rows<HourTotals>(
    tx,
    sql`WITH ins AS (
        INSERT INTO se_flex_interest (period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset)
        SELECT ${s}::timestamptz, id, user_id, ${asset}, lent, ${num(p.rate)}, ${earned}, ${bonusSql}, ${p.tiers.length > 0 ? p.awardAsset : null}
        FROM (${source}) x
        RETURNING lent, interest, bonus
      ) SELECT COALESCE(SUM(lent), 0)::text AS lent, COALESCE(SUM(interest), 0)::text AS interest,
          COALESCE(SUM(bonus), 0)::text AS bonus FROM ins`,
  );
  const interest = dec(totals?.interest ?? '0');
  const bonus = dec(totals?.bonus ?? '0');
  const mine = sql`h.period_start = ${s}::timestamptz AND h.asset = ${asset}${
    p.lo === null || p.hi === null
      ? sql``
      : sql` AND h.position_id >= ${p.lo}::bigint AND h.position_id < ${p.hi}::bigint`
  }`;
  if (p.tiers.length > 0) {
    await tx.execute(sql`UPDATE se_flex_positions p SET bonus_cum = p.bonus_cum + ${bonusExpr(sql`h.lent`, p.tiers, p.ratio)}
      FROM se_flex_interest h WHERE ${mine} AND h.position_id = p.id`);
  }
  const ref = p.part === null ? `${asset}:${s}` : `${asset}:${s}:${p.part}`;
  // No savepoints: a refused entry fails the period, whose transaction is then abandoned whole.
  if (interest.gt(0)) {
    await postEntry(
      tx,
      {
        reason: SeReason.flexInterest,
        ref,
        at: period.end,
        postings: [
          { account: systemAccount(asset, SePurpose.flexInterestExpense), amount: interest.negated() },
          { account: systemAccount(asset, SePurpose.flexInterest), amount: interest },
        ],
      },
      { savepoint: false },
    );
  }
  if (bonus.gt(0)) {
    // Bonuses go straight to spot, in the award coin: a campaign, not the pooled interest.
    await postBulkEntry(tx, {
      reason: SeReason.flexBonus,
      ref,
      at: period.end,
      savepoint: false,
      legs: sql`SELECT user_id, bonus_asset AS asset, ${UserPurpose.spot}::text AS purpose, bonus AS amount
          FROM se_flex_interest h WHERE ${mine} AND bonus > 0
        UNION ALL SELECT ${SYSTEM_OWNER}::bigint, ${p.awardAsset}::text, ${SePurpose.flexBonusExpense}::text, ${bonus.negated().toFixed()}::numeric`,
    });
  }
  return { lent: toWire(dec(totals?.lent ?? '0')), interest: toWire(interest), bonus: toWire(bonus) };
}

/**
 * Closes the assets' hour once every shard is booked: positions the index credits but that lent less
 * than their principal get their offset lowered by what they did not earn (until now the index has
 * not moved, so the books agree in between), each index moves, and the hour's records are written:
 * every asset's product row in one UPDATE and its hour in one INSERT (a statement per asset each was
 * a good part of a quiet hour's statements).
 */
export async function closeAssets(
  tx: Db,
  closes: { plan: FlexShard; totals: HourTotals }[],
  period: Period,
): Promise<void> {
  if (closes.length === 0) return;
  const s = iso(period.start);
  for (const { plan: p } of closes) {
    const asset = p.asset;
    const unit = num(p.unit);
    if (p.covers) {
      if (dec(p.offered).eq(p.supplied)) {
        // Every earning position was lent in full: the index alone accounts for the hour.
      } else
        await tx.execute(sql`UPDATE se_flex_positions SET acc_offset = acc_offset - principal * ${unit}
        WHERE asset = ${asset} AND principal > 0 AND min_lend_rate_year > ${num(p.rate)}`);
    } else {
      await tx.execute(sql`UPDATE se_flex_positions p SET acc_offset = p.acc_offset - (p.principal - COALESCE(h.lent, 0)) * ${unit}
        FROM se_flex_positions q LEFT JOIN se_flex_interest h ON h.position_id = q.id AND h.period_start = ${s}::timestamptz
        WHERE q.id = p.id AND p.asset = ${asset} AND p.principal > 0 AND COALESCE(h.lent, 0) < p.principal`);
    }
  }
  const figures = closes.map(({ plan: p, totals }) => {
    const lent = dec(totals.lent);
    const supplied = dec(p.supplied);
    const bonusAsset = p.tiers.length > 0 ? p.awardAsset : null;
    return {
      p,
      totals,
      lent: toWire(lent),
      supplied: toWire(supplied),
      idle: toWire(supplied.minus(lent).plus(p.pending)),
      bonus: toWire(dec(totals.bonus)),
      bonusAsset,
      // The tiers and ratio are the bonus's inputs: a bonus row's breakdown recomputes its hour from them.
      tiersJson: p.tiers.length > 0 ? JSON.stringify(p.tiers) : null,
      ratio: p.tiers.length > 0 ? num(p.ratio) : sql`NULL::numeric`,
    };
  });
  const products = sql.join(
    figures.map(
      (f) =>
        sql`(${f.p.asset}::text, ${num(f.p.idx)}::numeric, ${num(f.p.rate)}::numeric, ${f.supplied}::numeric,
          ${f.lent}::numeric, ${f.idle}::numeric, ${f.bonus}::numeric)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`UPDATE se_flex_products p SET acc_index = v.idx, accrued_until = ${iso(period.end)}::timestamptz,
      last_rate_year = v.rate, last_supplied = v.supplied, last_lent = v.lent,
      liquidity_left = v.idle, bonus_paid_total = p.bonus_paid_total + v.bonus
    FROM (VALUES ${products}) AS v(asset, idx, rate, supplied, lent, idle, bonus)
    WHERE p.asset = v.asset`);
  const hours = sql.join(
    figures.map(
      (
        f,
      ) => sql`(${f.p.asset}, ${s}::timestamptz, ${num(f.p.rate)}, ${f.p.demand}::numeric, ${f.supplied}::numeric,
        ${f.lent}::numeric, ${f.totals.interest}::numeric, ${f.bonus}::numeric, ${f.bonusAsset}, ${num(f.p.idx)},
        ${f.tiersJson}::jsonb, ${f.ratio})`,
    ),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO se_flex_hours (asset, period_start, rate_year, demand, supplied, lent, interest_paid, bonus_paid, bonus_asset, index_after, bonus_tiers, bonus_ratio)
    VALUES ${hours}`);
}
