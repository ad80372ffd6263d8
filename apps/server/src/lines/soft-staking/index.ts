import { dec, toWire } from '@earn/domain';
import type { EarnModule } from '../../kernel/module';
import { findAsset } from '../../market/assets';
import { softStakingJobs } from './engine';
import { softStakingReads } from './reads';
import { registerSoftStakingRoutes } from './routes';
import { switchSoftStaking } from './service/switch';
import { onlineCoins, seedCoin } from './store';

/** [coin, rate percent, min_amount, max_amount] of the demo. */
const DEMO_COINS: [string, string, string, string][] = [
  ['USDT', '2.5', '10', '100000'],
  ['ETH', '1.8', '0.01', '-1'],
  ['SOL', '4.2', '0.1', '5000'],
  ['DOT', '6', '1', '-1'],
  ['ADA', '3.1', '10', '-1'],
];

export const softStakingModule: EarnModule = {
  name: 'soft-staking',
  reads: softStakingReads,
  routes: (app, deps) => registerSoftStakingRoutes(app, deps),
  jobs: () => softStakingJobs(),
  async seedDemo(db, at, demoUserId) {
    for (const [coin, rate, min, max] of DEMO_COINS) {
      if (!(await findAsset(db, coin))) continue;
      await seedCoin(db, { coin, rate, minAmount: min, maxAmount: max, status: 'online', updatedAt: at });
    }
    await switchSoftStaking(db, demoUserId, true, at);
  },
  async bestOffer(db) {
    const coins = await onlineCoins(db);
    const best = coins.reduce<(typeof coins)[number] | undefined>(
      (m, k) => (!m || dec(k.rate).gt(m.rate) ? k : m),
      undefined,
    );
    return { line: 'soft-staking', asset: best?.coin ?? null, apr: best ? toWire(best.rate) : null };
  },
};
