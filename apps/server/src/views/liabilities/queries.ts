import type { LiabilityBalance, ProofStep } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';

export interface LiabilityRoot {
  day: string;
  takenAt: Date;
  root: string;
  leafCount: number;
  totals: { asset: string; total: string }[];
}

/** The latest published snapshot with its per-asset totals; undefined before the first one. */
export async function latestRoot(db: Db): Promise<LiabilityRoot | undefined> {
  const [snap] = await rows<{ day: string; taken_at: string; root: string; leaf_count: number }>(
    db,
    sql`SELECT day::text AS day, taken_at, root, leaf_count FROM liability_snapshots ORDER BY day DESC LIMIT 1`,
  );
  if (!snap) return undefined;
  const totals = await rows<{ asset: string; total: string }>(
    db,
    sql`SELECT asset, trim_scale(total)::text AS total FROM liability_totals
         WHERE day = ${snap.day}::date ORDER BY asset COLLATE "C"`,
  );
  return {
    day: snap.day,
    takenAt: new Date(snap.taken_at),
    root: snap.root,
    leafCount: snap.leaf_count,
    totals,
  };
}

export interface UserLeaf {
  salt: string;
  idx: number;
  hash: string;
  balances: LiabilityBalance[];
  path: ProofStep[];
}

/** A user's leaf in a day's tree and the siblings up to the root; undefined when they had no earn balance. */
export async function userLeaf(db: Db, day: string, userId: number): Promise<UserLeaf | undefined> {
  const [leaf] = await rows<{ salt: string; idx: number; hash: string }>(
    db,
    sql`SELECT salt, idx, hash FROM liability_leaves WHERE day = ${day}::date AND user_id = ${userId}`,
  );
  if (!leaf) return undefined;
  const balances = await rows<LiabilityBalance>(
    db,
    sql`SELECT asset, trim_scale(amount)::text AS amount FROM liability_balances
         WHERE day = ${day}::date AND user_id = ${userId} ORDER BY asset COLLATE "C"`,
  );
  // The sibling at each level is the node whose index differs in the last bit of the leaf's index
  // shifted by the level; a level where it is missing (a lone node carried up) adds no step.
  const siblings = await rows<{ level: number; idx: number; hash: string }>(
    db,
    sql`SELECT level, idx, hash FROM liability_nodes
         WHERE day = ${day}::date AND idx = ((${leaf.idx}::int >> level) # 1)
           AND level < (SELECT MAX(level) FROM liability_nodes WHERE day = ${day}::date)
         ORDER BY level`,
  );
  return {
    salt: leaf.salt,
    idx: leaf.idx,
    hash: leaf.hash,
    balances,
    path: siblings.map((s) => ({ side: s.idx % 2 === 0 ? 'left' : 'right', hash: s.hash })),
  };
}
