import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { PageBoundary } from '../../app/PageBoundary';
import { createAdminQueryClient } from './api/http';

// Everything else loads behind these two: the dynamic import that app/routes.tsx adds to the users'
// first route names this chunk's own imports, so the fewer it has, the less the first route carries.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const Console = lazy(() => import('./Console'));

/**
 * The operator console at /admin: mounted by app/routes.tsx as one lazy route, so none of it is in
 * the users' first route. Its own query client (failures show in place; a 401 means the operator's
 * session ended, never the user app's login), its own sign-in page, and the signed-in console.
 */
export default function AdminApp() {
  const [client] = useState(createAdminQueryClient);
  const { pathname } = useLocation();
  const routes = useRoutes([
    { path: 'login', element: <LoginPage /> },
    { path: '*', element: <Console /> },
  ]);
  return (
    <QueryClientProvider client={client}>
      {/* The console's code loads in chunks: one that fails (offline) says so instead of a blank page. */}
      <PageBoundary resetKey={pathname}>
        <Suspense fallback={null}>{routes}</Suspense>
      </PageBoundary>
    </QueryClientProvider>
  );
}
