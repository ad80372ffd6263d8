import { dec } from '@earn/domain';

/** The orders a product list can be sorted in; each list offers those its products have a figure for. */
export const SORTS = [
  'apr-desc',
  'apr-asc',
  'term-asc',
  'term-desc',
  'redeem-asc',
  'redeem-desc',
  'coin',
  'newest',
  'expire-asc',
  'expire-desc',
] as const;
export type SortKey = (typeof SORTS)[number];
export type SortField = 'apr' | 'term' | 'redeem' | 'expire';

/** What a list shows, as its URL query keeps it: `q` (coin search), `sort`, `mine=1`. */
export interface ListQuery {
  q: string;
  sort: SortKey;
  mine: boolean;
}

export const LIST_PARAMS = { q: 'q', sort: 'sort', mine: 'mine' } as const;
/** Longer searches are cut: no coin or product name is longer. */
export const SEARCH_MAX_LENGTH = 32;

/** The list's state read from the URL; an unknown or unoffered sort falls back to the list's default. */
export function readListQuery(
  params: URLSearchParams,
  offered: readonly SortKey[],
  fallback: SortKey,
): ListQuery {
  const sort = params.get(LIST_PARAMS.sort) as SortKey | null;
  return {
    q: (params.get(LIST_PARAMS.q) ?? '').slice(0, SEARCH_MAX_LENGTH),
    sort: sort && offered.includes(sort) ? sort : fallback,
    mine: params.get(LIST_PARAMS.mine) === '1',
  };
}

/** `params` with the list's state written in; defaults are left out so a plain link stays plain. */
export function writeListQuery(params: URLSearchParams, next: ListQuery, fallback: SortKey): URLSearchParams {
  const out = new URLSearchParams(params);
  if (next.q) out.set(LIST_PARAMS.q, next.q);
  else out.delete(LIST_PARAMS.q);
  if (next.sort !== fallback) out.set(LIST_PARAMS.sort, next.sort);
  else out.delete(LIST_PARAMS.sort);
  if (next.mine) out.set(LIST_PARAMS.mine, '1');
  else out.delete(LIST_PARAMS.mine);
  return out;
}

/** A figure to sort by: a decimal string, a number, or null when the product has none (sorted last). */
export type Figure = string | number | null | undefined;

export interface ListRules<T> {
  /** The texts a search matches: the coin first, then names. */
  searchable: (row: T) => readonly string[];
  coin: (row: T) => string;
  /** Whether the signed-in user holds this product. */
  mine?: (row: T) => boolean;
  /**
   * Each sort's figure. A product with several (terms of 7 and 30 days) may answer by direction: its
   * shortest term when sorting shortest first, its longest when longest first.
   */
  figures: Partial<Record<SortField, (row: T, direction: 'asc' | 'desc') => Figure>>;
}

function compareFigures(a: Figure, b: Figure): number | null {
  const hasA = a !== null && a !== undefined && a !== '';
  const hasB = b !== null && b !== undefined && b !== '';
  if (!hasA || !hasB) return hasA === hasB ? 0 : null;
  return dec(a).cmp(dec(b));
}

/**
 * The rows a list shows: those whose coin or name contains the search (any case), only the user's own
 * when `mine`, in the chosen order; products without the sort's figure go last in either direction,
 * and ties are broken by coin so the order is stable.
 */
export function applyListQuery<T>(rows: readonly T[], query: ListQuery, rules: ListRules<T>): T[] {
  const needle = query.q.trim().toUpperCase();
  const kept = rows.filter(
    (row) =>
      (!needle || rules.searchable(row).some((text) => text.toUpperCase().includes(needle))) &&
      (!query.mine || (rules.mine?.(row) ?? false)),
  );
  if (query.sort === 'coin') return kept.sort((a, b) => rules.coin(a).localeCompare(rules.coin(b)));
  // Newest first is the order the rows came in.
  if (query.sort === 'newest') return kept;
  const [field, direction] = query.sort.split('-') as [SortField, 'asc' | 'desc'];
  const of = rules.figures[field];
  if (!of) return kept;
  const sign = direction === 'asc' ? 1 : -1;
  const figure = (row: T) => of(row, direction);
  return kept.sort((a, b) => {
    const fa = figure(a);
    const c = compareFigures(fa, figure(b));
    // null: exactly one of the two has no figure; it goes last.
    if (c === null) return fa === null || fa === undefined || fa === '' ? 1 : -1;
    return sign * c || rules.coin(a).localeCompare(rules.coin(b));
  });
}

/** Whether the list is narrowed at all (then an empty list says nothing matches, with a way out). */
export function isNarrowed(query: ListQuery): boolean {
  return query.q.trim() !== '' || query.mine;
}
