import {
  assetSymbol,
  campaignStatus,
  type Decimal,
  dec,
  maxDec,
  nonNegativeAmount,
  quickRedeemSelectable,
  redeemPeriodStatus,
  STAKING_PRODUCT_TYPES,
  toWire,
  UNLIMITED,
} from '@earn/domain';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import {
  stakingCampaigns,
  stakingPositions,
  stakingProducts,
  stakingProtocols,
  stakingRedemptions,
} from '../db/schema';
import { errors } from '../http/errors';
import { unixSeconds } from '../jobs/clock';
import { requireAsset } from '../market/assets';

export type ProductRow = typeof stakingProducts.$inferSelect;
export type ProtocolRow = typeof stakingProtocols.$inferSelect;
export type CampaignRow = typeof stakingCampaigns.$inferSelect;

export interface LoadedProduct {
  product: ProductRow;
  protocols: ProtocolRow[];
  campaigns: CampaignRow[];
}

/** A cap: "-1" (unlimited) or a non-negative amount. */
const cap = z.union([z.literal(UNLIMITED), nonNegativeAmount(8)]);
const rate = nonNegativeAmount(8);
const fraction = nonNegativeAmount(8).refine((s) => dec(s).lte(1), {
  message: 'a fee rate is a fraction at most 1',
});
const days = z.number().int().min(-1).max(3650);

const tier = z.object({ money_min: nonNegativeAmount(8), money_max: cap, money_rate: fraction });

export const campaignInput = z.object({
  /** 0 or absent: the whole product; else the index (0-based) of a protocol in `defi` at creation, or a pid later. */
  pid: z.number().int().min(0).optional(),
  reward_coin: assetSymbol,
  max_interest: fraction.optional(),
  start_time: z.number().int().positive(),
  end_time: z.number().int().positive(),
  interest: z.array(tier).min(1).max(20),
  labels: z
    .array(
      z.object({
        label: z.string().max(64),
        value: z.string().max(64),
        rate: z.string().max(32),
        moneyMin: z.string().max(49),
      }),
    )
    .max(20)
    .default([]),
});

export const protocolInput = z.object({
  protocol_name: z.string().trim().min(1).max(64),
  reward_coin: assetSymbol,
  rate,
  base_rate: rate.optional(),
  reward: z
    .object({
      reward_delay_days: days.default(1),
      interest_delay_days: days.default(0),
      fee_rate: fraction.default('0'),
    })
    .default({ reward_delay_days: 1, interest_delay_days: 0, fee_rate: '0' }),
  income_days: z.number().int().min(0).max(3650).default(0),
  personal_mortgage_limit: cap.default(UNLIMITED),
  sort: z.number().int().default(0),
});

const extraInput = z.object({
  redeem_period_txt: z.string().max(200).default(''),
  redeem_quick: z.union([z.literal(0), z.literal(1)]).default(0),
  redeem_quick_long: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(0),
  redeem_control: z.string().max(100).default('redeem'),
  redeem_minday: z.number().int().min(0).max(3650).default(0),
  redeem_maxday: z.number().int().min(0).max(3650).default(0),
  redeem_fee: fraction.default('0'),
  redeem_quick_fee: fraction.default('0'),
});

