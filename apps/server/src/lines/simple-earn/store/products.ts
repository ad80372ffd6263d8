import {
  aprUpTo,
  dec,
  isPlainDecimal,
  SimpleEarnBusinessType,
  type SimpleEarnLadderTier,
  SimpleEarnProductType,
  SimpleEarnSaleStatus,
  toWire,
} from '@earn/domain';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { assets, seFixedProducts, seFlexProducts } from '../../../infra/db/schema';
import type { Language } from '../../../infra/http/texts';
import { localized } from '../../../infra/http/texts';
import { errors } from '../../../kernel/errors';
import type { BestOffer } from '../../../kernel/module';
import { requireAsset } from '../../../market/assets';
import { fixedProductAprTerms, flexAprTerms, productAprWire } from '../apr';
import { type FixedProduct, type FlexProduct, iconOf, unix } from '../model';

const wire = (v: string | null | undefined) => toWire(v ?? '0');

export async function flexProduct(db: Db, asset: string): Promise<FlexProduct | undefined> {
  const [row] = await db.select().from(seFlexProducts).where(eq(seFlexProducts.asset, asset));
  return row;
}

export async function requireFlexProduct(db: Db, asset: string): Promise<FlexProduct> {
  const row = await flexProduct(db, asset);
  if (!row) {
    await requireAsset(db, asset);
    throw errors.notFound(`flexible ${asset} product`);
  }
  return row;
}

export async function fixedProduct(db: Db, id: number): Promise<FixedProduct | undefined> {
  const [row] = await db.select().from(seFixedProducts).where(eq(seFixedProducts.id, id));
  return row;
}

export async function requireFixedProduct(db: Db, id: number): Promise<FixedProduct> {
  const row = await fixedProduct(db, id);
  if (!row) throw errors.notFound(`fixed product ${id}`);
  return row;
}

export function remainingQuota(p: FixedProduct) {
  return dec(p.totalQuota).minus(p.soldAmount);
}

export function saleStatus(p: FixedProduct): number {
  return remainingQuota(p).lt(p.minLendAmount)
    ? SimpleEarnSaleStatus.soldOut
    : SimpleEarnSaleStatus.subscribable;
}

/** Fixed products listed now: active and not ended (upcoming ones are listed, not subscribable). */
export async function listedFixedProducts(db: Db, now: Date, asset?: string): Promise<FixedProduct[]> {
  const conditions = [
    eq(seFixedProducts.status, 1),
    or(isNull(seFixedProducts.endTime), gt(seFixedProducts.endTime, now)),
  ];
  if (asset) conditions.push(eq(seFixedProducts.asset, asset));
  return db
    .select()
    .from(seFixedProducts)
    .where(and(...conditions))
    .orderBy(asc(seFixedProducts.asset), asc(seFixedProducts.lockUpPeriod), asc(seFixedProducts.id));
}

export async function pricesOf(db: Db): Promise<Map<string, string>> {
  const list = await db.select({ symbol: assets.symbol, price: assets.priceUsdt }).from(assets);
  return new Map(list.map((a) => [a.symbol, a.price]));
}

/** A stored tier bound in the wire form; an open end ("") and anything unreadable stay as stored. */
function bound(v: string | null | undefined): string {
  return typeof v === 'string' && isPlainDecimal(v) ? toWire(v) : (v ?? '');
}

/** Ladder tiers as every answer shows them: the open end of the last tier is `right: ""`. */
function tiers(list: SimpleEarnLadderTier[]) {
  return (Array.isArray(list) ? list : []).map((t) => ({
    left: bound(t.left),
    right: bound(t.right),
    apr: bound(t.apr),
  }));
}

export function fixedView(p: FixedProduct, prices: Map<string, string>, lang: Language = 'en') {
  return {
    id: p.id,
    asset: p.asset,
    type: p.type,
    min_vip: p.minVip,
    max_vip: p.maxVip,
    lock_up_period: p.lockUpPeriod,
    year_rate: wire(p.yearRate),
    sale_status: saleStatus(p),
    min_lend_amount: wire(p.minLendAmount),
    user_max_lend_volume: wire(p.userMaxLendVolume),
    total_quota: wire(p.totalQuota),
    remaining_quota: toWire(remainingQuota(p)),
    start_time: unix(p.startTime),
    end_time: unix(p.endTime),
    reinvest: p.reinvest,
    redeem_account: p.redeemAccount,
    pre_redeem: p.preRedeem,
    bonus_asset: p.bonusAsset ?? '',
    bonus_icon: p.bonusAsset ? iconOf(p.bonusAsset) : '',
    product_asset_price: wire(prices.get(p.asset)),
    bonus_asset_price: p.bonusAsset ? wire(prices.get(p.bonusAsset)) : '0',
    title: localized(p.i18n, lang, 'title', p.title),
    subtitle: localized(p.i18n, lang, 'subtitle', p.subtitle),
    ladder_apr: tiers(p.ladderApr),
    ...productAprWire(fixedProductAprTerms(p)),
  };
}

export type FixedView = ReturnType<typeof fixedView>;

