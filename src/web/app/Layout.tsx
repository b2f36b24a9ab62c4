// zod's no-eval mode, before any screen's code builds a schema (lib/zod-config.ts).
import '../lib/zod-config.ts';
import { Suspense, useState } from 'react';
import { AppShell, Burger, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
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

/** The nav item a path belongs to: its own path, or a screen's own pages (the coverage day view). */
const itemOf = (pathname: string) => NAV_ITEMS.find((item) => pathname === item.to || (item.to !== '/' && pathname.startsWith(`${item.to}/`)));

/** The signed-in shell: the navigation bar (active item by exact path) and Sign Out on the right. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { data: session } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items = [...NAV_ITEMS, ...(session?.user.role === 'admin' ? [{ to: '/users', key: 'users' } as const] : [])];

  // The item clicked last, marked at once, while its screen's code and data are on their way (the
  // router keeps the old screen until then); forgotten as soon as the address moves.
  const [pending, setPending] = useState<{ to: string; from: string } | null>(null);
  const going = pending && pending.from === location.pathname ? pending.to : null;
  const links = items.map((item) => {
    // A screen's own pages (the coverage day view) keep their screen's item active.
    const here = location.pathname === item.to || (item.to !== '/' && location.pathname.startsWith(`${item.to}/`));
    const active = going ? going === item.to : here;
    return (
      <UnstyledButton
        key={item.to}
        component={Link}
        to={item.to}
        className={classes.link}
        data-active={active || undefined}
        data-pending={going === item.to || undefined}
        aria-current={active ? 'page' : undefined}
        onClick={() => {
          if (!here) setPending({ to: item.to, from: location.pathname });
          close();
        }}
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
          {/* One boundary per screen: a new screen's boundary shows its frame (its title and a spinner) at
              once while its code arrives, instead of the old screen staying on view. */}
          <Suspense key={itemOf(location.pathname)?.to ?? location.pathname} fallback={<ScreenFrame pathname={location.pathname} />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ShellProviders>
  );
}

/** A screen's frame while its code arrives: its name as the page's heading, then the spinner. */
function ScreenFrame({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const item = itemOf(pathname);
  return (
    <div data-testid="screen-frame">
      {item && (
        <Title order={1} size="h2" mb="md">
          {t(`nav.${item.key}`)}
        </Title>
      )}
      <RouteFallback />
    </div>
  );
}
