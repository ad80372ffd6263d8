import {
  Alert,
  AppShell,
  Badge,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageMenu, ThemeMenu } from '../../../app/HeaderMenus';
import { PageBoundary } from '../../../app/PageBoundary';
import { adminSend } from '../api/http';
import { adminQueries } from '../api/queries';
import type { OperatorRole } from '../api/types';
import { formatUtc } from '../components/format';

interface NavItem {
  to: string;
  label: string;
  /** Shown to this role and above only. */
  role?: OperatorRole;
  end?: boolean;
}

const NAV: NavItem[] = [
  { to: '/admin', label: 'admin.nav.dashboard', end: true },
  { to: '/admin/products', label: 'admin.nav.products' },
  { to: '/admin/launch-pool', label: 'admin.nav.launchPool' },
  { to: '/admin/users', label: 'admin.nav.users' },
  { to: '/admin/prices', label: 'admin.nav.prices' },
  { to: '/admin/clock', label: 'admin.nav.clock' },
  { to: '/admin/audit', label: 'admin.nav.audit' },
  { to: '/admin/outbox', label: 'admin.nav.outbox' },
  { to: '/admin/settings', label: 'admin.nav.settings' },
  { to: '/admin/operators', label: 'admin.nav.operators', role: 'admin' },
];

export const ROLE_COLORS: Record<OperatorRole, string> = { viewer: 'gray', operator: 'blue', admin: 'grape' };

function SignOut() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await adminSend('post', '/admin/api/auth/logout');
    } finally {
      client.clear();
      navigate('/admin/login', { replace: true });
    }
  };
  return (
    <Button variant="default" size="xs" onClick={() => void signOut()} data-testid="admin-signout">
      {t('admin.signOut')}
    </Button>
  );
}

function ClockBadge() {
  const { t } = useTranslation();
  const clock = useQuery({ ...adminQueries.clock(), refetchInterval: 30_000 });
  if (!clock.data) return null;
  return (
    <Text size="xs" c="dimmed" className="num" visibleFrom="md" data-testid="admin-clock-now">
      {clock.data.kind === 'test' ? t('admin.clock.testShort') : t('admin.clock.systemShort')}:{' '}
      {formatUtc(clock.data.now)}
    </Text>
  );
}

/** The console's frame: a side navigation, the operator's identity and role, language and theme. */
export function AdminLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const { data: me } = useQuery(adminQueries.me());
  const role = me?.role ?? 'viewer';
  const rank = { viewer: 0, operator: 1, admin: 2 } as const;
  const items = NAV.filter((n) => !n.role || rank[role] >= rank[n.role]);
  const active = (n: NavItem) =>
    n.end
      ? location.pathname === n.to || location.pathname === `${n.to}/`
      : location.pathname.startsWith(n.to);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: { md: 190, lg: 220 }, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="lg"
      className="admin-shell"
    >
      <AppShell.Header className="surface">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('admin.nav.menu')}
            />
            <Link
              to="/admin"
              style={{ textDecoration: 'none', color: 'inherit' }}
              aria-label={t('admin.brand')}
            >
              <Group gap={8} wrap="nowrap">
                <svg width="26" height="26" viewBox="0 0 28 28" aria-hidden="true">
                  <rect width="28" height="28" rx="8" fill="var(--mantine-primary-color-filled)" />
                  <path d="M8 9h12M8 14h12M8 19h7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
                {/* On a phone the mark alone (the link is named): with the name, the role and Sign out
                    were cut off at 375 px. */}
                <Text fw={700} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('admin.brand')}
                </Text>
              </Group>
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ClockBadge />
            {me && (
              <Group gap={6} wrap="nowrap" data-testid="admin-identity">
                <Text size="sm" fw={500} maw={220} truncate visibleFrom="sm">
                  {me.email ?? t('admin.tokenActor')}
                </Text>
                <Badge color={ROLE_COLORS[me.role]} variant="light" data-testid="admin-role">
                  {t(`admin.role.${me.role}`)}
                </Badge>
              </Group>
            )}
            <LanguageMenu />
            <ThemeMenu />
            <SignOut />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" className="surface">
        <Stack gap={2} component="nav" aria-label={t('admin.nav.label')}>
          {items.map((n) => (
            <NavLink
              key={n.to}
              component={Link}
              to={n.to}
              label={t(n.label)}
              active={active(n)}
              aria-current={active(n) ? 'page' : undefined}
              onClick={close}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        {me?.role === 'viewer' && (
          <Alert color="gray" variant="light" mb="md" py="xs" data-testid="admin-readonly">
            {t('admin.readOnly')}
          </Alert>
        )}
        <PageBoundary resetKey={location.pathname}>
          <Suspense
            fallback={
              <Center py={80}>
                <Loader aria-label={t('common.loading')} />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </PageBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
