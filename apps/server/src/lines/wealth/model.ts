import type { wealthNavs, wealthOrders, wealthProducts } from '../../infra/db/schema';

/** The journal reasons of the line: a purchase, and the three legs of a redemption's settlement. */
export const WealthReason = {
  purchase: 'wealth_purchase',
  settlePrincipal: 'wealth_settle_principal',
  settleGain: 'wealth_settle_gain',
  settleLoss: 'wealth_settle_loss',
} as const;
/** The fund's side of every gain and loss: its balance is what the funds earned for (or cost) the users. */
export const WEALTH_FUND = 'wealth_fund';

export const DAY_MS = 86_400_000;

export type WealthProductRow = typeof wealthProducts.$inferSelect;
export type WealthProductInsert = typeof wealthProducts.$inferInsert;
export type WealthOrderRow = typeof wealthOrders.$inferSelect;
export type NavRow = typeof wealthNavs.$inferSelect;
