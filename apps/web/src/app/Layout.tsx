import { Box, Burger, Button, Container, Group, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { queryKeys } from '../api/queries';
import { onLoginRequired } from '../api/session';
import { SessionGate } from '../components/query-state/SessionGate';
import { useAuthDialogs, useLogout, useMe } from './auth';
import { isFramed, postToParent } from './embed';
import { AccountButton, LanguageButton, ThemeButton } from './HeaderButtons';
import { PRODUCT_LINES } from './lines';
import { registerNavigate } from './navigate';
import { PageBoundary } from './PageBoundary';

type HeaderMenusModule = typeof import('./HeaderMenus');
let menusPromise: Promise<HeaderMenusModule> | null = null;
const loadMenus = () => {
  menusPromise ??= import('./HeaderMenus');
  return menusPromise;
};
const NavDrawer = lazy(() => import('./NavDrawer'));
const Footer = lazy(() => import('./Footer'));
const RegisterModal = lazy(() => import('./RegisterModal'));
const NotificationBell = lazy(() => import('../features/notifications/components/Bell'));

/**
 * The header's dropdowns load after the first paint (idle time), so their positioning code stays out
 * of the first route's bundle. Until then the same buttons show; a click before that loads them and
 * opens the menu once it is in.
 */
function useHeaderMenus(): { menus: HeaderMenusModule | null; load: () => void } {
  const [menus, setMenus] = useState<HeaderMenusModule | null>(null);
  const load = useCallback(() => void loadMenus().then(setMenus), []);
  useEffect(() => {
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
    };
    if (w.requestIdleCallback) w.requestIdleCallback(load, { timeout: 1500 });
    else setTimeout(load, 300);
  }, [load]);
  return { menus, load };
}

type Menus = ReturnType<typeof useHeaderMenus>;

/** A header control: the plain button until the dropdown code is in, the dropdown after. */
function Deferred({
  menus,
  button,
  menu,
}: {
  menus: Menus;
  button: (open: () => void) => ReactNode;
  menu: (m: HeaderMenusModule, opened: boolean) => ReactNode;
}) {
  const [clicked, setClicked] = useState(false);
  if (!menus.menus) {
    return (
      <>
        {button(() => {
          setClicked(true);
          menus.load();
        })}
      </>
    );
  }
  return <>{menu(menus.menus, clicked)}</>;
}

function AccountArea({ menus }: { menus: Menus }) {
  const { t } = useTranslation();
  const { me, isLoading } = useMe();
  const logout = useLogout();
  const { openRegister } = useAuthDialogs();
  const location = useLocation();
  // Unknown (loading, failed, offline): neither a visitor's Log in nor a user's menu.
  if (me === undefined) return isLoading ? <Loader size="xs" aria-label={t('common.loading')} /> : null;
  if (!me) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to={`/login?redirect=${redirect}`} variant="subtle" size="sm" px="xs">
          {t('auth.login')}
        </Button>
        <Button size="sm" onClick={openRegister} visibleFrom="xs">
          {t('auth.register')}
        </Button>
      </Group>
    );
  }
  return (
    <>
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
      <Deferred
        menus={menus}
        button={(open) => <AccountButton me={me} onClick={open} />}
        menu={(m, opened) => <m.AccountMenu me={me} onLogout={() => void logout()} defaultOpened={opened} />}
      />
    </>
  );
}

/** A 401 anywhere: to the login page, which sends the user back here afterwards. */
function useLoginRedirect() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((to) => void navigate(to)), [navigate]);
  const location = useLocation();
  const client = useQueryClient();
  useEffect(
    () =>
      onLoginRequired(() => {
        // The session is gone: forget the user, or the login page would send them straight back.
        client.setQueryData(queryKeys.me, null);
        if (location.pathname === '/login') return;
        const target = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
        if (isFramed()) postToParent({ type: 'open-page', url: target });
        else navigate(target);
      }),
    [navigate, location, client],
  );
}

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Group justify="center" py={80}>
      <Loader aria-label={t('common.loading')} />
    </Group>
  );
}

/** Every route renders here: behind the session (see SessionGate), a Suspense and a boundary. */
function Page() {
  const location = useLocation();
  return (
    <PageBoundary resetKey={location.pathname}>
      <SessionGate loading={<PageLoader />}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </SessionGate>
    </PageBoundary>
  );
}

function Dialogs() {
  const { registerOpened } = useAuthDialogs();
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (registerOpened) setUsed(true);
  }, [registerOpened]);
  return used || registerOpened ? (
    <Suspense fallback={null}>
      <RegisterModal />
    </Suspense>
  ) : null;
}

export function Layout() {
  const { t } = useTranslation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const menus = useHeaderMenus();
  useLoginRedirect();

  if (isFramed()) {
    return (
      <Box p="md">
        <Page />
        <Dialogs />
      </Box>
    );
  }

  return (
    <>
      <Box component="header" className="app-header surface">
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            <Group gap="lg" wrap="nowrap">
              <Burger
                opened={drawerOpened}
                onClick={() => {
                  setDrawerUsed(true);
                  drawer.toggle();
                }}
                hiddenFrom="lg"
                size="sm"
                aria-label={t('nav.menu')}
              />
              <Link to="/" aria-label={t('brand.name')} style={{ textDecoration: 'none', color: 'inherit' }}>
                <Group gap={8} wrap="nowrap">
                  <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
                    <rect width="28" height="28" rx="8" fill="var(--mantine-primary-color-filled)" />
                    <path
                      d="M8 17.5l4-4 3 3 5-6"
                      stroke="#fff"
                      strokeWidth="2.2"
                      fill="none"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  <Text fw={700} size="lg" style={{ letterSpacing: '-0.01em' }}>
                    Earn
                  </Text>
                </Group>
              </Link>
              <Group component="nav" aria-label={t('nav.main')} gap={2} visibleFrom="lg" wrap="nowrap">
                <NavLink to="/" end className="nav-link">
                  {t('nav.home')}
                </NavLink>
                {PRODUCT_LINES.map((l) => (
                  <NavLink key={l.key} to={l.path} className="nav-link">
                    {t(l.navKey)}
                  </NavLink>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Deferred
                menus={menus}
                button={(open) => <LanguageButton onClick={open} />}
                menu={(m, opened) => <m.LanguageMenu defaultOpened={opened} />}
              />
              <Deferred
                menus={menus}
                button={(open) => <ThemeButton onClick={open} />}
                menu={(m, opened) => <m.ThemeMenu defaultOpened={opened} />}
              />
              <AccountArea menus={menus} />
            </Group>
          </Group>
        </Container>
      </Box>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
      <Container
        size="xl"
        py={{ base: 'md', sm: 'xl' }}
        px={{ base: 'md', sm: 'lg' }}
        component="main"
        id="main"
      >
        <Page />
      </Container>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Dialogs />
    </>
  );
}
