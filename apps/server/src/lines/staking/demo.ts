import { dec, roundDown, toWire } from '@earn/domain';
import type { Db } from '../../infra/db/client';
import { stakingRatePoints } from '../../infra/db/schema';
import { findAsset, setPrice } from '../../market/assets';
import { productInput } from './schema/catalogue';
import { stake } from './service/stake';
import { AcceptanceKind, recordAcceptance } from './store/acceptance';
import { createProduct, loadAllProducts } from './store/products';

const DAY_MS = 86_400_000;
/** The receipt token of the demo's ETH product (exchange_type asset). */
const RECEIPT_TOKEN = 'GTETH';

const faq = (coin: string) => [
  {
    ask: `What do I earn by staking ${coin}?`,
    answer: `Staked ${coin} earns the product's APR, paid daily in the reward coin after the reward delay.`,
    cate: 'faq',
    unfold: true,
  },
  {
    ask: 'How do I redeem?',
    answer:
      'Standard redemption arrives after the waiting period for a small fee; quick redemption arrives within minutes for a higher fee, within a daily quota.',
    cate: 'faq',
    unfold: false,
  },
  {
    ask: 'Where do the rewards come from?',
    answer: 'From the protocols the product stakes through.',
    cate: 'sources',
    unfold: false,
  },
];

const faqZh = (coin: string) => [
  {
    ask: `质押 ${coin} 能获得什么？`,
    answer: `质押的 ${coin} 按产品的年化收益率计算奖励，在奖励延迟期结束后以奖励币种每日发放。`,
    cate: 'faq',
    unfold: true,
  },
  {
    ask: '如何赎回？',
    answer:
      '标准赎回在等待期结束后到账，收取少量手续费；快速赎回在数分钟内到账，手续费较高，且受每日额度限制。',
    cate: 'faq',
    unfold: false,
  },
  {
    ask: '奖励来自哪里？',
    answer: '来自产品所质押的协议。',
    cate: 'sources',
    unfold: false,
  },
];

/** A demo product's Simplified Chinese texts (http/texts.ts): its FAQ, and tips and period text when it has them. */
const zh = (coin: string, texts: { tips?: string; redeem_period_txt?: string } = {}) => ({
  i18n: { 'zh-CN': { faq: faqZh(coin), ...texts } },
});

/**
 * The demo catalogue: ETH with two defi protocols, GT with a running extra-bonus campaign, a USDT credit
 * product, SOL with quick redeem and a daily quota, and a DOT credit-debt product whose rewards are paid
 * at redeem. The demo user holds some ETH and GT stakes, and a year of APR points fills the charts.
 */
