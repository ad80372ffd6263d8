import { createHash } from 'node:crypto';
import { Code, type Decimal, DualKey, dec, quotedAprPercent, targetOnItsSide, toWire } from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { unixSeconds } from '../../../kernel/clock';
import { DomainError, errors } from '../../../kernel/errors';
import { priceUsdt } from '../../../market/assets';
import { type PairSettings, type ProductRow, QUOTE_TTL_SECONDS, type Quote } from '../model';
import { pairSettingsOf } from '../store';

/** What a quote depends on besides its product and time: the market price and the pair's settings. */
export interface QuoteInputs {
  spot: Decimal;
  settings: PairSettings | undefined;
}

export async function quoteInputs(db: Db, product: ProductRow): Promise<QuoteInputs> {
  const spot = await priceUsdt(db, product.baseCoin);
  const settings = product.fixedApr === null ? await pairSettingsOf(db, product.baseCoin) : undefined;
  return { spot, settings };
}

/**
 * Whether the market has crossed the product's target: the price is at or below a Sell High target, or
 * at or above a Buy Low one. Such a product is not listed and takes no subscription: the option the
 * user would sell is in the money, so its premium is no yield but the loss the conversion brings.
 */
export function isCrossed(product: ProductRow, inputs: QuoteInputs): boolean {
  return !targetOnItsSide(product.direction, inputs.spot, product.targetPrice);
}

/**
 * The APR in percent a product pays for a subscription quoted at `issuedAt` (unix seconds). A crossed
 * quoted product quotes nothing (an in-the-money premium such as 649.78 % is never shown).
 */
export function aprAt(product: ProductRow, inputs: QuoteInputs, issuedAt: number): Decimal {
  if (product.fixedApr !== null) return dec(product.fixedApr);
  if (!inputs.settings || isCrossed(product, inputs)) return dec(0);
  return quotedAprPercent({
    direction: product.direction,
    spot: inputs.spot,
    target: product.targetPrice,
    seconds: unixSeconds(product.settleAt) - issuedAt,
    volatilityPercent: inputs.settings.volatility,
    marginPercent: inputs.settings.margin,
  });
}

/**
 * A quote's id names its product and the second it was issued, and a digest of everything its APR was
 * computed from. The server recomputes it at subscription from the inputs in force then: a different
 * digest means the quote moved; an issue time older than its life, that it expired. Nothing is stored.
 * The issue time is also when the subscription's interest starts (`subscribe`): the outcomes a user
 * is shown, computed from it, are the ones paid. So a fixed APR's quote lives as long as any other.
 */
export function quoteOf(product: ProductRow, inputs: QuoteInputs, at: number): Quote {
  const issuedAt = at;
  const apr = toWire(aprAt(product, inputs, issuedAt));
  const digest = createHash('sha256')
    .update(
      [
        product.id,
        issuedAt,
        apr,
        toWire(inputs.spot),
        product.fixedApr ?? '',
        inputs.settings ? `${toWire(inputs.settings.volatility)}/${toWire(inputs.settings.margin)}` : '',
        toWire(product.targetPrice),
        unixSeconds(product.settleAt),
      ].join('|'),
    )
    .digest('hex')
    .slice(0, 12);
  return {
    quoteId: `${product.id}-${issuedAt}-${digest}`,
    apr,
    issuedAt,
    expiresAt: issuedAt + QUOTE_TTL_SECONDS,
  };
}

/** The refusal of a quote no longer in force: its own code and key, and the quote that replaces it. */
function quoteChanged(key: string, message: string, fresh: Quote): DomainError {
  return new DomainError(
    Code.DUAL_QUOTE_CHANGED,
    key,
    message,
    { apr: fresh.apr },
    {
      apr: fresh.apr,
      quote_id: fresh.quoteId,
      quote_time: fresh.issuedAt,
      quote_expire_time: fresh.expiresAt,
    },
  );
}

/**
 * The quote a subscription carries, checked against the inputs in force at `now`: answers the APR it
 * fixed and the second it was issued (the interest counts from there), or refuses it as expired or
 * moved with the new quote.
 */
export function acceptQuote(
  product: ProductRow,
  inputs: QuoteInputs,
  quoteId: string,
  now: number,
): { apr: Decimal; quoteTime: number } {
  const [productPart, issuedPart] = quoteId.split('-');
  if (Number(productPart) !== product.id || !/^\d+$/.test(issuedPart ?? ''))
    throw errors.invalidParams('quote_id is not a quote of this product');
  const issuedAt = Number(issuedPart);
  const fresh = quoteOf(product, inputs, now);
  if (issuedAt > now || issuedAt + QUOTE_TTL_SECONDS < now)
    throw quoteChanged(DualKey.quoteExpired, 'The quote has expired; here is the new APR', fresh);
  const shown = quoteOf(product, inputs, issuedAt);
  if (shown.quoteId !== quoteId)
    throw quoteChanged(DualKey.quoteMoved, 'The price has moved; here is the new APR', fresh);
  return { apr: dec(shown.apr), quoteTime: issuedAt };
}
