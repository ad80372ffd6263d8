import { toWire } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../infra/http/envelope';
import { decimalString } from '../infra/http/openapi';
import type { AppDeps } from '../kernel/deps';
import { listAssets, QUOTE_ASSET } from './assets';

const ticker = z.object({ pair: z.string(), rate: decimalString });

export function registerMarketRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/apiw/v2/market/tickers',
    {
      schema: {
        tags: ['market'],
        summary: 'Last prices against USDT; USDT itself is fixed at 1',
        querystring: z.object({
          currency_pairs: z
            .string()
            .max(2000)
            .optional()
            .describe('Comma list such as BTC_USDT,ETH_USDT; all pairs when absent'),
        }),
        response: { 200: envelope(z.array(ticker)) },
      },
    },
    async (req) => {
      const all = await listAssets(deps.db);
      const rates = new Map(all.map((a) => [`${a.symbol}_${QUOTE_ASSET}`, toWire(a.priceUsdt)]));
      rates.set(`${QUOTE_ASSET}_${QUOTE_ASSET}`, '1');
      const wanted = req.query.currency_pairs
        ? req.query.currency_pairs
            .split(',')
            .map((p) => p.trim().toUpperCase())
            .filter((p) => p.length > 0)
        : [...rates.keys()].filter((p) => p !== `${QUOTE_ASSET}_${QUOTE_ASSET}`);
      // Unknown pairs are left out rather than refused: the client asks for many at once.
      return ok(
        wanted.filter((p) => rates.has(p)).map((pair) => ({ pair, rate: rates.get(pair) as string })),
      );
    },
  );

  r.get(
    '/api/web/v1/market/assets',
    {
      schema: {
        tags: ['market'],
        summary: 'Listed coins with their price, precision and which earn lines support them',
        response: {
          200: envelope(
            z.array(
              z.object({
                asset: z.string(),
                name: z.string(),
                price_usdt: decimalString,
                precision: z.number(),
                is_support_launchpool: z.number(),
                is_support_staking: z.number(),
                is_support_lend_earn: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async () => {
      const all = await listAssets(deps.db);
      return ok(
        all.map((a) => ({
          asset: a.symbol,
          name: a.name,
          price_usdt: toWire(a.priceUsdt),
          precision: a.precision,
          is_support_launchpool: a.supportLaunchpool ? 1 : 0,
          is_support_staking: a.supportStaking ? 1 : 0,
          is_support_lend_earn: a.supportLendEarn ? 1 : 0,
        })),
      );
    },
  );
}
