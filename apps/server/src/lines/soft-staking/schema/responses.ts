import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { coinAmount, decimalString } from '../../../infra/http/openapi';

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

/** POST /apiw/v2/earn/soft-staking/switch */
export const postEarnSoftStakingSwitchResponse = envelope(
  z.object({
    status: z.boolean(),
    enabled_at: z.number().nullable(),
    disabled_at: z.number().nullable(),
  }),
);

/** GET /apiw/v2/earn/soft-staking/status */
export const getEarnSoftStakingStatusResponse = envelope(
  z.object({
    status: z.boolean(),
    enabled_at: z.number().nullable(),
    total_payout: z.array(coinAmount),
    yesterday_payout: z.array(coinAmount),
  }),
);

/** A coin's soft-staking settings, as users and the operator read them. */
const coinSettings = z.object({
  coin: z.string(),
  rate: decimalString,
  apr: decimalString,
  min_amount: decimalString,
  max_amount: decimalString,
});

/** GET /apiw/v2/earn/soft-staking/products */
export const getEarnSoftStakingProductsResponse = paged(
  coinSettings.extend({
    status: z.string(),
    eligible_amount: decimalString,
    estimated_daily: decimalString,
  }),
);

/** GET /apiw/v2/earn/soft-staking/payout-history */
export const getEarnSoftStakingPayoutHistoryResponse = paged(
  z.object({
    coin: z.string(),
    day: z.number(),
    time: z.number(),
    eligible_amount: decimalString,
    rate: decimalString,
    amount: decimalString,
  }),
);

/** GET /admin/api/soft-staking/coins */
export const getAdminSoftStakingCoinsResponse = paged(
  coinSettings.extend({ status: z.enum(['online', 'offline']) }),
);

/** PUT /admin/api/soft-staking/coins/:coin */
export const putAdminSoftStakingCoinsByCoinResponse = envelope(
  z.object({
    coin: z.string(),
  }),
);
