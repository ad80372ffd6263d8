import { z } from 'zod';
import { editSchema } from '../../../accounts/operators/patch';
import { confirmRate } from '../../../accounts/operators/rate-guard';
import {
  getAdminStakingProductsResponse,
  postAdminStakingProductsByIdCampaignsResponse,
  postAdminStakingProductsByIdProtocolsResponse,
  postAdminStakingProductsResponse,
  putAdminStakingProductsByIdResponse,
  putAdminStakingProtocolsByIdResponse,
} from './admin-responses';
import {
  campaignInput,
  editableProductFields,
  editableProtocolFields,
  productInput,
  protocolInput,
} from './catalogue';

export const tags = ['operator', 'staking'];
export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const GUARD =
  "Every APR (rate, base_rate, most_rate; a campaign's max_interest and money_rate) above the ceiling in the operator " +
  'settings, or above 3 times the current one, needs confirm_rate: true (422 42230 operator.rate.confirm without it).';

export const listProductsSchema = {
  response: { 200: getAdminStakingProductsResponse },
  tags,
  summary: 'Every staking product as users see it',
};

export const newProductSchema = {
  response: { 200: postAdminStakingProductsResponse },
  tags,
  summary: 'Create the staking product of a coin (one per coin) with its defi protocols and campaigns',
  description:
    'Fields as staking-wealth.md section 3. Rates are percent a year; redeem_fee, redeem_quick_fee, fee_rate, ' +
    'max_interest and money_rate are fractions. Caps and redeem_quick_daily take "-1" for unlimited. A campaign in ' +
    'extra_interest names a protocol by its position in defi counted from 1 (pid), 0 or absent for the whole ' +
    'product; max_interest defaults to the highest money_rate; its interest tiers ascend and touch, the last ' +
    'open-ended with money_max "-1". Protocol rates are net of their fee_rate. ' +
    'exchange_type asset needs exchange_coin, a listed receipt token: a stake credits it to spot (amount × ' +
    'exchange_rate, 8 decimals down) and a redeem takes it back; exchange_type and exchange_coin are fixed ' +
    'while tokens are outstanding. A credit-debt product (type 2) defaults its redeem_coin to USDC; a redeem ' +
    'pays out in redeem_coin (at the USDT prices of the redeem) whenever it differs from the coin. ' +
    GUARD,
  body: productInput.extend(confirmRate),
};

export const editProductSchema = {
  response: { 200: putAdminStakingProductsByIdResponse },
  tags,
  summary: 'Edit product-level fields (not the coins); a rate change applies from the next reward day',
  description:
    'Only the fields named change, extra and redeem_config field by field; vip_config, debt and faq are ' +
    'replaced whole when sent. The product after the edit must be valid as a whole. ' +
    GUARD,
  params: idParam,
  body: editSchema(editableProductFields).extend(confirmRate),
};

export const newProtocolSchema = {
  response: { 200: postAdminStakingProductsByIdProtocolsResponse },
  tags,
  summary: 'Add a defi protocol to a product',
  description: GUARD,
  params: idParam,
  body: protocolInput.extend(confirmRate),
};

export const editProtocolSchema = {
  response: { 200: putAdminStakingProtocolsByIdResponse },
  tags,
  summary: "Edit a protocol's name, rates, income days, personal limit or order",
  description: `Only the fields named change. ${GUARD}`,
  params: idParam,
  body: editSchema(editableProtocolFields).extend(confirmRate),
};

export const newCampaignSchema = {
  response: { 200: postAdminStakingProductsByIdCampaignsResponse },
  tags,
  summary: 'Add an extra-interest campaign (pid: a protocol id of the product, or 0 for the whole product)',
  description:
    'Interest tiers ascend and touch (each money_min is the money_max before); only the last may be ' +
    'open-ended, with money_max "-1". ' +
    GUARD,
  params: idParam,
  body: campaignInput.extend(confirmRate),
};
