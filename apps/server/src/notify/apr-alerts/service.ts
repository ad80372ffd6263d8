import {
  type AprAlertDirection,
  AprAlertKey,
  type AprAlertLine,
  aprAlertMet,
  Code,
  dec,
  MAX_APR_ALERTS_PER_USER,
  toWire,
} from '@earn/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { aprAlerts, assets, users } from '../../infra/db/schema';
import { DomainError, errors } from '../../kernel/errors';
import { rateLine } from './lines';
import { lockRateLine } from './observe';

export interface NewAlert {
  line: AprAlertLine;
  asset: string;
  productId?: number;
  direction: AprAlertDirection;
  /** Percent, a decimal string. */
  apr: string;
}

type AlertRow = typeof aprAlerts.$inferSelect;

/**
 * The rate a product pays now (a fraction), or undefined when the line has no such product:
 * `product_id` names it where the line has several per asset (none names the asset's only one).
 */
async function currentRate(db: Db, line: AprAlertLine, asset: string, productId: number | null, at: Date) {
  const found = (await rateLine(line).current(db, at)).find(
    (c) => c.asset === asset && (c.product_id ?? 0) === (productId ?? 0),
  );
  return found?.rate;
}

/** Whether the asset has products of the line that an alert would have to name. */
async function hasNamedProducts(db: Db, line: AprAlertLine, asset: string, at: Date): Promise<boolean> {
  return (await rateLine(line).current(db, at)).some((c) => c.asset === asset && c.product_id !== null);
}

/**
 * Adds an alert. Refused: an unknown asset, no such product, an alert without the product its line needs, the
 * same alert twice, and more than MAX_APR_ALERTS_PER_USER (counted under the user's row lock, so two
 * calls at once cannot both take the last place). The alert starts in the state the current rate puts
 * it in: it fires on the next crossing, not for a condition already met.
 */
export async function createAlert(db: Db, userId: number, input: NewAlert, at: Date): Promise<AlertRow> {
  return db.transaction(async (t) => {
    const tx: Db = t;
    const [asset] = await tx
      .select({ symbol: assets.symbol })
      .from(assets)
      .where(eq(assets.symbol, input.asset));
    if (!asset) throw errors.unknownAsset(input.asset);
    const { needsProduct } = rateLine(input.line);
    // Flexible savings and soft staking have one product per asset: a product_id names nothing there.
    const named = input.line !== 'flexible' && input.line !== 'soft_staking';
    const productId = named ? (input.productId ?? null) : null;
    const required = () =>
      errors.invalidParams(
        'An alert of this line names its product_id',
        { line: input.line },
        AprAlertKey.productRequired,
      );
    if (needsProduct && productId === null) throw required();
    await lockRateLine(tx, input.line);
    const rate = await currentRate(tx, input.line, input.asset, productId, at);
    if (rate === undefined) {
      // Staking: a product that stakes through defi protocols is watched per protocol.
      if (productId === null && (await hasNamedProducts(tx, input.line, input.asset, at))) throw required();
      throw new DomainError(Code.NOT_FOUND, AprAlertKey.productNotFound, 'No such product to watch', {
        line: input.line,
        asset: input.asset,
      });
    }
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const mine = await tx.select().from(aprAlerts).where(eq(aprAlerts.userId, userId));
    if (mine.length >= MAX_APR_ALERTS_PER_USER)
      throw errors.rule(AprAlertKey.limit, `At most ${MAX_APR_ALERTS_PER_USER} APR alerts`, {
        max: MAX_APR_ALERTS_PER_USER,
      });
    const apr = toWire(input.apr);
    const same = mine.find(
      (a) =>
        a.line === input.line &&
        a.asset === input.asset &&
        a.productId === productId &&
        a.direction === input.direction &&
        dec(a.apr).eq(apr),
    );
    if (same) throw errors.conflict('The same alert exists already', AprAlertKey.duplicate);
    const satisfied = aprAlertMet(input.direction, dec(rate).times(100), apr) ? 1 : 0;
    const [row] = await tx
      .insert(aprAlerts)
      .values({
        userId,
        line: input.line,
        asset: input.asset,
        productId,
        direction: input.direction,
        apr,
        satisfied,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('alert not written');
    return row;
  });
}

/** The user's alerts, each with its product's rate now (each line's rates read once). */
export async function listAlerts(db: Db, userId: number, at: Date) {
  const list = await db
    .select()
    .from(aprAlerts)
    .where(eq(aprAlerts.userId, userId))
    .orderBy(asc(aprAlerts.id));
  const lines = [...new Set(list.map((a) => a.line as AprAlertLine))];
  const rates = new Map(
    await Promise.all(lines.map(async (l) => [l, await rateLine(l).current(db, at)] as const)),
  );
  return list.map((a) => ({
    ...a,
    currentRate: rates
      .get(a.line as AprAlertLine)
      ?.find((c) => c.asset === a.asset && (c.product_id ?? 0) === (a.productId ?? 0))?.rate,
  }));
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(aprAlerts)
    .where(and(eq(aprAlerts.id, id), eq(aprAlerts.userId, userId)))
    .returning({ id: aprAlerts.id });
  if (gone.length === 0) throw new DomainError(Code.NOT_FOUND, AprAlertKey.notFound, 'No such alert', { id });
}
