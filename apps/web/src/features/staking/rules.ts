import {
  CampaignStatus,
  checkRedeemAmount,
  checkStakeAmount,
  dec,
  limitLeft,
  type RuleViolation,
  roundDown,
  STAKING_DECIMALS,
  STAKING_YEAR_DAYS,
  type StakeCap,
  StakingKey,
  stakingAprForAmount,
  stakingAprUpTo,
  tieredExtraPerYear,
} from '@earn/domain';
import type { TFunction } from 'i18next';
import { formatAmount, formatPercent } from '../../components/format';
import { formatDate } from '../../i18n';
import type { Campaign, DefiProtocol, HoldingBalance, StakingProduct, VipConfigRow } from './api/index';

export * from './redeem-rules';

/**
 * The staking screens' rules (staking-wealth.md sections 4, 5 and 9), pure so each is tested. The
 * amount rules themselves are the domain's, the very functions the server enforces.
 */

export type Translate = TFunction;

/**
 * A rule's message in the user's language. The domain names its values `number` and `precision`; the
 * shared catalogue's texts say `amount` and `places`, so both names are passed. The minimum rules carry
 * no coin of their own: the dialog's coin is passed so every amount is written with its unit, and the
 * amount is grouped as everywhere else on screen ('20,000', not '20000').
 */
export function ruleText(t: Translate, v: RuleViolation, coin?: string): string {
  const p = v.params;
  const raw = p.amount ?? p.number;
  const amount = raw !== undefined && /^\d+(\.\d+)?$/.test(raw) ? formatAmount(raw) : raw;
  return t(v.key, {
    ...(coin ? { coin } : {}),
    ...p,
    amount,
    places: p.places ?? p.precision,
  }) as string;
}

/** "Blank or <=0: no message, button disabled" (section 5): null means no amount to check. */
export function positiveAmount(amount: string | null): string | null {
  if (!amount) return null;
  return dec(amount).gt(0) ? amount : null;
}

export interface StakeContext {
  product: StakingProduct;
  protocol: DefiProtocol | undefined;
  /** What may be staked now (coin-user-info `available`, loans already taken off). */
  available: string;
  /** Held in the whole product (every protocol). */
  heldInProduct: string;
  /** Held in the chosen protocol. */
  heldInProtocol: string;
}

/**
 * The stake amount rules in the shared order (check-order.ts), as the server checks them: precision,
 * minimum, the personal or crowd cap and the protocol's own cap, then the available balance.
 */
export function stakeViolation(amount: string, ctx: StakeContext): RuleViolation | null {
  const { product } = ctx;
  const crowd = product.is_crowd === 1;
  const caps: StakeCap[] = [
    {
      key: crowd ? StakingKey.crowdLimit : StakingKey.personalLimit,
      left: limitLeft(
        crowd ? product.crowd_mortgage_limit : product.personal_mortgage_limit,
        ctx.heldInProduct,
      ),
    },
  ];
  if (ctx.protocol)
    caps.push({
      key: StakingKey.personalLimit,
      left: limitLeft(ctx.protocol.personal_mortgage_limit, ctx.heldInProtocol),
    });
  return checkStakeAmount({
    amount,
    coin: product.coin,
    min: product.min_mortgage_amount,
    available: ctx.available,
    precision: product.precision,
    caps,
  });
}

/** What Max fills in when staking: the available amount, within the caps left. */
export function stakeMax(ctx: StakeContext): string {
  let max = dec(ctx.available);
  const crowd = ctx.product.is_crowd === 1;
  const productLeft = limitLeft(
    crowd ? ctx.product.crowd_mortgage_limit : ctx.product.personal_mortgage_limit,
    ctx.heldInProduct,
  );
  if (productLeft) max = max.lt(productLeft) ? max : productLeft;
  if (ctx.protocol) {
    const left = limitLeft(ctx.protocol.personal_mortgage_limit, ctx.heldInProtocol);
    if (left) max = max.lt(left) ? max : left;
  }
  return roundDown(max.lt(0) ? 0 : max, ctx.product.precision).toFixed();
}

export function redeemViolation(
  amount: string,
  product: StakingProduct,
  redeemable: string,
): RuleViolation | null {
  return checkRedeemAmount({
    amount,
    coin: product.coin,
    min: product.min_redeem_amount,
    redeemable,
    precision: product.precision,
  });
}

/**
 * Protocol preselection (section 4): on stake the pid asked for (the page's ?pid=), else the first
 * protocol, or the highest-rate one when auto-selecting.
 */
export function preselectProtocol(
  protocols: DefiProtocol[],
  opts: { pid?: number; autoSelect?: boolean } = {},
): DefiProtocol | undefined {
  if (protocols.length === 0) return undefined;
  const asked = opts.pid !== undefined ? protocols.find((p) => p.pid === opts.pid) : undefined;
  if (asked) return asked;
  if (opts.autoSelect) return protocols.reduce((best, p) => (dec(p.apr).gt(best.apr) ? p : best));
  return protocols[0];
}

