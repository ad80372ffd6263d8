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
      'At once while the coin has idle liquidity. Otherwise the redemption waits for the lending to be recalled at the end of the hour; until then you can cancel it.',
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
