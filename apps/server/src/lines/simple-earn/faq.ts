/** The simple-earn FAQ (GET /apiw/v2/earn/ask?mold=simple-earn): how this server actually behaves. */
export const FAQ: { id: number; question: string; answer: string }[] = [
  {
    id: 1,
    question: 'What is simple earn?',
    answer:
      'You lend a coin and earn interest. Flexible has no lock: your coins are lent to margin borrowers by the hour. Fixed locks your coins for a set number of days at a set rate.',
  },
  {
    id: 2,
    question: 'When does flexible interest start?',
    answer:
      "At the next whole hour after you subscribe; each hour's interest is received when the hour ends, at that hour's rate, on the part of your holding that was lent.",
  },
  {
    id: 3,
    question: 'What is the minimum lend APR?',
    answer:
      'The lowest hourly rate you accept. In an hour whose rate is below it your coins are not lent and earn nothing. Offers are lent cheapest first, then oldest first, up to what borrowers take.',
  },
  {
    id: 4,
    question: 'How are small amounts of interest paid?',
    answer:
      'Interest is computed exactly and paid in whole units of 0.00000001; the fraction below is kept and paid as soon as it adds up, so nothing is lost.',
  },
  {
    id: 5,
    question: 'When do I get my coins back from flexible?',
    answer:
      'At once, the whole amount, into your spot account: a flexible redemption is immediate. The amount redeemed stops earning from that moment.',
  },
  {
    id: 6,
    question: 'When does fixed interest start and when is it paid?',
    answer:
      'Interest runs from the day after you subscribe. The order matures after its term, and principal plus interest arrive 30 minutes after the maturity day starts (UTC), in the spot account or in flexible, as you chose.',
  },
  {
    id: 7,
    question: 'What is auto-reinvest?',
    answer:
      'At maturity principal plus interest roll into a new order of the same product at its rate then, if it is still on sale and has room; otherwise they are paid out as usual.',
  },
  {
    id: 8,
    question: 'Can I redeem a fixed order early?',
    answer:
      "Only when the product allows it, and not in the last hour before maturity. You get your principal back at once; the order's interest, voucher yield and bonus are forfeited.",
  },
  {
    id: 9,
    question: 'What is a rate-up voucher?',
    answer:
      "It adds its rate to a fixed subscription for its number of days (at most the term), when the amount is within the voucher's limits. Each voucher is used once.",
  },
  {
    id: 10,
    question: 'What is auto-earn?',
    answer:
      'Once an hour, the idle spot balance of the coins you switched on moves into flexible simple earn, when it reaches the minimum.',
  },
];

/** The same answers in Simplified Chinese, in the same order and ids (terms as apps/web/src/i18n/GLOSSARY.md). */
export const FAQ_ZH_CN: typeof FAQ = [
  {
    id: 1,
    question: '什么是余币宝？',
    answer:
      '您出借币种并获得利息。活期没有锁定期：您的币按小时出借给杠杆借款人。定期在固定天数内锁定您的币，按固定利率计息。',
  },
  {
    id: 2,
    question: '活期利息何时开始计算？',
    answer:
      '申购后的下一个整点开始；每小时的利息在该小时结束时到账，按该小时的利率，以您持仓中实际出借的部分计算。',
  },
  {
    id: 3,
    question: '什么是最低出借年化？',
    answer:
      '您可接受的最低小时利率。某小时的利率低于它时，您的币不会出借，也没有收益。出借按利率从低到高、再按时间从早到晚撮合，直到满足借款人的需求为止。',
  },
  {
    id: 4,
    question: '小额利息如何发放？',
    answer:
      '利息精确计算，以 0.00000001 为最小单位发放；不足一个单位的部分会保留，累计足额后立即发放，不会丢失。',
  },
  {
    id: 5,
    question: '活期赎回何时到账？',
    answer: '全部金额立即到账现货账户：活期赎回即时到账。赎回的金额自此不再产生收益。',
  },
  {
    id: 6,
    question: '定期利息何时开始计算、何时发放？',
    answer:
      '利息从申购次日开始计算。订单在期限结束时到期，本金和利息在到期日开始（UTC）后 30 分钟到账，按您的选择转入现货账户或活期。',
  },
  {
    id: 7,
    question: '什么是自动复投？',
    answer:
      '到期时，如果该产品仍在售且有额度，本金和利息将按当时的利率自动申购同一产品的新订单；否则照常发放。',
  },
  {
    id: 8,
    question: '定期可以提前赎回吗？',
    answer:
      '仅当产品允许时可以，且到期前最后一小时内不可提前赎回。本金立即退回；该订单的利息、加息券收益和额外奖励将被放弃。',
  },
  {
    id: 9,
    question: '什么是加息券？',
    answer:
      '当申购数量在加息券的限额内时，它会在其天数内（最多为整个期限）为定期申购增加相应的年化收益率。每张加息券只能使用一次。',
  },
  {
    id: 10,
    question: '什么是自动理财？',
    answer: '每小时一次，您已开启的币种在现货账户中的闲置余额达到最低申购额时，会自动转入活期余币宝。',
  },
];

/** The FAQ in a reader's language: Simplified Chinese or English. */
export function faqIn(lang: 'en' | 'zh-CN'): typeof FAQ {
  return lang === 'zh-CN' ? FAQ_ZH_CN : FAQ;
}
