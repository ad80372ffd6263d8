import { dec, positiveAmount, toWire } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent } from '../../src/accounts/idempotency';
import { type Db, rows, sql } from '../../src/infra/db/client';
import { currentUser, requireUser } from '../../src/infra/http/auth';
import { envelope } from '../../src/infra/http/envelope';
import type { AppDeps } from '../../src/kernel/deps';
import { errors } from '../../src/kernel/errors';
import type { EarnModule } from '../../src/kernel/module';
import { systemAccount, UserPurpose, userAccount } from '../../src/ledger/accounts';
import { balanceOf, transfer } from '../../src/ledger/ledger';
import { requireAsset } from '../../src/market/assets';

export const PROBE_MOVE = '/api/test/probe/move';
export const PROBE_BOOM = '/api/test/probe/boom';

/**
 * A stand-in product line: one money-moving POST shaped exactly as the product lines write theirs
 * (session, funding password, idempotency, one ledger transfer), so the core's guards can be tested
 * without depending on any product.
 */
export const probeModule: EarnModule = {
  name: 'probe',
  routes(app: FastifyInstance, deps: AppDeps) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      PROBE_MOVE,
      {
        preHandler: requireUser(deps.db, deps.clock),
        // A money call, declared as every real one is: the money gate asks for the funding password
        // by the user's setting (as on a staking or wealth redemption) and runs the idempotency store.
        config: { money: { line: 'probe', kind: 'redemption', passwordOnRedemption: true } },
        schema: {
          body: z.object({
            asset: z.string().max(16),
            amount: positiveAmount(8),
            fundpass: z.string().max(64).optional(),
          }),
          response: { 200: envelope(z.object({ entry_id: z.number(), balance: z.string() })) },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        return idempotent(deps, req, reply, async (tx) => {
          const asset = await requireAsset(tx, req.body.asset);
          const entryId = await transfer(tx, {
            from: userAccount(user.id, asset.symbol, UserPurpose.spot),
            to: systemAccount(asset.symbol, 'probe'),
            amount: dec(req.body.amount),
            reason: 'probe',
            at: deps.clock.now(),
          });
          const balance = await balanceOf(tx, userAccount(user.id, asset.symbol, UserPurpose.spot));
          return { entry_id: entryId, balance: toWire(balance) };
        });
      },
    );
    r.post(PROBE_BOOM, {}, async () => {
      throw new Error('secret internal detail');
    });
    r.get('/api/test/probe/not-a-domain-error', {}, async () => {
      throw errors.notFound('probe thing');
    });
  },
};

export interface LedgerSnapshot {
  balances: Record<string, string>;
  entries: number;
  postings: number;
}

/** Every ledger balance and the number of entries: what "nothing moved" is checked against. */
export async function ledgerSnapshot(db: Db): Promise<LedgerSnapshot> {
  const accounts = await rows<{ id: string; balance: string }>(
    db,
    sql`SELECT id::text AS id, balance::text AS balance FROM ledger_accounts ORDER BY id`,
  );
  const [counts] = await rows<{ entries: string; postings: string }>(
    db,
    sql`SELECT (SELECT COUNT(*) FROM journal_entries)::text AS entries, (SELECT COUNT(*) FROM postings)::text AS postings`,
  );
  return {
    balances: Object.fromEntries(accounts.map((a) => [a.id, dec(a.balance).toFixed()])),
    entries: Number(counts?.entries ?? 0),
    postings: Number(counts?.postings ?? 0),
  };
}

export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await rows<{ n: string }>(db, sql`SELECT COUNT(*)::text AS n FROM ${sql.identifier(table)}`);
  return Number(row?.n ?? 0);
}

export async function spotBalance(db: Db, userId: number, asset: string): Promise<string> {
  return toWire(await balanceOf(db, userAccount(userId, asset, UserPurpose.spot)));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
