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
import type { Db } from '../../infra/db/client';
import type { Language } from '../../infra/http/texts';
import { localized } from '../../infra/http/texts';
import { unixSeconds } from '../../infra/jobs/clock';
import type { CampaignRow, LoadedProduct, ProtocolRow } from './model';
import { quickLeftToday } from './store/products';

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
