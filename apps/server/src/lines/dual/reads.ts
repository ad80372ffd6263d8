import {
  DUAL_OPEN_STATUSES,
  DUAL_QUOTE_COIN,
  type DualDirection,
  type DualOrderStatus,
  dec,
  toWire,
} from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { epoch } from '../../infra/db/epoch';
import { unixSeconds } from '../../kernel/clock';
import { CONSOLE_RECORDS_PER_LINE, type ConsolePosition, type LineReads } from '../../kernel/reads';
import {
  DUAL_PURPOSE,
  DualHouse,
  DualReason,
  type OrderRow,
  type ProductRow,
  SUBSCRIBE_CUTOFF_SECONDS,
} from './model';
import { dualStatementWhys } from './reads-why';
import { isCrossed, type QuoteInputs, quoteInputs, quoteOf } from './service/quote';
import { cutoffOf } from './service/subscribe';
import { openProducts } from './store';

/** A product as the user sees it, with its quote at `nowSec`. */
export function productView(p: ProductRow, inputs: QuoteInputs, nowSec: number) {
  const quote = quoteOf(p, inputs, nowSec);
  const settle = unixSeconds(p.settleAt);
  return {
    id: p.id,
    base_coin: p.baseCoin,
    invest_coin: p.investCoin,
    exercise_coin: p.exerciseCoin,
    direction: p.direction,
    target_price: toWire(p.targetPrice),
    settle_time: settle,
    subscribe_end_time: settle - SUBSCRIBE_CUTOFF_SECONDS,
    apr: quote.apr,
    apr_type: p.fixedApr === null ? ('quoted' as const) : ('fixed' as const),
    min_amount: toWire(p.minAmount),
    max_amount: p.maxPerUser === null ? null : toWire(p.maxPerUser),
    total_quota: toWire(p.totalQuota),
    remaining_quota: toWire(dec(p.totalQuota).minus(p.sold)),
    index_price: toWire(inputs.spot),
    quote_id: quote.quoteId,
    quote_time: quote.issuedAt,
    quote_expire_time: quote.expiresAt,
    status: p.status,
  };
}

/**
 * The products open for subscription, each with its quote now: of one base coin (`coin`; USDT or
 * none: every pair) and direction. Products whose target the market has crossed, and those whose
 * quote pays nothing at the current price, are left out: nobody can subscribe to them.
 */
export async function listProducts(db: Db, filter: { coin?: string; direction?: DualDirection }, now: Date) {
  const base = filter.coin && filter.coin !== DUAL_QUOTE_COIN ? filter.coin : undefined;
  const found = await openProducts(db, { base, direction: filter.direction, cutoff: cutoffOf(now) });
  const nowSec = unixSeconds(now);
  const inputs = new Map<string, QuoteInputs>();
  const list = [];
  for (const p of found) {
    // A pair's price and settings are read once; a fixed product needs no settings.
    const key = `${p.baseCoin}:${p.fixedApr === null ? 'quoted' : 'fixed'}`;
    let i = inputs.get(key);
    if (!i) {
      i = await quoteInputs(db, p);
      inputs.set(key, i);
    }
    if (isCrossed(p, i)) continue;
    const view = productView(p, i, nowSec);
    if (dec(view.apr).gt(0)) list.push(view);
  }
  return list;
}

/** The second a subscription's quote was issued (its interest counts from there); null for a roll or a record. */
function quoteTimeOf(quoteId: string | null): number | null {
  const issued = quoteId?.match(/^\d+-(\d+)-[0-9a-f]+$/)?.[1];
  // 0: a fixed APR's standing quote of before quote times, counted from the subscription.
  return issued === undefined || issued === '0' ? null : Number(issued);
}