export async function seedStakingDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
  const sec = Math.floor(at.getTime() / 1000);
  const products = [
    productInput.parse({
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3.1',
      min_mortgage_amount: '0.01',
      min_redeem_amount: '0.01',
      personal_mortgage_limit: '1000',
      income_days: 3,
      exchange_type: 'asset',
      exchange_coin: RECEIPT_TOKEN,
      exchange_rate: '0.99412',
      exchange_rate_reverse: '1.00591',
      extra: { redeem_fee: '0.001', redeem_minday: 1, redeem_maxday: 3, redeem_period_txt: '1-3 days' },
      vip_config: [{ min_tier: 1, max_tier: 5, vip_sale: '20' }],
      tips: 'ETH is staked through liquid-staking protocols.',
      protocol: 'Lido, Rocket Pool',
      faq: faq('ETH'),
      ...zh('ETH', { tips: 'ETH 通过流动性质押协议进行质押。', redeem_period_txt: '1-3 天' }),
      defi: [
        {
          protocol_name: 'Lido',
          reward_coin: 'ETH',
          rate: '3.2',
          reward: { reward_delay_days: 1, interest_delay_days: 1, fee_rate: '0.1' },
          income_days: 3,
        },
        {
          protocol_name: 'Rocket Pool',
          reward_coin: 'ETH',
          rate: '2.9',
          reward: { reward_delay_days: 1, interest_delay_days: 1, fee_rate: '0.14' },
          income_days: 5,
          personal_mortgage_limit: '200',
        },
      ],
    }),
    productInput.parse({
      coin: 'GT',
      type: 1,
      reward_coin: 'GT',
      rate: '5',
      min_mortgage_amount: '1',
      min_redeem_amount: '1',
      personal_mortgage_limit: '-1',
      income_days: 1,
      extra: { redeem_fee: '0', redeem_maxday: 1 },
      faq: faq('GT'),
      ...zh('GT'),
      extra_interest: [
        {
          reward_coin: 'GT',
          max_interest: '0.08',
          start_time: sec - 3 * 86_400,
          end_time: sec + 11 * 86_400,
          interest: [
            { money_min: '0', money_max: '500', money_rate: '0.08' },
            { money_min: '500', money_max: '2000', money_rate: '0.03' },
          ],
          labels: [
            { label: 'First 500 GT', value: '0-500', rate: '8', moneyMin: '0' },
            { label: '500 to 2000 GT', value: '500-2000', rate: '3', moneyMin: '500' },
          ],
        },
      ],
    }),
    productInput.parse({
      coin: 'USDT',
      type: 0,
      reward_coin: 'USDT',
      rate: '6.5',
      min_mortgage_amount: '10',
      min_redeem_amount: '1',
      personal_mortgage_limit: '50000',
      is_crowd: true,
      crowd_mortgage_limit: '20000',
      faq: faq('USDT'),
      ...zh('USDT'),
    }),
    productInput.parse({
      coin: 'SOL',
      type: 1,
      reward_coin: 'SOL',
      rate: '6.8',
      min_mortgage_amount: '0.1',
      min_redeem_amount: '0.1',
      income_days: 7,
      extra: {
        redeem_quick: 1,
        redeem_quick_long: 30,
        redeem_fee: '0.001',
        redeem_quick_fee: '0.005',
        redeem_maxday: 7,
        redeem_period_txt: '7 days',
      },
      redeem_config: { redeem_quick_daily: '500' },
      faq: faq('SOL'),
      ...zh('SOL', { redeem_period_txt: '7 天' }),
    }),
    productInput.parse({
      coin: 'DOT',
      type: 2,
      reward_coin: 'DOT',
      rate: '11.2',
      min_mortgage_amount: '1',
      min_redeem_amount: '1',
      reward_delay_days: 0,
      income_days: 28,
      extra: { redeem_fee: '0', redeem_minday: 0, redeem_maxday: 28 },
      debt: [{ coin: 'USDC', rate: '4.5', amount: '250000' }],
      faq: faq('DOT'),
      ...zh('DOT'),
    }),
  ];
  // ETH's receipt token: listed at ETH's price × exchange_rate_reverse (what one token redeems for).
  const ethAsset = await findAsset(db, 'ETH');
  if (ethAsset && !(await findAsset(db, RECEIPT_TOKEN))) {
    await setPrice(db, {
      symbol: RECEIPT_TOKEN,
      name: 'Staked ETH receipt',
      usdt: roundDown(dec(ethAsset.priceUsdt).times('1.00591'), 8),
      at,
    });
  }
  for (const p of products) {
    if (!(await findAsset(db, p.coin))) continue;
    await createProduct(db, p, at);
  }

  await seedRatePoints(db, at);
  await seedDemoHoldings(db, at, demoUserId);
}

/** The demo user's accepted agreements and stakes in ETH (through its first protocol) and GT. */
async function seedDemoHoldings(db: Db, at: Date, demoUserId: number): Promise<void> {
  for (const l of await loadAllProducts(db)) {
    if (l.product.coin !== 'ETH' && l.product.coin !== 'GT') continue;
    await recordAcceptance(
      db,
      {
        userId: demoUserId,
        kind: AcceptanceKind.stakingAgreement,
        ref: l.product.coin,
        document: l.product.agreement,
      },
      at,
    );
  }
  const eth = (await loadAllProducts(db)).find((l) => l.product.coin === 'ETH');
  if (eth?.protocols[0]) {
    await stake(db, {
      userId: demoUserId,
      coin: 'ETH',
      pid: eth.protocols[0].id,
      amount: '2',
      src: 0,
      now: at,
    });
  }
  await stake(db, { userId: demoUserId, coin: 'GT', amount: '300', src: 0, now: at });
}

/** A year of daily APR points, gently varying around today's rate, so the trend charts have a shape. */
async function seedRatePoints(db: Db, at: Date): Promise<void> {
  const today = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  for (const loaded of await loadAllProducts(db)) {
    const lines =
      loaded.protocols.length > 0
        ? loaded.protocols.map((p) => ({ id: p.id, rate: p.rate, coin: p.rewardCoin }))
        : [{ id: 0, rate: loaded.product.rate, coin: loaded.product.rewardCoin }];
    for (const line of lines) {
      const points = [];
      for (let i = 365; i >= 1; i--) {
        const wobble = dec((i * 7) % 11)
          .minus(5)
          .div(20);
        const rate = dec(line.rate).plus(wobble);
        points.push({
          productId: loaded.product.id,
          protocolId: line.id,
          day: new Date(today - i * DAY_MS),
          rate: toWire(rate),
          baseRate: toWire(rate),
          extraRate: '0',
          extraCoin: '',
          rewardCoin: line.coin,
        });
      }
      await db.insert(stakingRatePoints).values(points).onConflictDoNothing();
    }
  }
}
