import { eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { stakingCampaigns, stakingProducts, stakingProtocols } from '../../../infra/db/schema';
import type { CampaignRow, ProductRow, ProtocolRow } from '../model';

// The operator's reads and writes of the catalogue beside store/products.ts.

export async function campaignById(tx: Db, id: number): Promise<CampaignRow | undefined> {
  const [c] = await tx.select().from(stakingCampaigns).where(eq(stakingCampaigns.id, id));
  return c;
}

export async function protocolIdsOf(tx: Db, productId: number): Promise<{ id: number }[]> {
  return tx
    .select({ id: stakingProtocols.id })
    .from(stakingProtocols)
    .where(eq(stakingProtocols.productId, productId));
}

/** A product, locked for the edit in this transaction. */
export async function lockProduct(tx: Db, id: number): Promise<ProductRow | undefined> {
  const [current] = await tx.select().from(stakingProducts).where(eq(stakingProducts.id, id)).for('update');
  return current;
}

export async function protocolById(tx: Db, id: number): Promise<ProtocolRow | undefined> {
  const [row] = await tx.select().from(stakingProtocols).where(eq(stakingProtocols.id, id));
  return row;
}

/** A protocol, locked for the edit in this transaction. */
export async function lockProtocol(tx: Db, id: number): Promise<ProtocolRow | undefined> {
  const [current] = await tx.select().from(stakingProtocols).where(eq(stakingProtocols.id, id)).for('update');
  return current;
}

export async function updateProtocol(tx: Db, id: number, set: Partial<ProtocolRow>) {
  const [row] = await tx.update(stakingProtocols).set(set).where(eq(stakingProtocols.id, id)).returning();
  return row;
}
