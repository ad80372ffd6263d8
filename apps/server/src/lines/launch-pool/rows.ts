import type { launchpoolPoolCoins, launchpoolPools, launchpoolProjects } from '../../infra/db/schema';

export type PoolRow = typeof launchpoolPools.$inferSelect;
export type ProjectRow = typeof launchpoolProjects.$inferSelect;
/** A further reward coin of a multi-mining pool. */
export type PoolCoinRow = typeof launchpoolPoolCoins.$inferSelect;
