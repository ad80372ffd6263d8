/** Section 2's links. Pages outside this app (VIP, help, documents) are plain links to the exchange. */
export const LINKS = {
  terms: '/help/lend/simple-earn/terms-of-use',
  risk: '/help/lend/simple-earn/risk-disclosure',
  help: '/help/lend/simple-earn',
  guide: '/learn/course/lend-earn-investment-guide',
  proofOfReserves: '/proof-of-reserves',
  vipWealth: '/myaccount/funds/finance/vip-wealth',
};

/** The VIP page, with the tier to reach. */
export function vipLink(upTo: number): string {
  return `/vip?upTo=${upTo}`;
}

/** Where "view holdings" goes: my-lendings on the term's tab; on mobile with the history dialog (section 2). */
export function holdingsLink(fixed: boolean, mobile: boolean): string {
  const tab = fixed ? 'fixed' : 'flexible';
  return mobile
    ? `/simple-earn/my-lendings?tab=${tab}&show_history_modal=1`
    : `/simple-earn/my-lendings?tab=${tab}`;
}
