import type { Decimal } from '@earn/domain';
import { toWire } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { type Db, pgErrorCode } from '../../../infra/db/client';
import { unixSeconds } from '../../../infra/jobs/clock';
import { errors } from '../../../kernel/errors';
import { notices } from '../../../kernel/notices';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkTransfer } from '../../../ledger/bulk';
import { WEALTH_FUND, WealthReason } from '../model';
import { insertNav } from '../store/navs';
import { requireWealthProduct } from '../store/products';
import { arrivedItems, countSettled, settledBy, settlePending } from '../store/settlement';

/**
 * Publishes a NAV and settles, at it, every redemption of the product requested until now: value =
 * units × NAV (8 decimals down) to spot; the cost leaves 'wealth'; the difference is booked against
 * the fund ('wealth_fund'). Set-based: three batch entries whatever the number of redemptions.
 */
export async function publishNav(tx: Db, productId: number, nav: Decimal, at: Date) {
  await requireWealthProduct(tx, productId);
  try {
    await insertNav(tx, { productId, at, nav: toWire(nav) });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw errors.conflict('A NAV is already published at this time');
    throw error;
  }
  const key = `nav:${productId}:${at.toISOString()}`;
  const navText = toWire(nav);
  await settlePending(tx, productId, navText, key, at);
  const settled = settledBy(key);
  await notices().notifyMany(tx, 'redemption_arrived', arrivedItems(key), at);
  await postBulkTransfer(tx, {
    reason: WealthReason.settlePrincipal,
    ref: key,
    at,
    source: sql`SELECT user_id, asset, LEAST(cost, value) AS amount FROM (${settled}) s`,
    from: { kind: 'user', purpose: UserPurpose.wealth },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });
  await postBulkTransfer(tx, {
    reason: WealthReason.settleGain,
    ref: key,
    at,
    source: sql`SELECT user_id, asset, value - cost AS amount FROM (${settled}) s`,
    from: { kind: 'system', purpose: WEALTH_FUND },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });
  await postBulkTransfer(tx, {
    reason: WealthReason.settleLoss,
    ref: key,
    at,
    source: sql`SELECT user_id, asset, cost - value AS amount FROM (${settled}) s`,
    from: { kind: 'user', purpose: UserPurpose.wealth },
    to: { kind: 'system', purpose: WEALTH_FUND },
  });
  return { pid: productId, nav: navText, time: unixSeconds(at), settled: await countSettled(tx, key) };
}