/** The flexible product as the synthetic entry with id 0 of fixed_list. */
function flexAsFixedEntry(p: FlexProduct, prices: Map<string, string>, lang: Language): FixedView {
  return {
    id: 0,
    asset: p.asset,
    type: 1,
    min_vip: 0,
    max_vip: 0,
    lock_up_period: 0,
    year_rate: wire(p.nextTimeRateYear),
    sale_status: SimpleEarnSaleStatus.subscribable,
    min_lend_amount: wire(p.minLendAmount),
    user_max_lend_volume: '0',
    total_quota: '0',
    remaining_quota: '0',
    start_time: 0,
    end_time: 0,
    reinvest: 0,
    redeem_account: 0,
    pre_redeem: 1,
    bonus_asset: p.isOpenAwardPool ? (p.awardAsset ?? p.asset) : '',
    bonus_icon: p.isOpenAwardPool ? iconOf(p.awardAsset ?? p.asset) : '',
    product_asset_price: wire(prices.get(p.asset)),
    bonus_asset_price: p.awardAsset ? wire(prices.get(p.awardAsset)) : '0',
    title: lang === 'zh-CN' ? `${p.asset} 活期` : `${p.asset} Flexible`,
    subtitle: '',
    ladder_apr: tiers(p.ladderApr),
    ...productAprWire(flexAprTerms(p)),
  };
}

/** The product detail of section 3 for one asset: flexible fields plus fixed_list. */
export function productDetail(
  asset: string,
  flex: FlexProduct | undefined,
  fixed: FixedProduct[],
  prices: Map<string, string>,
  lang: Language = 'en',
) {
  const fixedList = fixed.map((p) => fixedView(p, prices, lang));
  const businessType = flex
    ? fixed.length > 0
      ? SimpleEarnBusinessType.flexibleAndFixed
      : SimpleEarnBusinessType.flexible
    : SimpleEarnBusinessType.fixed;
  const supplied = dec(flex?.lastSupplied ?? '0');
  return {
    asset,
    business_type: businessType,
    fixed_list: flex ? [flexAsFixedEntry(flex, prices, lang), ...fixedList] : fixedList,
    next_time_rate_year: wire(flex?.nextTimeRateYear),
    ext_award_rate_year: wire(flex?.extAwardRateYear),
    ext_award_limit: wire(flex?.extAwardLimit),
    limit_min_lend_rate_year: wire(flex?.limitMinLendRateYear),
    max_lend_rate_year: flex ? wire(flex.maxLendRateYear) : '5',
    min_lend_amount: wire(flex?.minLendAmount ?? fixed[0]?.minLendAmount),
    award_asset: flex?.awardAsset ?? '',
    is_open_award_pool: flex?.isOpenAwardPool ? 1 : 0,
    icon: iconOf(asset),
    usdt_rate: wire(prices.get(asset)),
    ladder_apr: tiers(flex?.ladderApr ?? []),
    lend_ratio: supplied.isZero() ? '0' : toWire(dec(flex?.lastLent ?? '0').div(supplied), 8),
  };
}

export async function productDetails(db: Db, now: Date, onlyAsset?: string, lang: Language = 'en') {
  const flexRows = await db
    .select()
    .from(seFlexProducts)
    .where(
      onlyAsset
        ? and(eq(seFlexProducts.status, 1), eq(seFlexProducts.asset, onlyAsset))
        : eq(seFlexProducts.status, 1),
    )
    .orderBy(asc(seFlexProducts.sort), asc(seFlexProducts.asset));
  const fixedRows = await listedFixedProducts(db, now, onlyAsset);
  const prices = await pricesOf(db);
  const assetsInOrder = [...new Set([...flexRows.map((f) => f.asset), ...fixedRows.map((f) => f.asset)])];
  return assetsInOrder.map((asset) =>
    productDetail(
      asset,
      flexRows.find((f) => f.asset === asset),
      fixedRows.filter((f) => f.asset === asset),
      prices,
      lang,
    ),
  );
}

/** Whether a fixed product takes subscriptions at `now` (its window and status). */
export function onSale(p: FixedProduct, now: Date): boolean {
  return (
    p.status === 1 &&
    p.startTime.getTime() <= now.getTime() &&
    (!p.endTime || p.endTime.getTime() > now.getTime())
  );
}

/**
 * The best APR a normal product pays, by the rule every screen uses (simple-earn/apr.ts): the most any
 * amount earns, and the amount it needs ("up to 15.23 % on the first 500 USDT").
 */
export async function bestOffer(db: Db): Promise<BestOffer> {
  const flex = await db.select().from(seFlexProducts).where(eq(seFlexProducts.status, 1));
  const fixed = await db
    .select()
    .from(seFixedProducts)
    .where(
      and(
        eq(seFixedProducts.status, 1),
        eq(seFixedProducts.type, SimpleEarnProductType.normal),
        sql`${seFixedProducts.totalQuota} - ${seFixedProducts.soldAmount} >= ${seFixedProducts.minLendAmount}`,
      ),
    );
  const offers = [
    ...flex.map((p) => ({ asset: p.asset, up: aprUpTo(flexAprTerms(p)) })),
    ...fixed.map((p) => ({ asset: p.asset, up: aprUpTo(fixedProductAprTerms(p)) })),
  ].sort((a, b) => b.up.apr.cmp(a.up.apr) || a.asset.localeCompare(b.asset));
  const best = offers[0];
  return {
    line: 'simple-earn',
    asset: best?.asset ?? null,
    apr: best ? toWire(best.up.apr.times(100)) : null,
    up_to_amount: best?.up.amount ? toWire(best.up.amount) : null,
  };
}
