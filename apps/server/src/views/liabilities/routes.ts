import { liabilityBalanceSchema, proofStepSchema } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../infra/http/auth';
import { envelope, ok } from '../../infra/http/envelope';
import { decimalString } from '../../infra/http/openapi';
import { unixSeconds } from '../../infra/jobs/clock';
import type { AppDeps } from '../../kernel/deps';
import { latestRoot, userLeaf } from './queries';

const rootSchema = z.object({
  day: z.string().describe('UTC date of the snapshot, YYYY-MM-DD'),
  taken_at: z.number().describe('When the balances were read, unix seconds'),
  root: z.string().describe('Merkle root, SHA-256 hex'),
  leaf_count: z.number(),
  totals: z.array(z.object({ asset: z.string(), total: decimalString })),
});

export function registerLiabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/web/v1/earn/liabilities/root',
    {
      schema: {
        tags: ['earn'],
        operationId: 'getLiabilitiesRoot',
        summary: "The latest proof-of-liabilities root: every user's earn balances, per asset",
        description:
          "Built daily, at 00:00 UTC after every line's work of the day: one leaf per user holding anything in Earn. " +
          'A leaf counts, per coin, what the user can take out of Earn, by the definition the overview shows ' +
          '(GET /api/web/v1/earn/overview): earn accounts of the ledger (flexible principal with pending and frozen ' +
          'amounts, fixed principal, launch-pool stakes, staking and staking being redeemed), flexible interest ' +
          'credited and not withdrawn, staking rewards held until the next redemption, private wealth units (held and ' +
          'redeeming) at the latest NAV, 8 decimals down (at cost before a first NAV). Not counted: fixed interest ' +
          'before maturity, rewards and interest accruing within the hour, soft staking (its coins stay in spot). ' +
          'The leaf is the SHA-256 of ' +
          '"earn-pol-leaf|v1|<user id>|<salt>|<ASSET>:<amount>,…" (assets in byte order, amounts without trailing ' +
          'zeros); a node is the SHA-256 of "earn-pol-node|v1|<left>|<right>", a lone last node is carried up. ' +
          'totals are the sums of the leaves per asset. data is null before the first snapshot.',
        response: { 200: envelope(rootSchema.nullable()) },
      },
    },
    async () => {
      const root = await latestRoot(deps.db);
      return ok(root ? wireRoot(root) : null);
    },
  );

  r.get(
    '/api/web/v1/earn/liabilities/proof',
    {
      preHandler: requireUser(deps.db, deps.clock),
      schema: {
        tags: ['earn'],
        operationId: 'getLiabilitiesProof',
        summary: "The signed-in user's leaf in the latest proof of liabilities and its path to the root",
        description:
          'leaf.path lists the sibling of each level from the leaf up, with the side it sits on; hashing the leaf ' +
          'and then each step (left sibling first when side is "left") must give root.root. leaf is null when ' +
          'the user held no earn balance when the snapshot was taken; root is null before the first snapshot.',
        response: {
          200: envelope(
            z.object({
              root: rootSchema.nullable(),
              leaf: z
                .object({
                  user_id: z.number(),
                  salt: z.string(),
                  index: z.number(),
                  leaf_hash: z.string(),
                  balances: z.array(liabilityBalanceSchema),
                  path: z.array(proofStepSchema),
                })
                .nullable(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const root = await latestRoot(deps.db);
      const leaf = root ? await userLeaf(deps.db, root.day, user.id) : undefined;
      return ok({
        root: root ? wireRoot(root) : null,
        leaf: leaf
          ? {
              user_id: user.id,
              salt: leaf.salt,
              index: leaf.idx,
              leaf_hash: leaf.hash,
              balances: leaf.balances,
              path: leaf.path,
            }
          : null,
      });
    },
  );
}

function wireRoot(root: NonNullable<Awaited<ReturnType<typeof latestRoot>>>) {
  return {
    day: root.day,
    taken_at: unixSeconds(root.takenAt),
    root: root.root,
    leaf_count: root.leafCount,
    totals: root.totals,
  };
}
