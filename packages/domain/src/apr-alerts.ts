import type Decimal from 'decimal.js';
import { dec } from './money';

/** APR alerts: "tell me when this product's APR is above / below X %". */

/** Alerts one user may keep at once. */
export const MAX_APR_ALERTS_PER_USER = 20;

/** The product lines an alert can watch. */
export const APR_ALERT_LINES = ['flexible', 'fixed', 'staking', 'launchpool', 'soft_staking'] as const;
export type AprAlertLine = (typeof APR_ALERT_LINES)[number];

export const APR_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AprAlertDirection = (typeof APR_ALERT_DIRECTIONS)[number];

/** Message keys of refused alerts (params in brackets). */
export const AprAlertKey = {
  /** Already MAX_APR_ALERTS_PER_USER alerts ({max}). */
  limit: 'earn.aprAlert.limit',
  /** No product of that line and asset (or that product_id) ({line, asset}). */
  productNotFound: 'earn.aprAlert.productNotFound',
  /** An alert of a line with several products per asset names its product ({line}). */
  productRequired: 'earn.aprAlert.productRequired',
  /** The same alert exists already. */
  duplicate: 'earn.aprAlert.duplicate',
  /** No alert of this user with that id. */
  notFound: 'earn.aprAlert.notFound',
} as const;

/** Whether a rate (percent) meets an alert's condition: at or above, or strictly below, the threshold. */
export function aprAlertMet(
  direction: AprAlertDirection,
  currentPercent: Decimal.Value,
  thresholdPercent: Decimal.Value,
): boolean {
  const current = dec(currentPercent);
  return direction === 'above' ? current.gte(thresholdPercent) : current.lt(thresholdPercent);
}
