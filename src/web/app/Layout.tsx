// zod's no-eval mode, before any screen's code builds a schema (lib/zod-config.ts).
import '../lib/zod-config.ts';
import { Suspense } from 'react';
import { AppShell, Burger, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../lib/session.ts';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { RouteFallback } from './RouteFallback.tsx';
import { ShellProviders } from './ShellProviders.tsx';
import classes from './Layout.module.css';

const NAV_ITEMS = [
  { to: '/', key: 'dashboard' },
  { to: '/employees', key: 'employees' },
  { to: '/flights', key: 'flights' },
  { to: '/coverage', key: 'coverage' },
  { to: '/time-off', key: 'timeOff' },
  { to: '/airport-hours', key: 'airportHours' },
  { to: '/settings', key: 'settings' },
] as const;

/** The signed-in shell: the navigation bar (active item by exact path) and Sign Out on the right. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { data: session } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items = [...NAV_ITEMS, ...(session?.user.role === 'admin' ? [{ to: '/users', key: 'users' } as const] : [])];

  const links = items.map((item) => {
    // A screen's own pages (the coverage day view) keep their screen's item active.
    const active = location.pathname === item.to || (item.to !== '/' && location.pathname.startsWith(`${item.to}/`));
    return (
      <UnstyledButton
        key={item.to}
        component={Link}
        to={item.to}
        className={classes.link}
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        onClick={close}
      >
        {t(`nav.${item.key}`)}
      </UnstyledButton>
    );
  });

  // A one-time password from an administrator is changed before anything else.
  if (session?.user.mustChangePassword && location.pathname !== '/account') {
    return <Navigate to="/account" replace />;
  }

  const handleSignOut = async () => {
    await signOut(() => navigate('/login', { replace: true }));
  };

  return (
    <ShellProviders>
      <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'md', collapsed: { desktop: true, mobile: !opened } }} padding="md">
        <AppShell.Header className={classes.header}>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('nav.label')} />
              <Text fw={700} size="lg" c="white">
                Grafik
              </Text>
              <Group gap={4} visibleFrom="md" component="nav" aria-label={t('nav.label')}>
                {links}
              </Group>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitch />
              {session && (
                <Text
                  component={Link}
                  to="/account"
                  size="sm"
                  c="white"
                  visibleFrom="sm"
                  td="underline"
                  title={t('nav.account')}
                  aria-current={location.pathname === '/account' ? 'page' : undefined}
                >
                  {session.user.email}
                </Text>
              )}
              <Button variant="white" size="xs" onClick={handleSignOut}>
                {t('nav.signOut')}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" hiddenFrom="md">
          <Stack gap={4} component="nav" aria-label={t('nav.label')}>
            {links}
            <UnstyledButton component={Link} to="/account" className={classes.link} onClick={close}>
              {t('nav.account')}
            </UnstyledButton>
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0">
          {/* The shell stays on screen while the next screen's code arrives. */}
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ShellProviders>
  );
}
