import { type Decimal, dec, roundDown, sumValues, toWire } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import { decimalString } from '../../infra/http/openapi';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { LINES, type Line } from '../lines';
import {
  currentPrices,
  dailyEarnings,
  earningsByAsset,
  holdingsOf,
  holdingValue,
  totalUsdt,
  upcomingOf,
  utcDayStart,
} from './queries';

const tags = ['earn'];
const DAY_MS = 86_400_000;

const overview = z.object({
  as_of: z
    .number()
    .int()
    .describe('When the figures were read, unix seconds; every value is at the prices of then'),
  total_usdt: decimalString.describe('Σ of the lines’ total_usdt, to the cent: the figures shown add up'),
  total_btc: decimalString
    .nullable()
    .describe('total_usdt ÷ the BTC price, 8 decimals down; null when BTC is not listed'),
  yesterday_usdt: decimalString.describe(
    'Net earnings (interest, rewards, bonuses, less fees and losses) booked in the previous UTC day, at current prices',
  ),
  cumulative_usdt: decimalString.describe('Net earnings ever booked, at current prices'),
  lines: z.array(
    z.object({
      line: z.enum(LINES),
      total_usdt: decimalString.describe('Σ of its coins’ usdt'),
      assets: z.array(
        z.object({
          asset: z.string(),
          amount: decimalString,
          usdt: decimalString.describe('amount × the current price, in cents (2 decimals) rounded down'),
        }),
      ),
    }),
  ),
  upcoming: z.array(
    z.object({
      kind: z.enum(['maturity', 'redemption', 'pool_end']),
      line: z.enum(LINES),
      asset: z.string(),
      amount: decimalString.describe(
        'What arrives (private wealth: the units’ cost; the NAV decides the value)',
      ),
      at: z.number().int().describe('When, unix seconds'),
      estimated: z.boolean().describe('True when the instant is an estimate (a NAV not yet published)'),
    }),
  ),
});

export function registerOverviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/web/v1/earn/overview',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags,
        operationId: 'getEarnOverview',
        summary: "The signed-in user's earn assets by line and coin, their earnings, and what comes next",
        description:
          'Holdings by the definition the proof of liabilities counts too: the earn accounts of the ledger and the ' +
          'positions (flexible includes interest credited and not withdrawn; staking includes rewards held until the next ' +
          'redemption, in their coin; private wealth is its units, held and redeeming, at the latest NAV published, ' +
          '8 decimals down, at cost before a first NAV; the ledger keeps it at cost), each valued at the current price ' +
          'in cents; a line totals its coins and total_usdt the lines, so they add up. Lines holding nothing are left ' +
          'out. Earnings are the ' +
          'statement’s interest, reward, bonus, fee and loss movements, per coin, valued at the current price.',
        response: { 200: envelope(overview) },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const now = deps.clock.now();
      const prices = await currentPrices(deps.db);
      const holdings = await holdingsOf(deps.db, deps.reads, userId, now);
      const lines = new Map<
        Line,
        { total: Decimal; assets: { asset: string; amount: string; usdt: string }[] }
      >();
      // Each coin's value in cents; a line's total is the sum of its coins', the overview's the sum
      // of the lines': the figures shown together add up to the cent.
      for (const h of holdings.sort((a, b) => a.asset.localeCompare(b.asset))) {
        const entry = lines.get(h.line) ?? { total: dec(0), assets: [] };
        const usdt = holdingValue(prices, h.asset, h.amount);
        entry.total = sumValues([entry.total, usdt]);
        entry.assets.push({ asset: h.asset, amount: toWire(h.amount), usdt: toWire(usdt) });
        lines.set(h.line, entry);
      }
      const total = sumValues([...lines.values()].map((l) => l.total));
      const btc = prices.get('BTC');
      const today = utcDayStart(now);
      const yesterday = await earningsByAsset(
        deps.db,
        deps.reads,
        userId,
        new Date(today.getTime() - DAY_MS),
        today,
      );
      const cumulative = await earningsByAsset(deps.db, deps.reads, userId);
      return ok({
        as_of: unixSeconds(now),
        total_usdt: toWire(total),
        total_btc: btc?.gt(0) ? toWire(roundDown(total.div(btc), 8)) : null,
        yesterday_usdt: toWire(totalUsdt(prices, yesterday)),
        cumulative_usdt: toWire(totalUsdt(prices, cumulative)),
        lines: [...lines.entries()]
          .sort(([a, x], [b, y]) => y.total.cmp(x.total) || LINES.indexOf(a) - LINES.indexOf(b))
          .map(([line, l]) => ({ line, total_usdt: toWire(l.total), assets: l.assets })),
        upcoming: (await upcomingOf(deps.db, deps.reads, userId, now)).slice(0, 50),
      });
    },
  );

  r.get(
    '/api/web/v1/earn/earnings',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags,
        operationId: 'getEarnEarnings',
        summary: "The signed-in user's net earnings per UTC day, in USDT at current prices, for a chart",
        description:
          'The `days` UTC days ending with today (today so far last), oldest first, each the day’s interest, rewards and ' +
          'bonuses less fees and losses, per coin at the current price (8 decimals down), summed. Closed days come from ' +
          'the daily rollup (earn.rollup.daily), the days after it from the live movements: the same figures.',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
        response: {
          200: envelope(
            z.object({
              days: z.array(
                z.object({
                  day: z.string().describe('YYYY-MM-DD, UTC'),
                  start: z.number().int().describe('The day’s start, unix seconds'),
                  usdt: decimalString,
                }),
              ),
              total_usdt: decimalString,
            }),
          ),
        },
      },
    },
    async (req) => {
      const days = await dailyEarnings(
        deps.db,
        deps.reads,
        currentUser(req).id,
        req.query.days,
        deps.clock.now(),
      );
      const total = days.reduce((sum, d) => sum.plus(d.usdt), dec(0));
      return ok({ days, total_usdt: toWire(total) });
    },
  );
}
