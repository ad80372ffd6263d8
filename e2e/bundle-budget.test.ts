import { expect, test } from 'vitest';
import { buildWeb } from './support/build';
import { FIRST_ROUTE_BUDGET_KB, firstRouteSize } from './support/bundle';

/**
 * The budget as a size check, not a timing: the production build's first-route JavaScript (the bench's
 * formula, `npm run bench:web`) must stay under 150 KB gzip, so a static import into the shell that
 * passes it fails here rather than going unnoticed until someone runs the bench.
 */
test(`the first route's JavaScript stays under ${FIRST_ROUTE_BUDGET_KB} KB gzip`, () => {
  const { files, totalKb } = firstRouteSize(buildWeb());
  const detail = files.map((f) => `${f.file} ${f.kb.toFixed(1)} KB`).join(', ');
  // The entry and its preloads are all there, or the sum would be trivially small.
  expect(files.some((f) => f.file.includes('framework'))).toBe(true);
  expect(totalKb, `first route: ${totalKb.toFixed(1)} KB gzip (${detail})`).toBeLessThan(
    FIRST_ROUTE_BUDGET_KB,
  );
});
