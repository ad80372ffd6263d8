import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// One lazy chunk for both pages: each lazy import costs the first route its list of preloads.
const NotificationPages = lazy(() => import('./pages/Pages'));

/** The inbox and its settings, mounted by app/routes.tsx under the layout. */
export const notificationRoutes: RouteObject[] = [
  { path: 'notifications', element: <NotificationPages page="inbox" /> },
  { path: 'notifications/preferences', element: <NotificationPages page="preferences" /> },
];
