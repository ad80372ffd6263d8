import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { DocSlug } from './content/types';

const DocPage = lazy(() => import('./pages/DocPage'));

const doc = (slug: DocSlug) => <DocPage slug={slug} />;

/**
 * The product's documents at the paths the specs and the catalogue link to (the staking catalogue's
 * default agreement is `/docs/staking_user_agreement.pdf`, so that path is a page too).
 */
export const docRoutes: RouteObject[] = [
  { path: 'docs/staking_user_agreement.pdf', element: doc('staking-agreement') },
  { path: 'help/lend/simple-earn/terms-of-use', element: doc('terms') },
  { path: 'help/lend/simple-earn/risk-disclosure', element: doc('risk') },
  { path: 'help/lend/simple-earn', element: doc('help') },
  { path: 'learn/course/lend-earn-investment-guide', element: doc('guide') },
  { path: 'proof-of-reserves', element: doc('reserves') },
  { path: 'vip', element: doc('vip') },
  // The specs' VIP-wealth path: the wealth products are this app's VIP wealth.
  { path: 'myaccount/funds/finance/vip-wealth', element: <Navigate to="/wealth" replace /> },
];
