import {
  campaignStatus,
  type Decimal,
  dec,
  maxDec,
  quickRedeemSelectable,
  redeemPeriodStatus,
  stakingAprUpTo,
  toWire,
  UNLIMITED,
} from '@earn/domain';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { refuse, valuesOf } from '../../accounts/operators/patch';
import type { Db } from '../../infra/db/client';
import {
  stakingCampaigns,
  stakingPositions,
  stakingProducts,
  stakingProtocols,
  stakingRedemptions,
} from '../../infra/db/schema';
import type { Language } from '../../infra/http/texts';
import { localized, storedI18n } from '../../infra/http/texts';
import { unixSeconds } from '../../infra/jobs/clock';
import { errors } from '../../kernel/errors';
import { requireAsset } from '../../market/assets';
import {
  type campaignInput,
  campaignIssues,
  type ProductInput,
  productCodec,
  productIssues,
  type protocolInput,
} from './catalogue';

export type ProductRow = typeof stakingProducts.$inferSelect;
export type ProtocolRow = typeof stakingProtocols.$inferSelect;
export type CampaignRow = typeof stakingCampaigns.$inferSelect;

export interface LoadedProduct {
  product: ProductRow;
  protocols: ProtocolRow[];
  campaigns: CampaignRow[];
}

export { campaignInput, type ProductInput, productInput, protocolInput } from './catalogue';

/**
 * An exchange_type 'asset' product needs its receipt token: a listed asset other than the staked coin
 * and its rates above zero (the token is minted at exchange_rate per coin).
 */
async function checkExchange(
  db: Db,
  coin: string,
  e: { type: string; coin: string; rate: string; reverse: string },
): Promise<void> {
  if (e.type !== 'asset') return;
  if (!e.coin)
    throw errors.invalidParams('exchange_coin (the receipt token) is required for exchange_type asset');
  if (e.coin === coin) throw errors.invalidParams('exchange_coin must differ from the staked coin');
  await requireAsset(db, e.coin);
  if (!dec(e.rate).gt(0) || !dec(e.reverse).gt(0))
    throw errors.invalidParams(
      'exchange_rate and exchange_rate_reverse must be above 0 for exchange_type asset',
    );
}

