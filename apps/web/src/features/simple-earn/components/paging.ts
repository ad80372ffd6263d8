import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { MOBILE_QUERY } from '../../../app/breakpoints';

/** The server's page-size cap. */
const MAX_LIMIT = 100;

/**
 * Desktop pages the table (page, limit); mobile grows one list (page 1, limit × pages loaded), which
 * gives the infinite list of section 2 without stitching pages together.
 */
export function usePaging(pageSize: number) {
  const mobile = !!useMediaQuery(MOBILE_QUERY);
  const [page, setPage] = useState(1);
  const query = mobile ? { page: 1, limit: Math.min(MAX_LIMIT, pageSize * page) } : { page, limit: pageSize };
  return {
    mobile,
    query,
    reset: () => setPage(1),
    tableProps: (total: number, loaded: number) => ({
      page,
      total,
      pageSize,
      onPageChange: setPage,
      hasMore: mobile && loaded < total && query.limit < MAX_LIMIT,
      onLoadMore: () => setPage((p) => p + 1),
    }),
  };
}
