import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ProductsPage = lazy(() => import('./pages/ProductsPage'));
const MyLendingsPage = lazy(() => import('./pages/MyLendingsPage'));
const HoldingDetailPage = lazy(() => import('./pages/HoldingDetailPage'));
const HistoryPage = lazy(() => import('./pages/HistoryPage'));
const FaqPage = lazy(() => import('./pages/FaqPage'));

/**
 * The simple-earn routes (simple-earn.md section 2), mounted by app/routes.tsx under the layout.
 * Pages load with React.lazy, so the line's code stays out of the first route's bundle. The VIP
 * variants (VIP products, VIP holdings with the VIP call paths) live at /vip-wealth and the
 * exchange's account paths.
 */
export const simpleEarnRoutes: RouteObject[] = [
  { path: 'simple-earn', element: <ProductsPage /> },
  { path: 'simple-earn/my-lendings', element: <MyLendingsPage /> },
  { path: 'simple-earn/my-lendings/:id', element: <HoldingDetailPage /> },
  { path: 'simple-earn/history', element: <HistoryPage /> },
  { path: 'simple-earn/faq', element: <FaqPage /> },
  { path: 'simple-earn/vip-wealth', element: <ProductsPage vip /> },
  { path: 'vip-wealth', element: <ProductsPage vip /> },
  { path: 'myaccount/funds/finance/my_lendings', element: <MyLendingsPage /> },
  { path: 'myaccount/funds/finance/vip-wealth', element: <MyLendingsPage vip /> },
];
