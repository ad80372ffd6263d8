import type { seFixedOrders, seFixedProducts, seFlexProducts, seVouchers } from '../../infra/db/schema';

/** The simple-earn rows the engine, the APR rule and the responses share. */
export type FlexProduct = typeof seFlexProducts.$inferSelect;
export type FixedProduct = typeof seFixedProducts.$inferSelect;
export type FixedOrder = typeof seFixedOrders.$inferSelect;
export type Voucher = typeof seVouchers.$inferSelect;