/** On redeem only protocols with a held amount above 0 are listed; one alone is chosen by itself. */
export function redeemableProtocols(protocols: DefiProtocol[], holdings: HoldingBalance[]) {
  const held = new Map(holdings.map((h) => [h.pid, h.mortgage_amount]));
  const list = protocols.filter((p) => dec(held.get(p.pid) ?? '0').gt(0));
  return { list, auto: list.length === 1 ? list[0] : undefined };
}

export type VipDiscount = { kind: 'hidden' } | { kind: 'none' } | { kind: 'tier'; row: VipConfigRow };

/** The VIP discount tier shown: the row holding the user's tier, "none" if no row does; hidden for crowd. */
export function vipDiscountFor(product: StakingProduct, tier: number): VipDiscount {
  if (product.is_crowd === 1 || product.vip_config.length === 0) return { kind: 'hidden' };
  const row = product.vip_config.find((v) => v.min_tier <= tier && tier <= v.max_tier);
  return row ? { kind: 'tier', row } : { kind: 'none' };
}

/** The campaign that adds to the APR now: only while processing (section 4). */
export function runningCampaign(c: Campaign | null | undefined): Campaign | undefined {
  return c && c.status === CampaignStatus.processing ? c : undefined;
}

/** The campaign that applies to a choice: the protocol's own, else the product's. */
export function campaignFor(product: StakingProduct, protocol: DefiProtocol | undefined): Campaign | null {
  return protocol?.extra_interest ?? product.extra_interest ?? null;
}

/** The base rate (percent) of the choice, and the extra a running campaign adds: 100 × max_interest. */
export function ratesOf(product: StakingProduct, protocol: DefiProtocol | undefined) {
  const base = dec(protocol?.rate ?? product.rate);
  const running = runningCampaign(campaignFor(product, protocol));
  const extra = running ? dec(running.max_interest).times(100) : dec(0);
  return { base: base.toFixed(), extra: extra.toFixed(), total: base.plus(extra).toFixed() };
}

/**
 * The APR (percent) a stake of `amount` gets (@earn/domain stakingAprForAmount): the base rate, plus
 * the running campaign's tiers each on its part of the amount, what the estimate below pays. `total`
 * of ratesOf is the first unit's figure, the most any amount gets.
 */
export function aprForAmount(
  amount: string,
  product: StakingProduct,
  protocol: DefiProtocol | undefined,
): string {
  const running = runningCampaign(campaignFor(product, protocol));
  return stakingAprForAmount(amount, protocol?.rate ?? product.rate, running?.interest ?? []).toFixed();
}

/** "Up to X % on the first N": percent, and the amount it needs (null: any amount gets it). */
export interface AprUpTo {
  apr: string;
  amount: string | null;
}

/**
 * The most a stake of the choice gets and the amount that gets it (@earn/domain stakingAprUpTo, the
 * rule of aprForAmount): without a running campaign, or with an unbounded one, the rate alone.
 */
export function aprUpToOf(product: StakingProduct, protocol: DefiProtocol | undefined): AprUpTo {
  const running = runningCampaign(campaignFor(product, protocol));
  const up = stakingAprUpTo(protocol?.rate ?? product.rate, running?.interest ?? []);
  return { apr: up.apr.toFixed(), amount: up.amount?.toFixed() ?? null };
}

/** The list's figure of a product: its own terms', or its best protocol's (the server's home card: bestUpToOf). */
export function productAprUpTo(product: StakingProduct): AprUpTo {
  if (product.defi.length === 0) return aprUpToOf(product, undefined);
  return product.defi
    .map((d) => aprUpToOf(product, d))
    .reduce((best, up) => (dec(up.apr).gt(best.apr) ? up : best));
}

export interface Estimate {
  baseDaily: string;
  bonusDaily: string;
  baseYearly: string;
  bonusYearly: string;
  /** The coins each part is paid in: the bonus may be another coin than the rewards. */
  rewardCoin: string;
  bonusCoin: string;
}

/**
 * Estimated rewards of an amount: base = amount × rate% / 365 a day, plus the running campaign's
 * tiered extra / 365; 8 decimals, cut down (a 365-day year, section 9).
 */