/** Receipt tokens still outstanding for a product: its exchange terms may not change while there are any. */
async function receiptOutstanding(db: Db, productId: number): Promise<Decimal> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingPositions.receiptAmount}), 0)::text` })
    .from(stakingPositions)
    .where(eq(stakingPositions.productId, productId));
  return dec(row?.total ?? '0');
}

export async function createProduct(db: Db, b: ProductInput, at: Date): Promise<number> {
  await requireAsset(db, b.coin);
  await requireAsset(db, b.reward_coin);
  if (b.redeem_config.redeem_coin !== undefined) await requireAsset(db, b.redeem_config.redeem_coin);
  await checkExchange(db, b.coin, {
    type: b.exchange_type,
    coin: b.exchange_coin ?? '',
    rate: b.exchange_rate,
    reverse: b.exchange_rate_reverse,
  });
  for (const p of b.defi) await requireAsset(db, p.reward_coin);
  refuse([
    ...productIssues(b),
    ...b.extra_interest.flatMap((c, i) => campaignIssues(c, `extra_interest.${i}`)),
  ]);
  for (const c of b.extra_interest) {
    await requireAsset(db, c.reward_coin);
    if (c.pid !== undefined && c.pid > 0 && c.pid > b.defi.length)
      throw errors.invalidParams('campaign pid is not a protocol');
  }
  const [existing] = await db
    .select({ id: stakingProducts.id })
    .from(stakingProducts)
    .where(eq(stakingProducts.coin, b.coin));
  if (existing)
    throw errors.conflict(`A staking product for ${b.coin} exists (id ${existing.id}); edit it instead`);
  const [row] = await db
    .insert(stakingProducts)
    .values({
      ...(valuesOf(productCodec, b) as typeof stakingProducts.$inferInsert),
      i18n: storedI18n(b.i18n),
      rewardCoin: b.reward_coin,
      updatedAt: at,
      coin: b.coin,
      baseRate: b.base_rate ?? b.rate,
      mostRate: b.most_rate ?? b.rate,
      redeemCoin: b.redeem_config.redeem_coin ?? (b.type === 2 ? 'USDC' : b.coin),
      createdAt: at,
    })
    .returning({ id: stakingProducts.id });
  if (!row) throw new Error('staking product not inserted');
  const pids: number[] = [];
  for (const p of b.defi) pids.push(await addProtocol(db, row.id, p));
  for (const c of b.extra_interest) {
    // At creation a campaign names its protocol by position in `defi`, counted from 1.
    const protocolId = c.pid ? (pids[c.pid - 1] ?? 0) : 0;
    await addCampaign(db, row.id, { ...c, pid: protocolId });
  }
  return row.id;
}

/**
 * The write of a product edit (operator/patch.ts's applyEdit): `set` is the columns the edit names, on
 * the product the caller locked; `merged` is the product as it would be after the edit. The exchange
 * terms must hold, and stay fixed while receipt tokens are outstanding.
 */
export async function updateProduct(
  db: Db,
  current: ProductRow,
  merged: {
    exchange_type: string;
    exchange_coin: string;
    exchange_rate: string;
    exchange_rate_reverse: string;
  },
  set: Partial<ProductRow>,
  at: Date,
): Promise<ProductRow> {
  if (set.redeemCoin !== undefined) await requireAsset(db, set.redeemCoin);
  const exchange = {
    type: merged.exchange_type,
    coin: merged.exchange_coin,
    rate: merged.exchange_rate,
    reverse: merged.exchange_rate_reverse,
  };
  await checkExchange(db, current.coin, exchange);
  if (
    (exchange.type !== current.exchangeType || exchange.coin !== current.exchangeCoin) &&
    (await receiptOutstanding(db, current.id)).gt(0)
  ) {
    throw errors.conflict(
      'Receipt tokens of this product are outstanding: its exchange_type and exchange_coin are fixed',
    );
  }
  const [row] = await db
    .update(stakingProducts)
    .set({ ...set, updatedAt: at })
    .where(eq(stakingProducts.id, current.id))
    .returning();
  if (!row) throw errors.notFound('staking product');
  return row;
}

export async function addProtocol(
  db: Db,
  productId: number,
  p: z.infer<typeof protocolInput>,
): Promise<number> {
  await requireAsset(db, p.reward_coin);
  const [row] = await db
    .insert(stakingProtocols)
    .values({
      productId,
      protocolName: p.protocol_name,
      rewardCoin: p.reward_coin,
      rate: p.rate,
      baseRate: p.base_rate ?? p.rate,
      rewardDelayDays: p.reward.reward_delay_days,
      interestDelayDays: p.reward.interest_delay_days,
      feeRate: p.reward.fee_rate,
      incomeDays: p.income_days,
      personalMortgageLimit: p.personal_mortgage_limit,
      sort: p.sort,
    })
    .returning({ id: stakingProtocols.id });
  if (!row) throw new Error('protocol not inserted');
  return row.id;
}

export async function addCampaign(
  db: Db,
  productId: number,
  c: z.infer<typeof campaignInput>,
): Promise<number> {
  await requireAsset(db, c.reward_coin);
  refuse(campaignIssues(c));
  const protocolId = c.pid ?? 0;
  if (protocolId > 0) {
    const [p] = await db
      .select()
      .from(stakingProtocols)
      .where(and(eq(stakingProtocols.id, protocolId), eq(stakingProtocols.productId, productId)));
    if (!p) throw errors.notFound('protocol');
  }
  const maxInterest =
    c.max_interest ?? c.interest.reduce((m, t) => maxDec(m, t.money_rate), dec(0)).toFixed();
  const [row] = await db
    .insert(stakingCampaigns)
    .values({
      productId,
      protocolId,
      rewardCoin: c.reward_coin,
      maxInterest,
      startAt: new Date(c.start_time * 1000),
      endAt: new Date(c.end_time * 1000),
      tiers: c.interest,
      labels: c.labels,
    })
    .returning({ id: stakingCampaigns.id });
  if (!row) throw new Error('campaign not inserted');
  return row.id;
}

export async function requireProductById(db: Db, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(stakingProducts).where(eq(stakingProducts.id, id));
  if (!row) throw errors.notFound('staking product');
  return row;
}

/**
 * Products with their protocols and campaigns: two queries for any number of products, run one after
 * the other, since `db` may be a transaction, whose one connection cannot run statements side by side.
 */
async function withParts(db: Db, products: ProductRow[]): Promise<LoadedProduct[]> {
  if (products.length === 0) return [];
  const ids = products.map((p) => p.id);
  const protocols = await db
    .select()
    .from(stakingProtocols)
    .where(inArray(stakingProtocols.productId, ids))
    .orderBy(asc(stakingProtocols.sort), asc(stakingProtocols.id));
  const campaigns = await db
    .select()
    .from(stakingCampaigns)
    .where(inArray(stakingCampaigns.productId, ids))
    .orderBy(asc(stakingCampaigns.startAt), asc(stakingCampaigns.id));
  return products.map((product) => ({
    product,
    protocols: protocols.filter((p) => p.productId === product.id),
    campaigns: campaigns.filter((c) => c.productId === product.id),
  }));
}

/** The product staking `coin`, with its protocols and campaigns; `forUpdate` serialises quota checks. */
export async function loadProductByCoin(
  db: Db,
  coin: string,
  opts: { forUpdate?: boolean } = {},
): Promise<LoadedProduct> {
  const query = db.select().from(stakingProducts).where(eq(stakingProducts.coin, coin.toUpperCase()));
  const [product] = opts.forUpdate ? await query.for('update') : await query;
  if (!product) throw errors.notFound(`staking product for ${coin}`);
  const [loaded] = await withParts(db, [product]);
  return loaded as LoadedProduct;
}

export async function loadAllProducts(db: Db): Promise<LoadedProduct[]> {
  const list = await db
    .select()
    .from(stakingProducts)
    .orderBy(asc(stakingProducts.sort), asc(stakingProducts.id));
  return withParts(db, list);
}

/** The terms a position earns on: its protocol's, or the product's own when pid is 0. */
export interface Terms {
  protocolId: number;
  rate: Decimal;
  rewardCoin: string;
  rewardDelayDays: number;
  incomeDays: number;
  personalLimit: string;
  protocolName: string;
}

export function termsOf(loaded: LoadedProduct, protocol: ProtocolRow | undefined): Terms {
  const p = loaded.product;
  if (!protocol) {
    return {
      protocolId: 0,
      rate: dec(p.rate),
      rewardCoin: p.rewardCoin,
      rewardDelayDays: p.rewardDelayDays,
      incomeDays: p.incomeDays,
      personalLimit: p.personalMortgageLimit,
      protocolName: '',
    };
  }
  return {
    protocolId: protocol.id,
    rate: dec(protocol.rate),
    rewardCoin: protocol.rewardCoin,
    rewardDelayDays: protocol.rewardDelayDays,
    incomeDays: protocol.incomeDays,
    personalLimit: protocol.personalMortgageLimit,
    protocolName: protocol.protocolName,
  };
}

/** The campaign to show for a product or protocol: the running one, else the next, else the last. */
export function currentCampaign(
  campaigns: CampaignRow[],
  protocolId: number,
  now: Date,
): CampaignRow | undefined {
  const mine = campaigns.filter((c) => c.protocolId === protocolId);
  return (
    mine.find((c) => c.startAt <= now && now < c.endAt) ??
    mine.filter((c) => c.startAt > now).sort((a, b) => +a.startAt - +b.startAt)[0] ??
    mine.filter((c) => c.endAt <= now).sort((a, b) => +b.endAt - +a.endAt)[0]
  );
}

export function campaignView(c: CampaignRow | undefined, now: Date) {
  if (!c) return null;
  const status = campaignStatus(unixSeconds(now), unixSeconds(c.startAt), unixSeconds(c.endAt));
  const limits = c.tiers.map((t) => t.money_max);
  const limit = limits.includes(UNLIMITED)
    ? UNLIMITED
    : limits.reduce((m, x) => maxDec(m, x), dec(0)).toFixed();
  return {
    id: c.id,
    status,
    max_interest: toWire(c.maxInterest),
    reward_coin: c.rewardCoin,
    start_time: unixSeconds(c.startAt),
    end_time: unixSeconds(c.endAt),
    interest: c.tiers,
    labels: c.labels,
    award_asset: c.rewardCoin,
    ext_award_limit: limit,
    ext_award_rate_year: toWire(dec(c.maxInterest).times(100)),
    start_at: unixSeconds(c.startAt),
    end_at: unixSeconds(c.endAt),
  };
}

/** Extra APR in percent while a campaign runs: 100 times max_interest (section 9). */
function extraPercent(campaigns: CampaignRow[], protocolId: number, now: Date): Decimal {
  const running = campaigns.filter(
    (c) => (c.protocolId === 0 || c.protocolId === protocolId) && c.startAt <= now && now < c.endAt,
  );
  return running.reduce((sum, c) => sum.plus(dec(c.maxInterest).times(100)), dec(0));
}

export function aprOf(loaded: LoadedProduct, protocol: ProtocolRow | undefined, now: Date): Decimal {
  const terms = termsOf(loaded, protocol);
  return terms.rate.plus(extraPercent(loaded.campaigns, terms.protocolId, now));
}

/** The product's headline APR: its own, or its best protocol's. */
export function bestAprOf(loaded: LoadedProduct, now: Date): Decimal {
  if (loaded.protocols.length === 0) return aprOf(loaded, undefined, now);
  return loaded.protocols.reduce((m, p) => maxDec(m, aprOf(loaded, p, now)), dec(0));
}

const flag = (b: boolean) => (b ? 1 : 0);

export function protocolView(loaded: LoadedProduct, p: ProtocolRow, now: Date) {
  return {
    pid: p.id,
    id: p.id,
    protocol_name: p.protocolName,
    mortgage_coin: loaded.product.coin,
    reward_coin: p.rewardCoin,
    rate: toWire(p.rate),
    base_rate: toWire(p.baseRate),
    apr: toWire(aprOf(loaded, p, now)),
    reward: [
      {
        reward_coin: p.rewardCoin,
        reward_delay_days: p.rewardDelayDays,
        interest_delay_days: p.interestDelayDays,
        fee_rate: toWire(p.feeRate),
      },
    ],
    income_days: p.incomeDays,
    extra_interest: campaignView(currentCampaign(loaded.campaigns, p.id, now), now),
    personal_mortgage_limit: toWire(p.personalMortgageLimit),
  };
}

/** Quick redemptions of the product during the UTC day holding `now`. */
/** The money tiers a stake through the protocol (0: the product itself) earns now: every running campaign the day pays (engine/rewards.ts). */
function runningTiers(campaigns: CampaignRow[], protocolId: number, now: Date) {
  return campaigns
    .filter((c) => (c.protocolId === 0 || c.protocolId === protocolId) && c.startAt <= now && now < c.endAt)
    .flatMap((c) => c.tiers);
}

/**
 * The product's "up to X % on the first N" (percent; amount null: any amount), its own terms' or its best
 * protocol's, by the rule the staking screens show (@earn/domain stakingAprUpTo).
 */
export function bestUpToOf(loaded: LoadedProduct, now: Date): { apr: Decimal; amount: Decimal | null } {
  const choices = loaded.protocols.length === 0 ? [undefined] : loaded.protocols;
  let best: { apr: Decimal; amount: Decimal | null } | null = null;
  for (const protocol of choices) {
    const terms = termsOf(loaded, protocol);
    const up = stakingAprUpTo(terms.rate, runningTiers(loaded.campaigns, terms.protocolId, now));
    if (!best || up.apr.gt(best.apr)) best = up;
  }
  return best as { apr: Decimal; amount: Decimal | null };
}

export async function quickUsedToday(db: Db, productId: number, now: Date): Promise<Decimal> {
  const dayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingRedemptions.amount}), 0)::text` })
    .from(stakingRedemptions)
    .where(
      and(
        eq(stakingRedemptions.productId, productId),
        eq(stakingRedemptions.quick, true),
        gte(stakingRedemptions.createdAt, dayStart),
        lt(stakingRedemptions.createdAt, dayEnd),
      ),
    );
  return dec(row?.total ?? '0');
}

