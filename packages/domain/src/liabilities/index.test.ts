import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalAmount,
  leafText,
  merkleLevels,
  nodeText,
  rootFromPath,
  sha256Hex,
  verifyLiabilityProof,
} from '.';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('proof-of-liabilities encoding', () => {
  it('writes amounts without trailing zeros and assets in byte order', () => {
    expect(canonicalAmount('100.000000000000000000')).toBe('100');
    expect(canonicalAmount('0.500')).toBe('0.5');
    expect(canonicalAmount('007.25')).toBe('7.25');
    expect(() => canonicalAmount('1e-8')).toThrow();
    expect(
      leafText(42, 'ab', [
        { asset: 'usdt', amount: '1' },
        { asset: 'USDT', amount: '2.50' },
        { asset: 'BTC', amount: '0.00000001' },
      ]),
    ).toBe('earn-pol-leaf|v1|42|ab|BTC:0.00000001,USDT:2.5,usdt:1');
  });

  it("hashes with Web Crypto exactly as Node's own SHA-256 does", async () => {
    const text = leafText(7, 'salt', [{ asset: 'ETH', amount: '1.5' }]);
    expect(await sha256Hex(text)).toBe(sha(text));
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('verifies every leaf of a seven-leaf tree and refuses a changed balance', async () => {
    const leaves = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((id) =>
        sha256Hex(leafText(id, `s${id}`, [{ asset: 'USDT', amount: `${id}` }])),
      ),
    );
    const levels = await merkleLevels(leaves);
    expect(levels.map((l) => l.length)).toEqual([7, 4, 2, 1]);
    const root = levels[3]?.[0] as string;
    for (let i = 0; i < 7; i++) {
      const path = [];
      for (let level = 0, idx = i; level < levels.length - 1; level++, idx >>= 1) {
        const sibling = levels[level]?.[idx ^ 1];
        if (sibling)
          path.push({ side: idx % 2 === 1 ? ('left' as const) : ('right' as const), hash: sibling });
      }
      expect(await rootFromPath(leaves[i] as string, path)).toBe(root);
      const proof = {
        user_id: i + 1,
        salt: `s${i + 1}`,
        balances: [{ asset: 'USDT', amount: `${i + 1}` }],
        leaf_hash: leaves[i] as string,
        path,
      };
      expect(await verifyLiabilityProof(proof, root)).toMatchObject({ leafMatches: true, rootMatches: true });
      const tampered = { ...proof, balances: [{ asset: 'USDT', amount: `${i + 1}.00000001` }] };
      expect(await verifyLiabilityProof(tampered, root)).toMatchObject({
        leafMatches: false,
        rootMatches: false,
      });
    }
    // The lone seventh leaf is carried up, never paired with itself.
    expect(levels[1]?.[3]).toBe(leaves[6]);
    expect(root).toBe(sha(nodeText(levels[2]?.[0] as string, levels[2]?.[1] as string)));
  });
});
