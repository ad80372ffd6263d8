import { ACCOUNT_MODES, assetSymbol, toWire } from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserByRef } from '../../accounts/users';
import { type Db, rows, sql } from '../../infra/db/client';
import { envelope, ok } from '../../infra/http/envelope';
import type { AppDeps } from '../../kernel/deps';
import type { LineReads } from '../../kernel/reads';
import { HISTORY_LINES, type HistoryLine, LINES, lineOfReason, reasonsOf } from '../../views/lines';
import { positionsOf } from './positions';
import { amount, cursor, epoch, pageLimit, tags, userParam } from './wire';

const userItem = z.object({
  id: z.number(),
  email: z.string(),
  vip_tier: z.number(),
  account_mode: z.enum(ACCOUNT_MODES),
  locked: z.boolean(),
  created_at: z.number(),
});

const positionsAnswer = z.object({
  lines: z.array(
    z.object({
      line: z.enum(LINES),
      positions: z.array(
        z.object({
          id: z.string(),
          product: z.string(),
          asset: z.string(),
          amount,
          status: z.string(),
          since: z.number(),
          extra: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  ),
});

const historyItem = z.object({
  /** The posting's id: unique per row (an entry may move two of the user's accounts). */
  id: z.number(),
  entry_id: z.number(),
  at: z.number(),
  reason: z.string(),
  line: z.enum([...HISTORY_LINES, 'other']),
  asset: z.string(),
  amount,
  /** The account's purpose: spot, flexible, fixed, launchpool, staking, staking_redeeming, wealth. */
  account: z.string(),
});

/** `%`, `_` and `\` in a search are matched as themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users newest first, found by id or by a part of their email, paged by id. */
async function searchUsers(db: Db, q: { q?: string; limit: number; cursor?: number }) {
  const where: SQL[] = [];
  const text = q.q?.trim().toLowerCase();
  if (text) {
    const byEmail = sql`email LIKE ${`%${likeEscape(text)}%`}`;
    const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
    where.push(id === null ? byEmail : sql`(id = ${id} OR ${byEmail})`);
  }
  if (q.cursor !== undefined) where.push(sql`id < ${q.cursor}`);
  const found = await rows<z.infer<typeof userItem>>(
    db,
    sql`SELECT id::float8 AS id, email, vip_tier, account_mode, locked, ${epoch(sql`created_at`)} AS created_at
        FROM users ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY id DESC LIMIT ${q.limit + 1}`,
  );
  const list = found.slice(0, q.limit);
  return { list, next_cursor: found.length > q.limit ? (list[list.length - 1]?.id ?? null) : null };
}

/**
 * A user's postings newest first, keyset-paged on the posting id (stable under inserts: a page never
 * repeats or skips a row). Read through the user's accounts, so only their postings are touched.
 */
async function historyOf(
  db: Db,
  reads: readonly LineReads[],
  userId: number,
  q: { line?: HistoryLine; asset?: string; cursor?: number; limit: number },
) {
  const where: SQL[] = [sql`a.user_id = ${userId}`];
  if (q.asset) where.push(sql`a.asset = ${q.asset}`);
  if (q.cursor !== undefined) where.push(sql`p.id < ${q.cursor}`);
  if (q.line) {
    const reasons = reasonsOf(reads, q.line);
    if (reasons.length === 0) return { list: [], next_cursor: null };
    where.push(
      sql`e.reason IN (${sql.join(
        reasons.map((r) => sql`${r}::text`),
        sql`, `,
      )})`,
    );
  }
  const found = await rows<{
    id: number;
    entry_id: number;
    at: number;
    reason: string;
    asset: string;
    amount: string;
    account: string;
  }>(
    db,
    sql`SELECT p.id::float8 AS id, p.entry_id::float8 AS entry_id, ${epoch(sql`e.created_at`)} AS at, e.reason,
          a.asset, p.amount::text AS amount, a.purpose AS account
        FROM ledger_accounts a
        JOIN postings p ON p.account_id = a.id
        JOIN journal_entries e ON e.id = p.entry_id
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY p.id DESC LIMIT ${q.limit + 1}`,
  );
  const lineOf = lineOfReason(reads);
  const list = found
    .slice(0, q.limit)
    .map((r) => ({ ...r, amount: toWire(r.amount), line: lineOf(r.reason) }));
  return { list, next_cursor: found.length > q.limit ? (list[list.length - 1]?.id ?? null) : null };
}

export function registerUserRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/api/users',
    {
      schema: {
        tags,
        operationId: 'searchConsoleUsers',
        summary: 'Users newest first, found by id or by part of their email',
        description:
          'q: a user id (an exact match) or any part of an email (case-insensitive); empty lists every user. ' +
          'Pass next_cursor back as cursor for the next page.',
        querystring: z.object({ q: z.string().max(254).optional(), limit: pageLimit, cursor }),
        response: {
          200: envelope(z.object({ list: z.array(userItem), next_cursor: z.number().nullable() })),
        },
      },
    },
    async (req) => ok(await searchUsers(deps.db, req.query)),
  );

  r.get(
    '/admin/api/users/:user/positions',
    {
      schema: {
        tags,
        operationId: 'getConsoleUserPositions',
        summary: "Every line's positions of a user",
        description:
          'Per line: simple-earn flexible holdings (amount = principal + pending + frozen) and fixed orders (active ' +
          'first, then the latest 200), launch-pool stakes, staking positions per product and protocol, wealth ' +
          'holdings at cost, soft staking (own spot funds per listed coin), dual orders (open first).',
        params: userParam,
        response: { 200: envelope(positionsAnswer) },
      },
    },
    async (req) => {
      const user = await findUserByRef(deps.db, req.params.user);
      return ok({ lines: await positionsOf(deps.db, deps.reads, user.id, deps.clock.now()) });
    },
  );

  r.get(
    '/admin/api/users/:user/history',
    {
      schema: {
        tags,
        operationId: 'getConsoleUserHistory',
        summary: "A user's ledger postings, newest first, by line and asset",
        description:
          "Each posting on one of the user's accounts with its entry, time, reason and the line the reason belongs to " +
          '(account: deposits, withdrawals, loans). Flexible interest accrues in a pooled account, not per user, so it ' +
          'shows when withdrawn. Pass next_cursor back as cursor for the next page.',
        params: userParam,
        querystring: z.object({
          line: z.enum(HISTORY_LINES).optional(),
          asset: assetSymbol.optional(),
          cursor,
          limit: pageLimit,
        }),
        response: {
          200: envelope(z.object({ list: z.array(historyItem), next_cursor: z.number().nullable() })),
        },
      },
    },
    async (req) => {
      const user = await findUserByRef(deps.db, req.params.user);
      return ok(await historyOf(deps.db, deps.reads, user.id, req.query));
    },
  );
}
