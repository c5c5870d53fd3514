import { AppShell, Box, Burger, Divider, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { OfflineAwarePage } from '../../components/offline-aware-page';
import { useAuthUser } from '../../features/auth/stores/auth-store';
import { messagingKeys } from '../../features/messaging/api/messaging-keys';
import { MessagingLive } from '../../features/messaging/components/messaging-live';
import { currencyKeys } from '../../features/currency/api/currency-keys';
import { notificationKeys } from '../../features/notifications/api/notification-keys';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { settingsKeys } from '../../features/settings/api/settings-keys';
import { GlobalSearch } from '../../features/search/components/global-search';
import { HeaderSearch } from '../../features/search/components/header-search';
import { useSearchWanted } from '../../features/search/search-spotlight-store';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { effectiveLayoutPreset, useUiPreferences } from '../../lib/ui-preferences';
import { CurrencySwitcher } from './currency-switcher';
import { LAYOUT_MAX_WIDTH, hidesSidebar } from './layout-presets';
import { RoleNav } from './role-nav';
import { QuickActionsNav } from './quick-actions-nav';
import { SearchDeepLinks } from './search-deep-links';
import classes from './app-layout.module.css';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { VerificationNotice } from './verification-notice';
import { useSaveLanguage } from '../hooks/use-save-language';
import { useTranslation } from '../../lib/i18n';

const NAVBAR_BREAKPOINT = 'sm';

/** Queries of the header and providers around every page: they say nothing about the page offline. */
const SHELL_QUERIES = [
  notificationKeys.stats(),
  currencyKeys.all,
  settingsKeys.all,
  settingsKeys.public(),
  messagingKeys.unread(),
];

/** The authenticated app: header, collapsible sidebar with quick actions, and the page. */
export function AppLayout() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const saveLanguage = useSaveLanguage();
  const [prefs, update] = useUiPreferences();
  const [mobileOpened, mobile] = useDisclosure(false);
  // Mantine's 'sm' breakpoint: below it the sidebar is an overlay toggled per visit, above it the
  // collapsed state is a stored preference.
  // Read at once (no SSR here): a value set in an effect would render the whole shell a second time.
  const isMobile = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  const preset = effectiveLayoutPreset(prefs, user?.role);
  const withSidebar = !hidesSidebar(preset);
  const sidebarOpen = isMobile ? mobileOpened : !prefs.sidebarCollapsed;
  // On a phone the sidebar is an overlay kept off screen until the burger opens it: its links mount then,
  // and stay. A start renders none of them. Closed (a phone's overlay, or a desktop's collapsed sidebar,
  // both slid off screen) the links are inert: no keyboard user tabs through links nobody can see.
  const [mobileSidebarShown, setMobileSidebarShown] = useState(false);
  const sidebarLinks = !isMobile || mobileSidebarShown;

  const toggleSidebar = () => {
    if (isMobile) {
      setMobileSidebarShown(true);
      mobile.toggle();
    } else update({ sidebarCollapsed: !prefs.sidebarCollapsed });
  };

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 56 }}
      navbar={
        withSidebar
          ? {
              width: 240,
              breakpoint: NAVBAR_BREAKPOINT,
              collapsed: { mobile: !mobileOpened, desktop: prefs.sidebarCollapsed },
            }
          : undefined
      }
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {withSidebar && (
              <Burger
                // On a desktop the toggle stays a menu icon: the sidebar beside the page is no overlay to close.
                opened={isMobile && sidebarOpen}
                onClick={toggleSidebar}
                size="sm"
                aria-label={t('layout.toggleSidebar')}
                aria-expanded={sidebarOpen}
              />
            )}
            <Text component={Link} to="/dashboard" fw={700} size="lg" c="blue">
              Affilio
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user && <HeaderSearch />}
            {user && <NotificationBell />}
            {user && <CurrencySwitcher />}
            {/* on a phone a signed-in header is full: the switch is in the user menu there */}
            <Box visibleFrom={user ? 'sm' : undefined}>
              <LanguageSwitch onChange={user ? saveLanguage : undefined} />
            </Box>
            <ThemeToggle />
            {user && <UserMenu user={user} />}
          </Group>
        </Group>
      </AppShell.Header>

      {withSidebar && (
        <AppShell.Navbar p="xs" aria-label={t('layout.sidebar')}>
          {/* Native scrolling: Mantine's ScrollArea measures itself in effects, re-rendering at start. */}
          {sidebarLinks && (
            <Box inert={!sidebarOpen} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
              <NavLink
                component={Link}
                to="/dashboard"
                label={t('layout.dashboard')}
                active={pathname === '/dashboard'}
                onClick={mobile.close}
              />
              <Divider my="xs" />
              <QuickActionsNav role={user?.role} onNavigate={mobile.close} />
              <RoleNav role={user?.role} onNavigate={mobile.close} />
            </Box>
          )}
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <Box maw={LAYOUT_MAX_WIDTH[preset]} mx="auto">
          <VerificationNotice user={user} />
          <OfflineAwarePage routeKey={pathname} shellQueries={SHELL_QUERIES}>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </OfflineAwarePage>
        </Box>
      </AppShell.Main>
      <LaterShellParts userId={user?.id} />
    </AppShell>
  );
}

/**
 * The live message stream and the search deep links (nothing of them shows at start) mount after the
 * first frame; the global search dialog when it is first asked for. A component of their own: their
 * mounting re-renders only this, not the whole shell (header, sidebar, page) around it.
 */
function LaterShellParts({ userId }: { userId: string | undefined }) {
  const afterFirstPaint = useAfterFirstPaint();
  const searchWanted = useSearchWanted();
  return (
    <>
      {searchWanted && userId && <GlobalSearch userId={userId} />}
      {afterFirstPaint && userId && <MessagingLive />}
      {afterFirstPaint && <SearchDeepLinks />}
    </>
  );
}
