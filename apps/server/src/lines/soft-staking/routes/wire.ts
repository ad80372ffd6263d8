import { toWire } from '@earn/domain';
import type { CoinRow } from '../service/switch';

/** A coin as the users' and the operator's answers show it. */
export function coinView(k: CoinRow) {
  return {
    coin: k.coin,
    rate: toWire(k.rate),
    apr: toWire(k.rate),
    min_amount: toWire(k.minAmount),
    max_amount: toWire(k.maxAmount),
    status: k.status as 'online' | 'offline',
  };
}