/** Today's quick quota left: "-1" when unlimited. */
export async function quickLeftToday(db: Db, product: ProductRow, now: Date): Promise<string> {
  if (dec(product.redeemQuickDaily).eq(-1)) return UNLIMITED;
  const used = await quickUsedToday(db, product.id, now);
  return toWire(maxDec(0, dec(product.redeemQuickDaily).minus(used)));
}

export async function productView(db: Db, loaded: LoadedProduct, now: Date, lang: Language = 'en') {
  const p = loaded.product;
  const quickLeft = await quickLeftToday(db, p, now);
  const extra = {
    redeem_period_txt: localized(p.i18n, lang, 'redeem_period_txt', p.redeemPeriodTxt),
    redeem_quick: flag(p.redeemQuick),
    redeem_quick_long: p.redeemQuickLongMinutes,
    redeem_control: p.redeemControl,
    redeem_minday: p.redeemMinDay,
    redeem_maxday: p.redeemMaxDay,
    redeem_fee: toWire(p.redeemFee),
    redeem_quick_fee: toWire(p.redeemQuickFee),
  };
  return {
    id: p.id,
    coin: p.coin,
    mortgage_coin: p.coin,
    type: p.type,
    is_defi: flag(loaded.protocols.length > 0),
    defi: loaded.protocols.map((pr) => protocolView(loaded, pr, now)),
    debt: p.debtList,
    reward_coin: p.rewardCoin,
    rate: toWire(p.rate),
    base_rate: toWire(p.baseRate),
    most_rate: toWire(p.mostRate),
    apr: toWire(bestAprOf(loaded, now)),
    min_mortgage_amount: toWire(p.minMortgageAmount),
    min_redeem_amount: toWire(p.minRedeemAmount),
    personal_mortgage_limit: toWire(p.personalMortgageLimit),
    crowd_mortgage_limit: toWire(p.crowdMortgageLimit),
    is_crowd: flag(p.crowd),
    agreement: p.agreement,
    reward_delay_days: p.rewardDelayDays,
    interest_days: p.interestDays,
    income_days: p.incomeDays,
    borrow_support: flag(p.borrowSupport),
    extra,
    extra_interest: campaignView(currentCampaign(loaded.campaigns, 0, now), now),
    vip_config: p.vipConfig,
    exchange_type: p.exchangeType,
    exchange_coin: p.exchangeType === 'asset' ? p.exchangeCoin : '',
    exchange_rate: toWire(p.exchangeRate),
    exchange_rate_reverse: toWire(p.exchangeRateReverse),
    tips: localized(p.i18n, lang, 'tips', p.tips),
    redeem_config: {
      redeem_coin: p.redeemCoin,
      redeem_fee: extra.redeem_fee,
      redeem_quick_fee: extra.redeem_quick_fee,
      redeem_quick: extra.redeem_quick,
      redeem_quick_daily: quickLeft,
      redeem_quick_daily_total: toWire(p.redeemQuickDaily),
      redeem_quick_long: p.redeemQuickLongMinutes,
      quick_selectable: flag(quickRedeemSelectable(p.redeemQuick, quickLeft, p.minRedeemAmount)),
    },
    redeem_period_status: redeemPeriodStatus(p.incomeDays, p.redeemMinDay, p.redeemMaxDay),
    precision: p.precision,
    protocol: p.protocol,
    status: p.status as 'online' | 'offline',
    i18n: p.i18n,
  };
}
