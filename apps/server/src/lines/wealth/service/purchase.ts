import { type AccountMode, checkPurchase, dec, toWire, unitsFor, WealthKey } from '@earn/domain';
import { ownFundsCoverLoans, spotAvailability } from '../../../accounts/balances';
import { getUser } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { errors } from '../../../kernel/errors';
import { UserPurpose, userAccount } from '../../../ledger/accounts';
import { transfer } from '../../../ledger/ledger';
import { AcceptanceKind, requireAcceptance } from '../../staking/store/acceptance';
import { WealthReason } from '../model';
import { latestNav } from '../store/navs';
import { addToOrder, insertPurchase } from '../store/orders';
import { requireWealthProduct } from '../store/products';
import { violation } from './rules';

/** A purchase of units at the latest NAV, paid from spot into the user's 'wealth' account at cost. */
export async function purchase(tx: Db, req: { userId: number; pid: number; amount: string; now: Date }) {
  // The spec's client sends project_type=5 with every purchase, whatever the product's type: the
  // product is the pid's.
  const product = await requireWealthProduct(tx, req.pid);
  if (product.status !== 'online')
    throw errors.rule(WealthKey.offline, 'This product is not open for subscription');
  await requireAcceptance(
    tx,
    {
      userId: req.userId,
      kind: AcceptanceKind.wealthDisclaimer,
      ref: String(product.id),
      document: product.disclaimer,
    },
    { key: WealthKey.disclaimerRequired, message: "Please read and accept the product's disclaimer first" },
  );
  const user = await getUser(tx, req.userId);
  if (user.vipTier < product.vipMinTier) {
    throw errors.rule(WealthKey.vipOnly, 'This product is for VIP users', {
      tier: String(product.vipMinTier),
    });
  }
  const nav = await latestNav(tx, product.id, req.now);
  if (!nav) throw errors.rule(WealthKey.noNav, 'No net asset value has been published yet');
  const [spot] = await spotAvailability(tx, req.userId, user.accountMode as AccountMode, [product.coin]);
  const bad = checkPurchase({
    amount: req.amount,
    min: product.minPurchase,
    available: spot?.outable ?? 0,
    nav: nav.nav,
  });
  if (bad)
    throw violation(
      bad,
      bad.key === WealthKey.tooSmall ? 'The amount buys less than 0.000001 units' : 'Subscription refused',
    );
  const amount = dec(req.amount);
  const units = unitsFor(amount, nav.nav);

  const order = await addToOrder(tx, {
    userId: req.userId,
    productId: product.id,
    coin: product.coin,
    units: toWire(units),
    cost: toWire(amount),
    now: req.now,
  });
  const row = await insertPurchase(tx, {
    orderId: order.id,
    userId: req.userId,
    productId: product.id,
    amount: toWire(amount),
    nav: nav.nav,
    units: toWire(units),
    createdAt: req.now,
  });
  await transfer(tx, {
    from: userAccount(req.userId, product.coin, UserPurpose.spot),
    to: userAccount(req.userId, product.coin, UserPurpose.wealth),
    amount,
    reason: WealthReason.purchase,
    ref: `purchase:${row.id}`,
    at: req.now,
  });
  // A parallel purchase may have taken spot since `spot` was read: never buy with borrowed funds.
  if (!(await ownFundsCoverLoans(tx, req.userId, user.accountMode as AccountMode, product.coin))) {
    throw violation(
      { key: WealthKey.inadequateBalance, params: { number: toWire(spot?.outable ?? 0) } },
      'Subscription refused',
    );
  }
  return {
    order_id: order.id,
    purchase_id: row.id,
    pid: product.id,
    amount: toWire(amount),
    unit: toWire(units),
    net_value_ratio: toWire(nav.nav),
    total_unit: toWire(order.units),
  };
}
