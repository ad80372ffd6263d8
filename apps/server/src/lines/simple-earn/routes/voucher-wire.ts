import { toWire } from '@earn/domain';
import { unix, type Voucher } from '../model';

/**
 * A voucher's terms as every answer and audit record spells them (the user's coupon list, the
 * operator's list, the grant's audit): one spelling, so the three cannot drift apart. Each caller
 * puts its own fields (ids, the order used) around these, in the order its answer gives them.
 */
export function voucherTerms(v: Voucher) {
  return {
    title: v.title,
    rate_day: v.rateDay,
    rate_ratio: toWire(v.rateRatio),
    buy_limit_low: toWire(v.buyLimitLow),
    buy_limit_high: toWire(v.buyLimitHigh),
    using_currency: v.usingCurrency,
    expired_timest: unix(v.expiredAt),
  };
}
