import type { Db } from '../../infra/db/client';
import type { LineReads } from '../../kernel/reads';
import { type StatementWhy, utcText, type WhyRow } from '../../kernel/whys';

export type { DualSubscriptionWhy, StatementWhy, WhyRow } from '../../kernel/whys';

/** A launch-pool hour's entry reference: `${rid}:${hourStartUnix}` (its rewards and its auto-earn interest). */
const POOL_HOUR = /^launch_pool (\d{1,18}):(\d{1,12})$/;
/** A period's start as the engines write it in a reference (`iso`), then a shard's number if any. */
const PERIOD = '(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)(?::\\d{1,9})?$';
/** A flexible hour's bonus: `${holding coin}:${hour start}` (simple-earn engine). */
const FLEX_BONUS_HOUR = new RegExp(`^simple_earn_flexible ([^\\s:]{1,20}):${PERIOD}`);
/** A soft-staking day's payout: `day:${day start}` (soft-staking engine). */
const SOFT_DAY = new RegExp(`^soft_staking day:${PERIOD}`);
const unixOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const secondsOf = (r: WhyRow) => Math.floor(Number(r.at_us) / 1_000_000);

/** Which breakdown a payout row opens, from its line, type and entry reference; null for other rows. */
export function whyOf(
  r: Pick<WhyRow, 'type' | 'line' | 'src' | 'asset' | 'product'>,
  at: number,
): StatementWhy | null {
  if (r.type === 'interest') {
    // Flexible interest rows are the hourly sub-ledger's (src 1), booked at the hour's end.
    if (r.line === 'simple_earn_flexible' && Number(r.src) === 1)
      return { kind: 'flexible_hour', coin: r.asset, hour: at };
    const m = r.line === 'launch_pool' ? POOL_HOUR.exec(r.product) : null;
    if (m) return { kind: 'launchpool_interest_hour', rid: Number(m[1]), hour: Number(m[2]) };
    return null;
  }
  if (r.type === 'bonus' && r.line === 'simple_earn_flexible') {
    // The breakdown names a bonus hour by its holding coin and the hour's end, as the history does.
    const m = FLEX_BONUS_HOUR.exec(r.product);
    return m?.[1] && m[2] ? { kind: 'flexible_bonus_hour', coin: m[1], hour: unixOf(m[2]) + 3600 } : null;
  }
  if (r.type !== 'reward') return null;
  if (r.line === 'launch_pool') {
    const m = POOL_HOUR.exec(r.product);
    return m ? { kind: 'launchpool_hour', rid: Number(m[1]), coin: r.asset, hour: Number(m[2]) } : null;
  }
  if (r.line === 'soft_staking') {
    const m = SOFT_DAY.exec(r.product);
    return m?.[1] ? { kind: 'soft_staking_day', coin: r.asset, day: unixOf(m[1]) } : null;
  }
  return null;
}

/**
 * Every row's why, in the rows' order, with a fixed number of reads whatever the number of rows: the
 * lines' reads of theirs (staking days' records, dual orders and products: LineReads.whys), one each;
 * the other rows' whys come from their references. The statement page and the CSV export both read
 * them here.
 */
export async function statementWhys<R extends WhyRow>(
  db: Db,
  reads: readonly LineReads[],
  userId: number | undefined,
  found: R[],
): Promise<(StatementWhy | null)[]> {
  const read = await Promise.all(
    reads.map((r) => r.whys?.(db, userId, found) ?? new Map<number, StatementWhy>()),
  );
  return found.map((r, i) => {
    for (const whys of read) {
      const why = whys.get(i);
      if (why) return why;
    }
    return whyOf(r, secondsOf(r));
  });
}

/** A why in plain English, for the CSV's why column: the same facts as the statement's why object. */
export function whyText(why: StatementWhy | null): string | null {
  if (why === null) return null;
  switch (why.kind) {
    case 'flexible_hour':
      return `flexible interest on ${why.coin} for the hour ending ${utcText(why.hour)}`;
    case 'flexible_bonus_hour':
      return `flexible bonus on ${why.coin} held in the hour ending ${utcText(why.hour)}`;
    case 'launchpool_interest_hour':
      return `launch pool ${why.rid} auto-earn interest for the hour from ${utcText(why.hour)}`;
    case 'launchpool_hour':
      return `launch pool ${why.rid} ${why.coin} reward for the hour from ${utcText(why.hour)}`;
    case 'soft_staking_day':
      return `soft staking ${why.coin} payout for the day from ${utcText(why.day)}`;
    case 'staking_day':
      return `staking day payment: the sum of reward records ${why.ids.join(', ')}`;
    case 'dual_settlement':
      return `dual product ${why.product_id}: ${why.rule}`;
  }
}
