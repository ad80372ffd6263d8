import { dec } from '@earn/domain';
import type { z } from 'zod';
import { valuesOf } from '../../../accounts/operators/patch';
import type { Db } from '../../../infra/db/client';
import { storedI18n } from '../../../infra/http/texts';
import { requireAsset } from '../../../market/assets';
import type { WealthProductInsert, WealthProductRow } from '../model';
import { productCodec, type wealthProductInput } from '../schema/catalogue';
import { insertProduct } from '../store/products';
import { publishNav } from './publish-nav';

/** Creates a product of a listed coin and publishes its first NAV at `at`. */
export async function createProduct(
  db: Db,
  b: z.infer<typeof wealthProductInput>,
  at: Date,
): Promise<WealthProductRow> {
  await requireAsset(db, b.coin);
  const row = await insertProduct(db, {
    ...(valuesOf(productCodec, b) as WealthProductInsert),
    i18n: storedI18n(b.i18n),
    projectType: b.project_type,
    coin: b.coin,
    runStart: b.run_start ? new Date(b.run_start * 1000) : at,
    createdAt: at,
  });
  await publishNav(db, row.id, dec(b.nav), at);
  return row;
}

/** The same, answering the new product's id (the demo). */
export async function createWealthProduct(
  db: Db,
  b: z.infer<typeof wealthProductInput>,
  at: Date,
): Promise<number> {
  return (await createProduct(db, b, at)).id;
}