export function estimateRewards(
  amount: string,
  product: StakingProduct,
  protocol: DefiProtocol | undefined,
): Estimate {
  const a = dec(amount);
  const rate = dec(protocol?.rate ?? product.rate);
  const baseYear = a.times(rate).div(100);
  const running = runningCampaign(campaignFor(product, protocol));
  const bonusYear = running ? tieredExtraPerYear(a, running.interest) : dec(0);
  const rewardCoin = protocol?.reward_coin ?? product.reward_coin;
  return {
    baseDaily: roundDown(baseYear.div(STAKING_YEAR_DAYS), STAKING_DECIMALS).toFixed(),
    bonusDaily: roundDown(bonusYear.div(STAKING_YEAR_DAYS), STAKING_DECIMALS).toFixed(),
    baseYearly: roundDown(baseYear, STAKING_DECIMALS).toFixed(),
    bonusYearly: roundDown(bonusYear, STAKING_DECIMALS).toFixed(),
    rewardCoin,
    bonusCoin: running?.reward_coin ?? rewardCoin,
  };
}

/** Amounts per coin, summed where the coins are the same ("0.1 ETH + 2 GT"). */
export function perCoin(parts: { amount: string; coin: string }[]): { amount: string; coin: string }[] {
  const out: { amount: string; coin: string }[] = [];
  for (const p of parts) {
    if (dec(p.amount).isZero() && out.length > 0) continue;
    const same = out.find((o) => o.coin === p.coin);
    if (same) same.amount = dec(same.amount).plus(p.amount).toFixed();
    else out.push({ ...p });
  }
  return out;
}

/** First distribution of a stake made now, or null when rewards are paid at redeem (delay -1 or 0). */
export function rewardDelayOf(product: StakingProduct, protocol: DefiProtocol | undefined): number {
  return protocol?.reward[0]?.reward_delay_days ?? product.reward_delay_days;
}

/** Timestamps in the app's one date-time format, with the zone (section 9's YYYY-MM-DD HH:mm, per language). */
export function formatStamp(seconds: number): string {
  return formatDate(seconds, true);
}

/** A rate in percent; above 0 but below 0.00000001 it reads as less-than (section 9). */
export function formatRate(rate: string, places = 2): string {
  const r = dec(rate);
  if (r.gt(0) && r.lt('0.00000001')) return '<0.00000001%';
  return formatPercent(r.toFixed(), places);
}

/** A fee fraction shown as percent ("0.005" → "0.5%"). */
export function feePercent(fraction: string): string {
  return `${dec(fraction).times(100).toFixed()}%`;
}

/** The holdings page of a coin: product-type 0 for token (credit), 1 otherwise (section 2). */
export function holdingsUrl(product: Pick<StakingProduct, 'coin' | 'type'>): string {
  const productType = product.type === 0 ? 0 : 1;
  return `/myaccount/myfunds/financial_staking?asset=${encodeURIComponent(product.coin)}&product-type=${productType}`;
}

export function redeemHistoryUrl(coin: string): string {
  return `/myaccount/myfunds/financial_staking?asset=${encodeURIComponent(coin)}&open-history=1&type=1`;
}

/** Whether the order-confirmation step comes before the stake is sent (our decision; see README). */
export function needsConfirmation(product: StakingProduct): boolean {
  return product.exchange_type === 'asset' || product.type === 2;
}

/** Reward-coin pairs for market prices: USDT and comma lists excluded (section 9). */
export function rewardPairs(coins: string[]): string[] {
  const set = new Set<string>();
  for (const c of coins) if (c && c !== 'USDT' && !c.includes(',')) set.add(`${c}_USDT`);
  return [...set];
}

// ---------- the stake modal's states (section 2 and 4) ----------

export type StakeView =
  | 'loading'
  | 'main'
  | 'faq'
  | 'rate'
  | 'extra_bonus'
  | 'bonus_rules'
  | 'stake_success'
  | 'defi'
  | 'about'
  | 'estimated_apr'
  | 'confirm';

export interface StakeModalState {
  view: StakeView;
  /** Where Back returns to (bonus rules opened from the extra-bonus view go back there). */
  back: StakeView;
}

export type StakeModalAction =
  | { type: 'loaded' }
  | { type: 'open'; view: Exclude<StakeView, 'loading' | 'stake_success'> }
  | { type: 'back' }
  | { type: 'succeeded' }
  | { type: 'continue' }
  | { type: 'reset' };

export const initialStakeState: StakeModalState = { view: 'loading', back: 'main' };

export function stakeModalReducer(state: StakeModalState, action: StakeModalAction): StakeModalState {
  switch (action.type) {
    case 'loaded':
      return state.view === 'loading' ? { view: 'main', back: 'main' } : state;
    case 'open':
      if (state.view === 'loading') return state;
      return {
        view: action.view,
        back: state.view === 'main' || action.view === 'main' ? 'main' : state.view,
      };
    case 'back':
      return { view: state.back, back: 'main' };
    case 'succeeded':
      return { view: 'stake_success', back: 'main' };
    case 'continue':
      return { view: 'main', back: 'main' };
    case 'reset':
      return initialStakeState;
  }
}

export type RedeemView = 'main' | 'redeem_type_select' | 'redeem_success' | 'faq';
