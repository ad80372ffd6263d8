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
export function useListQuery(sorts: readonly SortKey[], fallback: SortKey = 'apr-desc'): ListQueryState {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, sorts, fallback);
  return {
    ...query,
    sorts,
    set: (patch) =>
      setParams(
        (current) =>
          writeListQuery(current, { ...readListQuery(current, sorts, fallback), ...patch }, fallback),
        {
          replace: true,
        },
      ),
    clear: () =>
      setParams(
        (current) =>
          writeListQuery(
            current,
            { ...readListQuery(current, sorts, fallback), q: '', mine: false },
            fallback,
          ),
        {
          replace: true,
        },
      ),
  };
}