const productFields = {
  type: z
    .number()
    .int()
    .refine((t) => (STAKING_PRODUCT_TYPES as readonly number[]).includes(t), 'type is 0, 1 or 2'),
  reward_coin: assetSymbol,
  rate,
  base_rate: rate.optional(),
  most_rate: rate.optional(),
  min_mortgage_amount: nonNegativeAmount(8).default('0'),
  min_redeem_amount: nonNegativeAmount(8).default('0'),
  personal_mortgage_limit: cap.default(UNLIMITED),
  is_crowd: z.boolean().default(false),
  crowd_mortgage_limit: cap.default(UNLIMITED),
  agreement: z.string().max(500).default('/docs/staking_user_agreement.pdf'),
  reward_delay_days: days.default(1),
  interest_days: z.number().int().min(0).max(3650).default(0),
  income_days: z.number().int().min(0).max(3650).default(0),
  borrow_support: z.boolean().default(false),
  extra: extraInput.default(extraInput.parse({})),
  redeem_config: z
    .object({ redeem_coin: assetSymbol.optional(), redeem_quick_daily: cap.default(UNLIMITED) })
    .default({ redeem_quick_daily: UNLIMITED }),
  vip_config: z
    .array(
      z.object({
        min_tier: z.number().int().min(0),
        max_tier: z.number().int().min(0),
        vip_sale: nonNegativeAmount(4),
      }),
    )
    .max(20)
    .default([]),
  exchange_type: z.enum(['default', 'asset']).default('default'),
  /** The receipt token of an exchange_type 'asset' product (a listed asset, not the staked coin). */
  exchange_coin: assetSymbol.optional(),
  exchange_rate: nonNegativeAmount(18).default('1'),
  exchange_rate_reverse: nonNegativeAmount(18).default('1'),
  tips: z.string().max(1000).default(''),
  precision: z.number().int().min(0).max(8).default(8),
  protocol: z.string().max(200).default(''),
  debt: z
    .array(z.object({ coin: assetSymbol, rate, amount: nonNegativeAmount(8) }))
    .max(20)
    .default([]),
  faq: z
    .array(
      z.object({
        ask: z.string().max(500),
        answer: z.string().max(4000),
        cate: z.string().max(64).default('faq'),
        unfold: z.boolean().default(false),
      }),
    )
    .max(50)
    .default([]),
  status: z.enum(['online', 'offline']).default('online'),
  sort: z.number().int().default(0),
};

export const productInput = z.object({
  coin: assetSymbol,
  ...productFields,
  defi: z.array(protocolInput).max(20).default([]),
  extra_interest: z.array(campaignInput).max(20).default([]),
});
export type ProductInput = z.infer<typeof productInput>;

/**
 * A field of an edit: optional and without its creation default, so a field left out keeps its value
 * (zod applies a default even inside .optional()).
 */
function patchField(v: z.ZodTypeAny): z.ZodTypeAny {
  return (v instanceof z.ZodDefault ? (v.removeDefault() as z.ZodTypeAny) : v).optional();
}

/** An edit: any product-level field; the coins (mortgage and reward) are fixed once positions may exist. */
export const productPatch = z
  .object(
    Object.fromEntries(Object.entries(productFields).map(([k, v]) => [k, patchField(v as z.ZodTypeAny)])),
  )
  .omit({ reward_coin: true })
  .strict();