/** An order as the user sees it: a subscription's own figures, or an operator's record. */
export function orderView(o: OrderRow) {
  return {
    order_id: o.id,
    id: o.id,
    // Only this line and the operator's input (checked against the same enums) write these.
    kind: o.kind as 'dual' | 'sniper',
    product_id: o.productId,
    direction: o.direction as DualDirection | null,
    invest_coin: o.investCoin,
    exercise_coin: o.exerciseCoin,
    amount: toWire(o.amount),
    target_price: toWire(o.targetPrice),
    apr: toWire(o.apr),
    status: o.status as DualOrderStatus,
    is_open: DUAL_OPEN_STATUSES.includes(o.status as DualOrderStatus) ? 1 : 0,
    settle_time: unixSeconds(o.expireAt),
    settle_price: o.settlePrice === null ? null : toWire(o.settlePrice),
    settle_coin: o.settleCoin,
    settle_amount: o.settleAmount === null ? null : toWire(o.settleAmount),
    reached_amount: o.payoutReached === null ? null : toWire(o.payoutReached),
    not_reached_amount: o.payoutNotReached === null ? null : toWire(o.payoutNotReached),
    quote_time: quoteTimeOf(o.quoteId),
    auto_compound: o.autoCompound,
    rolled_to: o.rolledTo,
    rolled_from: o.rolledFrom,
    create_time: unixSeconds(o.createdAt),
    expire_time: unixSeconds(o.expireAt),
    update_time: unixSeconds(o.updatedAt),
  };
}

/** Why a dual statement row paid what it paid: the product's fixing price, its target and the rule applied. */
/** Dual orders, open ones first: records with a status, no money moves. */
function dual(db: Db, userId: number) {
  const open = sql.join(
    DUAL_OPEN_STATUSES.map((s) => sql`${s}::text`),
    sql`, `,
  );
  return rows<ConsolePosition>(
    db,
    sql`SELECT d.id::text AS id, d.invest_coin || '/' || d.exercise_coin || ' ' || d.kind AS product,
          d.invest_coin AS asset, d.amount::text AS amount, d.status, ${epoch(sql`d.created_at`)} AS since,
          jsonb_build_object(
            'kind', d.kind, 'exercise_coin', d.exercise_coin, 'target_price', d.target_price::text, 'apr', d.apr::text,
            'expire_at', ${epoch(sql`d.expire_at`)}, 'settle_coin', d.settle_coin, 'settle_amount', d.settle_amount::text
          ) AS extra
        FROM dual_orders d WHERE d.user_id = ${userId}
        ORDER BY (d.status IN (${open})) DESC, d.id DESC LIMIT ${CONSOLE_RECORDS_PER_LINE}`,
  );
}

/**
 * What the cross-line views read of dual (kernel/reads.ts): orders not yet settled hold what was
 * invested, in that coin, in the user's dual account (the outcome is not known before).
 */
/** The console dashboard's holdings of dual beside its ledger account: the open orders' amounts. */
function consoleHeld() {
  return sql`SELECT 'dual' AS line, user_id, invest_coin AS asset, amount FROM dual_orders
          WHERE status IN (${sql.join(
            DUAL_OPEN_STATUSES.map((s) => sql`${s}::text`),
            sql`, `,
          )})`;
}

export const dualReads: LineReads = {
  heldPurposes: { [DUAL_PURPOSE]: 'dual' },
  async consolePositions(db, userId) {
    return [{ line: 'dual', positions: await dual(db, userId) }];
  },
  whys: dualStatementWhys,
  consoleHeld,
  book: {
    reasons: { dual: Object.values(DualReason) },
    heldPurpose: { dual: DUAL_PURPOSE },
    // Interest of orders settled (target not reached) or withdrawn in the coin they invested; a
    // converted order's interest is inside the conversion at the target, not a payout of its own.
    payouts: [
      { line: 'dual', reason: DualReason.settle, purpose: DualHouse.interest, prefix: false },
      { line: 'dual', reason: DualReason.cancel, purpose: DualHouse.interest, prefix: false },
    ],
    income: { [DualReason.settle]: 'interest', [DualReason.cancel]: 'interest' },
    conversionReasons: [DualReason.settle],
  },
};
