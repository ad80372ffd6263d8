/**
 * Proof of liabilities: the encoding of a leaf and of an inner node of the daily Merkle tree. The server
 * builds the tree in SQL with these exact strings and the browser re-hashes them with Web Crypto, so the
 * encoding lives here once; a change to it is a new version prefix, never an edit in place.
 *
 * Strings, not bytes, so the database (sha256 of the UTF-8 text), Node and the browser agree trivially.
 * Leaves and nodes carry different prefixes, so a node can never be passed off as a leaf.
 */
import { z } from 'zod';

export const LIABILITIES_LEAF_PREFIX = 'earn-pol-leaf|v1';
export const LIABILITIES_NODE_PREFIX = 'earn-pol-node|v1';

export interface LiabilityBalance {
  asset: string;
  /** Plain decimal without trailing zeros ("12.5", "0.00000001", "100"), as PostgreSQL's trim_scale prints it. */
  amount: string;
}

/** An amount in the leaf's canonical form: plain decimal, no exponent, no trailing zeros. */
export function canonicalAmount(amount: string): string {
  if (!/^\d+(\.\d+)?$/.test(amount)) throw new Error(`not a plain non-negative decimal: ${amount}`);
  let [int = '0', frac = ''] = amount.split('.');
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Byte-order comparison, as PostgreSQL's COLLATE "C" sorts the assets. */
function byCode(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The text a leaf hashes: prefix, user id, salt and the balances sorted by asset. */
export function leafText(userId: number, salt: string, balances: LiabilityBalance[]): string {
  const parts = [...balances]
    .sort((a, b) => byCode(a.asset, b.asset))
    .map((b) => `${b.asset}:${canonicalAmount(b.amount)}`);
  return `${LIABILITIES_LEAF_PREFIX}|${userId}|${salt}|${parts.join(',')}`;
}

/** The text an inner node hashes: its two children's hex hashes, left first. */
export function nodeText(leftHex: string, rightHex: string): string {
  return `${LIABILITIES_NODE_PREFIX}|${leftHex}|${rightHex}`;
}

/** SHA-256 of the UTF-8 text as lowercase hex, with Web Crypto (the browser's, and Node's global one). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** One step up the tree: the sibling's hash and on which side it sits. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

/**
 * Re-hashes a leaf up its path. A level where the node had no sibling is absent from the path: a lone
 * node is carried up unchanged (never paired with itself, which would let two trees share a root).
 */
export async function rootFromPath(leafHash: string, path: ProofStep[]): Promise<string> {
  let hash = leafHash;
  for (const step of path) {
    hash = await sha256Hex(step.side === 'left' ? nodeText(step.hash, hash) : nodeText(hash, step.hash));
  }
  return hash;
}

export interface LiabilityProof {
  user_id: number;
  salt: string;
  balances: LiabilityBalance[];
  leaf_hash: string;
  path: ProofStep[];
}

export interface ProofVerdict {
  /** The leaf re-hashed from the balances and salt equals the one the server stored. */
  leafMatches: boolean;
  /** The path from the re-hashed leaf reaches the published root. */
  rootMatches: boolean;
  computedLeaf: string;
  computedRoot: string;
}

/** Checks a proof against a published root, recomputing everything from the balances shown. */
export async function verifyLiabilityProof(proof: LiabilityProof, root: string): Promise<ProofVerdict> {
  const computedLeaf = await sha256Hex(leafText(proof.user_id, proof.salt, proof.balances));
  const computedRoot = await rootFromPath(computedLeaf, proof.path);
  return {
    leafMatches: computedLeaf === proof.leaf_hash,
    rootMatches: computedRoot === root,
    computedLeaf,
    computedRoot,
  };
}

/** Builds the whole tree in memory: for tests and small sets; the server builds it level by level in SQL. */
export async function merkleLevels(leaves: string[]): Promise<string[][]> {
  const levels = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as string;
      const right = level[i + 1];
      next.push(right === undefined ? left : await sha256Hex(nodeText(left, right)));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const liabilityBalanceSchema = z.object({
  asset: z.string(),
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
});
export const proofStepSchema = z.object({ side: z.enum(['left', 'right']), hash: hex64 });
