import {
  assetSymbol,
  intChoice,
  storedAmount,
  storedPositiveAmount,
  unixTime,
  WEALTH_PROJECT_TYPES,
} from '@earn/domain';
import { z } from 'zod';
import { amountCol, type Codec, col, unixCol } from '../../../accounts/operators/patch';
import { i18nInput, variantText } from '../../../infra/http/texts';
import type { WealthProductRow } from '../model';

/* The operator's product fields, and their columns. */

/** 4 or 5, as a JSON number or a form string: the document lists the two. */
const projectType = intChoice(WEALTH_PROJECT_TYPES);

export const wealthProductFields = {
  project_type: projectType,
  name: z.string().trim().min(1).max(120),
  coin: assetSymbol,
  min_purchase: storedAmount(8).default('0'),
  vip_min_tier: z.number().int().min(0).max(16).default(0),
  show_interest: z.boolean().default(true),
  disclaimer: z.string().max(500).default('/asset-management/institution/disclaimer'),
  description: z.string().max(4000).default(''),
  status: z.enum(['online', 'offline']).default('online'),
  run_start: unixTime()
    .refine((t) => t > 0, 'run_start must be after 1970')
    .optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** The first NAV, published at creation. */
  nav: storedPositiveAmount(8),
  i18n: i18nInput({ name: variantText(120), description: variantText(4000) }).optional(),
};
export const wealthProductInput = z.object(wealthProductFields);

/** What an edit may change: not the coin, the type, nor the NAV (published by its own call). */
const { project_type: _type, coin: _coin, nav: _nav, ...editable } = wealthProductFields;
export const editableFields = editable;

export const productCodec: Codec<WealthProductRow> = {
  name: col('name'),
  min_purchase: amountCol('minPurchase'),
  vip_min_tier: col('vipMinTier'),
  show_interest: col('showInterest'),
  disclaimer: col('disclaimer'),
  description: col('description'),
  status: col('status'),
  run_start: unixCol('runStart'),
  sort: col('sort'),
  i18n: col('i18n'),
};
