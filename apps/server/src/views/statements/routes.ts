import { Readable } from 'node:stream';
import { assetSymbol, StatementsMessageKey } from '@earn/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../infra/db/client';
import { currentUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import { decimalString } from '../../infra/http/openapi';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import type { LineReads } from '../../kernel/reads';
import { csvLine } from './csv';
import { decodeCursor, MOVEMENT_TYPES, type MovementFilter, STATEMENT_LINES } from './movements';
import { databaseKnowsZone, exportBatches, statementPage } from './queries';
import { statementWhys, whyText } from './why';

const tags = ['earn'];

const when = z.string().max(32).optional().describe('Unix seconds; from is inclusive, to exclusive');

const filters = {
  line: z.enum(STATEMENT_LINES).optional().describe('Only this product line'),
  asset: assetSymbol.optional().describe('Only this coin'),
  from: when,
  to: when,
};

const row = z.object({
  key: z.string().describe("The row's keyset position: unique, and a valid cursor"),
  at: z.number().int().describe('When the movement was booked, unix seconds'),
  line: z.enum(STATEMENT_LINES),
  type: z.enum(MOVEMENT_TYPES),
  asset: z.string(),
  amount: decimalString.describe(
    "Signed as the user's available funds see it: subscriptions, fees and losses negative; redemptions, interest, rewards and bonuses positive",
  ),
  price_usdt: decimalString.nullable().describe("The coin's USDT price at that time (the price history)"),
  value_usdt: decimalString.nullable().describe('amount × price_usdt, 8 decimals toward zero'),
  product: z
    .string()
    .describe("The earn account moved and the entry's business reference (order, pool and hour, lot)"),
  entry_id: z.number().int().nullable().describe('The ledger journal entry'),
  // A union (anyOf), not a discriminated one: OpenAPI 3.0 marks each branch nullable, and oneOf's
  // branches must then exclude each other, which two nullable branches cannot.
  why: z
    .union([
      z.object({ kind: z.literal('flexible_hour'), coin: z.string(), hour: z.number().int() }),
      z.object({ kind: z.literal('flexible_bonus_hour'), coin: z.string(), hour: z.number().int() }),
      z.object({
        kind: z.literal('launchpool_interest_hour'),
        rid: z.number().int(),
        hour: z.number().int(),
      }),
      z.object({
        kind: z.literal('launchpool_hour'),
        rid: z.number().int(),
        coin: z.string(),
        hour: z.number().int(),
      }),
      z.object({ kind: z.literal('soft_staking_day'), coin: z.string(), day: z.number().int() }),
      z.object({
        kind: z.literal('dual_settlement'),
        product_id: z.number().int(),
        direction: z.enum(['sell_high', 'buy_low']),
        target_price: decimalString,
        fixing_price: decimalString.nullable(),
        reached: z.boolean().nullable(),
        rule: z
          .string()
          .describe(
            'The rule applied, in words: the fixing price against the target and what was paid; on a subscription row, what was subscribed',
          ),
        order_id: z.number().int().optional().describe('A subscription row only: the order subscribed'),
        apr: decimalString.optional().describe("A subscription row only: the order's APR, percent a year"),
        settle_time: z
          .number()
          .int()
          .optional()
          .describe('A subscription row only: when the product settles, unix seconds'),
      }),
      z.object({
        kind: z.literal('staking_day'),
        ids: z
          .array(z.number().int())
          .min(1)
          .describe(
            "The staking reward records this payment sums (the user's base and campaign rewards of the day in this coin), each opened by kind=staking_day&id=…",
          ),
      }),
    ])
    .nullable()
    .describe(
      "The row's payout breakdown (GET /api/web/v1/earn/rewards/breakdown with these parameters): a flexible hour's " +
        "interest or bonus (coin: the holding's), a launch-pool hour's reward or auto-earn interest, a soft-staking " +
        "day's payout, a staking day's payment (its reward records, one breakdown each); a dual subscription's, " +
        "settlement's or withdrawal's facts, which open no breakdown; null for other rows",
    ),
});

function parseTime(field: 'from' | 'to', text: string | undefined): Date | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,12}$/.test(text))
    throw errors.invalidParams(
      `${field} must be unix seconds`,
      { field },
      StatementsMessageKey.statementDate,
    );
  return new Date(Number(text) * 1000);
}

