import { useSearchParams } from 'react-router';
import { type ListQuery, readListQuery, type SortKey, writeListQuery } from './listQuery';

export interface ListQueryState extends ListQuery {
  set: (patch: Partial<ListQuery>) => void;
  /** Back to every product (the order stays). */
  clear: () => void;
  sorts: readonly SortKey[];
}

/**
 * A product list's search, sort and "my positions only", kept in the URL query so a link or a reload
 * shows the same list. Changes replace the history entry: typing a search is not a trail of Back steps.
 */
export function useListQuery(
  sorts: readonly SortKey[],
  fallback: SortKey = 'apr-desc',
  /** Other parameters a change makes stale (a server list's `page`), and those Clear also drops. */
  related: { resetOnChange?: readonly string[]; resetOnClear?: readonly string[] } = {},
): ListQueryState {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, sorts, fallback);
  // One navigation per change: two in the same tick would each start from the same URL.
  const update = (patch: Partial<ListQuery>, drop: readonly string[]) =>
    setParams(
      (current) => {
        const next = writeListQuery(
          current,
          { ...readListQuery(current, sorts, fallback), ...patch },
          fallback,
        );
        for (const key of drop) next.delete(key);
        return next;
      },
      { replace: true },
    );
  const onChange = related.resetOnChange ?? [];
  return {
    ...query,
    sorts,
    set: (patch) => update(patch, onChange),
    clear: () => update({ q: '', mine: false }, [...onChange, ...(related.resetOnClear ?? [])]),
  };
}
