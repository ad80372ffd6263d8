import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { i18nOutput } from '../../../infra/http/texts';
import { stakingProduct } from './responses';

// The answers of the operator API.

/** POST /admin/api/staking/products */
export const postAdminStakingProductsResponse = envelope(
  z.object({
    id: z.number(),
  }),
);

/** PUT /admin/api/staking/products/:id */
export const putAdminStakingProductsByIdResponse = envelope(
  z.object({
    id: z.number(),
  }),
);

/** POST /admin/api/staking/products/:id/protocols */
export const postAdminStakingProductsByIdProtocolsResponse = envelope(
  z.object({
    pid: z.number(),
  }),
);

/** PUT /admin/api/staking/protocols/:id */
export const putAdminStakingProtocolsByIdResponse = envelope(
  z.object({
    pid: z.number(),
  }),
);

/** POST /admin/api/staking/products/:id/campaigns */
export const postAdminStakingProductsByIdCampaignsResponse = envelope(
  z.object({
    id: z.number(),
  }),
);

/** GET /admin/api/staking/products */
export const getAdminStakingProductsResponse = paged(
  stakingProduct.extend({ status: z.enum(['online', 'offline']), i18n: i18nOutput }),
);
