import { dec } from '@earn/domain';
import { count, eq, sql } from 'drizzle-orm';
import { deposit } from '../../accounts/funding';
import { hashSecret, registerUser } from '../../accounts/users';
import type { Db } from '../../infra/db/client';
import { assets, users } from '../../infra/db/schema';
import type { EarnModule } from '../../kernel/module';
import { setPrice } from '../../market/assets';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_FUNDPASS = '123456';

/** [symbol, name, price in USDT, launch pool support in unified accounts, staking support] */
const DEMO_ASSETS: [string, string, string, boolean, boolean][] = [
  ['USDT', 'Tether', '1', true, true],
  ['BTC', 'Bitcoin', '96500.12', true, true],
  ['ETH', 'Ethereum', '3412.55', true, true],
  ['USDC', 'USD Coin', '1', true, false],
  ['GT', 'GateToken', '18.42', true, true],
  ['SOL', 'Solana', '212.37', false, true],
  ['DOGE', 'Dogecoin', '0.3271', false, false],
  ['XRP', 'XRP', '2.1834', false, false],
  ['ADA', 'Cardano', '0.9120', false, true],
  ['DOT', 'Polkadot', '7.45', false, true],
  ['TON', 'Toncoin', '5.61', false, true],
];

const DEMO_BALANCES: [string, string][] = [
  ['USDT', '25000'],
  ['BTC', '0.85'],
  ['ETH', '12.5'],
  ['USDC', '5000'],
  ['GT', '1200'],
  ['SOL', '40'],
  ['DOGE', '15000'],
];

/**
 * Seeds an empty database with prices, the demo user and every product line's demo catalogue, so a
 * newcomer sees each screen working. Does nothing when any user exists.
 */
export async function seedDemo(db: Db, at: Date, modules: EarnModule[]): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  let seeded = true;
  await db.transaction(async (txRoot) => {
    const tx: Db = txRoot;
    // Several processes (WORKERS) start on one empty database together: one seeds, the others,
    // waiting on this lock, then find the users and leave it.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) {
      seeded = false;
      return;
    }
    for (const [symbol, name, price, launchpool, staking] of DEMO_ASSETS) {
      await setPrice(tx, { symbol, name, usdt: dec(price), at });
      await tx
        .update(assets)
        .set({ supportLaunchpool: launchpool, supportStaking: staking })
        .where(eq(assets.symbol, symbol));
    }
    const user = await registerUser(tx, { email: DEMO_EMAIL, password: DEMO_PASSWORD, at });
    await tx
      .update(users)
      .set({
        fundpassHash: await hashSecret(DEMO_FUNDPASS),
        fundpassMode: 'every_2h',
        vipTier: 1,
        tradingVolume60d: '125000',
      })
      .where(eq(users.id, user.id));
    for (const [asset, amount] of DEMO_BALANCES) {
      await deposit(tx, { userId: user.id, asset, amount: dec(amount), at });
    }
    for (const m of modules) await m.seedDemo?.(tx, at, user.id);
  });
  return seeded;
}
