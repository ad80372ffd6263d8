import { describe, expect, test } from 'vitest';
import { applyListQuery, type ListQuery, readListQuery, writeListQuery } from './listQuery';

type P = { coin: string; name: string; apr: string | null; days: number[]; held: boolean };
const ROWS: P[] = [
  { coin: 'USDT', name: 'Dollar fund', apr: '5.2', days: [0, 30], held: true },
  { coin: 'BTC', name: 'Bitcoin', apr: '1.21', days: [0], held: false },
  { coin: 'ETH', name: 'Ether', apr: null, days: [14], held: true },
  { coin: 'GT', name: 'GateToken', apr: '15.0', days: [0, 60], held: false },
];
const rules = {
  searchable: (p: P) => [p.coin, p.name],
  coin: (p: P) => p.coin,
  mine: (p: P) => p.held,
  figures: {
    apr: (p: P) => p.apr,
    term: (p: P, d: 'asc' | 'desc') => (d === 'asc' ? Math.min(...p.days) : Math.max(...p.days)),
  },
};
const coins = (q: Partial<ListQuery>) =>
  applyListQuery(ROWS, { q: '', sort: 'apr-desc', mine: false, ...q }, rules).map((p) => p.coin);

describe('a product list', () => {
  test('sorts by APR both ways, decimals compared exactly, a product without an APR last either way', () => {
    expect(coins({ sort: 'apr-desc' })).toEqual(['GT', 'USDT', 'BTC', 'ETH']);
    expect(coins({ sort: 'apr-asc' })).toEqual(['BTC', 'USDT', 'GT', 'ETH']);
  });

  test('sorts by shortest term or longest term, ties by coin', () => {
    expect(coins({ sort: 'term-asc' })).toEqual(['BTC', 'GT', 'USDT', 'ETH']);
    expect(coins({ sort: 'term-desc' })).toEqual(['GT', 'USDT', 'ETH', 'BTC']);
    expect(coins({ sort: 'coin' })).toEqual(['BTC', 'ETH', 'GT', 'USDT']);
  });

  test('searches coin and name in any case, and narrows to the positions held', () => {
    expect(coins({ q: 'us' })).toEqual(['USDT']);
    expect(coins({ q: 'gatet' })).toEqual(['GT']);
    expect(coins({ q: '  t ', mine: true })).toEqual(['USDT', 'ETH']);
    expect(coins({ q: 'xyz' })).toEqual([]);
  });

  test('reads and writes its URL query, leaving defaults and other parameters alone', () => {
    const offered = ['apr-desc', 'apr-asc', 'coin'] as const;
    expect(readListQuery(new URLSearchParams('q=et&sort=apr-asc&mine=1'), offered, 'apr-desc')).toEqual({
      q: 'et',
      sort: 'apr-asc',
      mine: true,
    });
    // A sort this list does not offer falls back to its default.
    expect(readListQuery(new URLSearchParams('sort=redeem-asc&mine=yes'), offered, 'apr-desc')).toEqual({
      q: '',
      sort: 'apr-desc',
      mine: false,
    });
    const written = writeListQuery(
      new URLSearchParams('state=2&q=old'),
      { q: '', sort: 'apr-desc', mine: true },
      'apr-desc',
    );
    expect(written.toString()).toBe('state=2&mine=1');
  });
});