function filterOf(
  userId: number,
  q: { line?: MovementFilter['line']; asset?: string; from?: string; to?: string },
): MovementFilter {
  const from = parseTime('from', q.from);
  const to = parseTime('to', q.to);
  if (from && to && from.getTime() > to.getTime())
    throw errors.invalidParams('from is after to', { field: 'from' }, StatementsMessageKey.statementRange);
  return { userId, line: q.line, asset: q.asset?.toUpperCase(), from, to };
}

/** An IANA zone name both Intl and PostgreSQL know; never an offset ("+05:00" is POSIX in SQL). */
async function requireZone(db: Db, tz: string): Promise<void> {
  let known = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(tz);
  if (known) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
    } catch {
      known = false;
    }
  }
  if (!known || !(await databaseKnowsZone(db, tz)))
    throw errors.invalidParams(
      `Unknown time zone ${tz}`,
      { field: 'tz', tz },
      StatementsMessageKey.statementTimeZone,
    );
}

export const CSV_COLUMNS = [
  'line',
  'type',
  'asset',
  'amount',
  'price_usdt',
  'value_usdt',
  'product',
  'entry_id',
  'why',
];

async function* csvText(
  db: Db,
  reads: readonly LineReads[],
  filter: MovementFilter,
  tz: string,
): AsyncGenerator<string> {
  yield csvLine([`time (${tz})`, 'time (UTC)', ...CSV_COLUMNS]);
  for await (const batch of exportBatches(db, reads, filter, tz)) {
    // The statement page's whys, read for the whole batch at once.
    const whys = await statementWhys(db, reads, filter.userId, batch);
    let chunk = '';
    for (const [i, r] of batch.entries())
      chunk += csvLine([
        r.at_local,
        r.at_utc,
        r.line,
        r.type,
        r.asset,
        r.amount,
        r.price,
        r.value,
        r.product,
        r.entry_id,
        whyText(whys[i] ?? null),
      ]);
    yield chunk;
  }
}

export function registerStatementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/web/v1/earn/statements',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags,
        operationId: 'listEarnStatements',
        summary: 'Every earn movement of the signed-in user, newest first, paged by cursor',
        description:
          'Subscriptions, redemptions, interest, rewards, bonuses, fees and losses across every product line, from ' +
          'the ledger (flexible interest from its hourly sub-ledger), each valued at the USDT price of its time. ' +
          'Pass next_cursor back as cursor for the next page; pages never repeat or skip a row.',
        querystring: z.object({
          ...filters,
          type: z.enum(MOVEMENT_TYPES).optional(),
          cursor: z.string().max(120).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: envelope(z.object({ list: z.array(row), next_cursor: z.string().nullable() })),
        },
      },
    },
    async (req) => {
      const filter = { ...filterOf(currentUser(req).id, req.query), type: req.query.type };
      const after = req.query.cursor ? decodeCursor(req.query.cursor) : undefined;
      if (req.query.cursor && !after)
        throw errors.invalidParams('Bad cursor', { field: 'cursor' }, StatementsMessageKey.statementCursor);
      const page = await statementPage(deps.db, deps.reads, filter, after, req.query.limit);
      return ok(page);
    },
  );

  r.get(
    '/api/web/v1/earn/statements.csv',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags,
        operationId: 'exportEarnStatements',
        summary: 'The statement as CSV, oldest first, streamed, with no range cap',
        description:
          'One header row, then one row per movement: time in the chosen IANA time zone (tz, default UTC) and in ' +
          'UTC (YYYY-MM-DD HH:MM:SS), line, type, asset, amount, USDT price at that time, USDT value, product, ' +
          "ledger entry id, why (the JSON statement's why in words: a payout's hour or day, a staking day's reward " +
          "records, a dual product's fixing price against its target and the rule applied, a dual subscription's " +
          'target, APR and settle time; empty for other rows). Streamed from a database cursor, so its size does ' +
          'not limit it. An unknown tz or a ' +
          'bad date answers 400 (earn.statements.badTimeZone, earn.statements.badDate, earn.statements.badRange) ' +
          'before anything is streamed.',
        querystring: z.object({
          ...filters,
          tz: z.string().max(64).default('UTC').describe('IANA time zone name, e.g. Asia/Shanghai'),
        }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; header row first, CRLF line ends') },
      },
    },
    async (req, reply) => {
      const filter = filterOf(currentUser(req).id, req.query);
      await requireZone(deps.db, req.query.tz);
      // A stream is sent as it is: Fastify serialises only what is not one. The schema's string is the
      // document's, so the stream goes through the untyped reply, which takes any payload.
      const untyped: FastifyReply = reply;
      return untyped
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="earn-statement.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(csvText(deps.db, deps.reads, filter, req.query.tz)));
    },
  );
}
