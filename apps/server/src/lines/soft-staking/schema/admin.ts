import { assetSymbol, ratePercent, storedAmount, UNLIMITED } from '@earn/domain';
import { z } from 'zod';
import { editSchema } from '../../../accounts/operators/patch';
import { confirmRate } from '../../../accounts/operators/rate-guard';
import { getAdminSoftStakingCoinsResponse, putAdminSoftStakingCoinsByCoinResponse } from './responses';

const admin = ['operator', 'soft-staking'];

export const coinFields = {
  rate: ratePercent(8),
  min_amount: storedAmount(8).default('0'),
  max_amount: z.union([z.literal(UNLIMITED), storedAmount(8)]).default(UNLIMITED),
  status: z.enum(['online', 'offline']).default('online'),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
};

export const coinsSchema = {
  response: { 200: getAdminSoftStakingCoinsResponse },
  tags: admin,
  summary: 'Every soft-staking coin',
};

export const editCoinSchema = {
  response: { 200: putAdminSoftStakingCoinsByCoinResponse },
  tags: admin,
  summary:
    'List or edit a soft-staking coin: rate (percent a year), min_amount, max_amount (-1 no cap), status',
  description:
    'A coin not yet listed is listed with the fields given (rate required; min_amount 0, max_amount -1, status ' +
    'online, sort 0 when left out). A listed coin changes only the fields named. max_amount must not be below ' +
    'min_amount. A rate above the ceiling in the operator settings, or above 3 times the current one, needs ' +
    'confirm_rate: true (422 42230 operator.rate.confirm without it).',
  params: z.object({ coin: assetSymbol }),
  body: editSchema(coinFields).extend(confirmRate),
};
