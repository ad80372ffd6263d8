import type { ApiBody } from '../../../../api/types';
import type { SpecsFor } from '../fields';
import { coinOf, raw } from './shared';

/** Dual: an order's status. */
export const DUAL_STATUSES = [
  'INIT',
  'PROCESSING',
  'SETTLEMENT_PROCESSING',
  'SETTLEMENT_SUCCESS',
  'REFUND_PROCESSING',
  'REFUND_SUCCESS',
  'CANCELED',
  'FAILED',
  'EARLY_REDEEM_PROCESSING',
  'EARLY_REDEEM_SUCCESS',
];

export const dualStatusSpecs: SpecsFor<ApiBody<'/admin/api/dual/orders/{id}', 'put'>> = [
  { key: 'status', label: 'admin.f.status', kind: 'select', required: true, options: DUAL_STATUSES.map(raw) },
  { key: 'settle_coin', label: 'admin.f.settle_coin', kind: 'asset', nullable: true },
  {
    key: 'settle_amount',
    label: 'admin.f.settle_amount',
    kind: 'decimal',
    places: 8,
    nullable: true,
    unit: coinOf('settle_coin'),
  },
];
