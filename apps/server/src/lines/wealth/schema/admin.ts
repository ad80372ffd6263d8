import { storedPositiveAmount } from '@earn/domain';
import { z } from 'zod';
import { editSchema } from '../../../accounts/operators/patch';
import { editableFields, wealthProductInput } from './catalogue';
import {
  getAdminWealthProductsResponse,
  postAdminWealthProductsByPidNavResponse,
  postAdminWealthProductsResponse,
  putAdminWealthProductsByPidResponse,
} from './responses';

const admin = ['operator', 'wealth'];
const pidParam = z.object({ pid: z.coerce.number().int().positive() });

export const listProductsSchema = {
  response: { 200: getAdminWealthProductsResponse },
  tags: admin,
  summary: 'Every wealth product with its latest NAV',
};

export const createProductSchema = {
  response: { 200: postAdminWealthProductsResponse },
  tags: admin,
  summary: 'Create a wealth product (type 4 or 5) and publish its first NAV',
  body: wealthProductInput,
};

export const editProductSchema = {
  response: { 200: putAdminWealthProductsByPidResponse },
  tags: admin,
  summary: 'Edit a wealth product (not its coin or type)',
  description: 'Only the fields named change; the NAV has its own call.',
  params: pidParam,
  body: editSchema(editableFields),
};

export const publishNavSchema = {
  response: { 200: postAdminWealthProductsByPidNavResponse },
  tags: admin,
  summary: 'Publish a NAV now; it settles every redemption of the product requested until now',
  description:
    'Answers how many redemptions it settled. Gains are paid from, and losses booked to, the system account wealth_fund.',
  params: pidParam,
  body: z.object({ nav: storedPositiveAmount(8) }),
};