function productValues(b: Partial<ProductInput>, at: Date): Partial<typeof stakingProducts.$inferInsert> {
  const v: Partial<typeof stakingProducts.$inferInsert> = { updatedAt: at };
  if (b.type !== undefined) v.type = b.type;
  if (b.reward_coin !== undefined) v.rewardCoin = b.reward_coin;
  if (b.rate !== undefined) v.rate = b.rate;
  if (b.base_rate !== undefined) v.baseRate = b.base_rate;
  if (b.most_rate !== undefined) v.mostRate = b.most_rate;
  if (b.min_mortgage_amount !== undefined) v.minMortgageAmount = b.min_mortgage_amount;
  if (b.min_redeem_amount !== undefined) v.minRedeemAmount = b.min_redeem_amount;
  if (b.personal_mortgage_limit !== undefined) v.personalMortgageLimit = b.personal_mortgage_limit;
  if (b.is_crowd !== undefined) v.crowd = b.is_crowd;
  if (b.crowd_mortgage_limit !== undefined) v.crowdMortgageLimit = b.crowd_mortgage_limit;
  if (b.agreement !== undefined) v.agreement = b.agreement;
  if (b.reward_delay_days !== undefined) v.rewardDelayDays = b.reward_delay_days;
  if (b.interest_days !== undefined) v.interestDays = b.interest_days;
  if (b.income_days !== undefined) v.incomeDays = b.income_days;
  if (b.borrow_support !== undefined) v.borrowSupport = b.borrow_support;
  if (b.extra !== undefined) {
    v.redeemPeriodTxt = b.extra.redeem_period_txt;
    v.redeemQuick = b.extra.redeem_quick === 1;
    v.redeemQuickLongMinutes = b.extra.redeem_quick_long;
    v.redeemControl = b.extra.redeem_control;
    v.redeemMinDay = b.extra.redeem_minday;
    v.redeemMaxDay = b.extra.redeem_maxday;
    v.redeemFee = b.extra.redeem_fee;
    v.redeemQuickFee = b.extra.redeem_quick_fee;
  }
  if (b.redeem_config !== undefined) {
    if (b.redeem_config.redeem_coin !== undefined) v.redeemCoin = b.redeem_config.redeem_coin;
    v.redeemQuickDaily = b.redeem_config.redeem_quick_daily;
  }
  if (b.vip_config !== undefined) v.vipConfig = b.vip_config;
  if (b.exchange_type !== undefined) v.exchangeType = b.exchange_type;
  if (b.exchange_coin !== undefined) v.exchangeCoin = b.exchange_coin;
  if (b.exchange_rate !== undefined) v.exchangeRate = b.exchange_rate;
  if (b.exchange_rate_reverse !== undefined) v.exchangeRateReverse = b.exchange_rate_reverse;
  if (b.tips !== undefined) v.tips = b.tips;
  if (b.precision !== undefined) v.precision = b.precision;
  if (b.protocol !== undefined) v.protocol = b.protocol;
  if (b.debt !== undefined) v.debtList = b.debt;
  if (b.faq !== undefined) v.faq = b.faq;
  if (b.status !== undefined) v.status = b.status;
  if (b.sort !== undefined) v.sort = b.sort;
  return v;
}

function checkCampaign(c: z.infer<typeof campaignInput>): void {
  if (c.end_time <= c.start_time) throw errors.invalidParams('end_time must be after start_time');
}

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
  for (const c of b.extra_interest) {
    await requireAsset(db, c.reward_coin);
    checkCampaign(c);
    if (c.pid !== undefined && c.pid > 0 && c.pid > b.defi.length)
      throw errors.invalidParams('campaign pid is not a protocol');
  }
  const [existing] = await db
    .select({ id: stakingProducts.id })
    .from(stakingProducts)
    .where(eq(stakingProducts.coin, b.coin));
  if (existing)
    throw errors.conflict(`A staking product for ${b.coin} exists (id ${existing.id}); edit it instead`);
  const values = productValues(b, at);
  const [row] = await db
    .insert(stakingProducts)
    .values({
      ...(values as typeof stakingProducts.$inferInsert),
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

export async function updateProduct(
  db: Db,
  id: number,
  patch: Partial<ProductInput>,
  at: Date,
): Promise<void> {
  const current = await requireProductById(db, id);
  if (patch.redeem_config?.redeem_coin !== undefined) await requireAsset(db, patch.redeem_config.redeem_coin);
  const exchange = {
    type: patch.exchange_type ?? current.exchangeType,
    coin: patch.exchange_coin ?? current.exchangeCoin,
    rate: patch.exchange_rate ?? current.exchangeRate,
    reverse: patch.exchange_rate_reverse ?? current.exchangeRateReverse,
  };
  await checkExchange(db, current.coin, exchange);
  if (
    (exchange.type !== current.exchangeType || exchange.coin !== current.exchangeCoin) &&
    (await receiptOutstanding(db, id)).gt(0)
  ) {
    throw errors.conflict(
      'Receipt tokens of this product are outstanding: its exchange_type and exchange_coin are fixed',
    );
  }
  await db.update(stakingProducts).set(productValues(patch, at)).where(eq(stakingProducts.id, id));
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
  checkCampaign(c);
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

export async function productView(db: Db, loaded: LoadedProduct, now: Date) {
  const p = loaded.product;
  const quickLeft = await quickLeftToday(db, p, now);
  const extra = {
    redeem_period_txt: p.redeemPeriodTxt,
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
    tips: p.tips,
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
    status: p.status,
  };
}
