import { Anchor, AppShell, Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type MutableRefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PD_LOCALE } from '../../shared/constants';
import type { SessionReply } from '../../shared/schemas/session';
import { isSessionError } from '../api/errors';
import { useSession } from '../api/session';
import { useMemberSettings } from '../api/memberSettings';
import { enabledFeatures } from '../access';
import { hasRole } from '../auth/roles';
import { SessionProvider } from '../auth/SessionContext';
import { FullPageError } from '../components/FullPageError';
import { PageBoundary } from '../components/PageBoundary';
import { PageLoader } from '../components/PageLoader';
import { isLocale, switchLanguage } from '../i18n/setup';
import { BlockedNotice } from './BlockedNotice';
import { MainNav } from './MainNav';
import { PaymentNotice } from './PaymentNotice';
import { navEntries } from './navigation';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';
import { useFocusOnNavigation, useLandedPath } from './useFocusOnNavigation';
import { useAfterFirstData } from './useAfterFirstData';
import { useIsPhone } from './useIsPhone';
import classes from './layout.module.css';
import { lazyChunk } from '../components/lazyChunk';
import { ChunkSuspense } from '../components/ChunkSuspense';

// Quick search (its result formats and reply schemas, with the phone number library) is not
// needed for the first paint of a page: it is mounted, and its chunk loaded, after the page
// and its first answers (useAfterFirstData.ts).
const SuperSearch = lazyChunk(() => import('./SuperSearch'), 'SuperSearch');
/** Holds the header's place for the search box while its chunk loads (no jump when it arrives). */
const searchPlaceholder = <Box w={{ base: 180, lg: 260 }} h={36} />;

/**
 * The signed-in frame: checks the session first (an expired one is sent to the
 * login page by the query client), then renders the top bar and the page.
 */
export function AppLayout() {
  const session = useSession();

  if (session.data) return <Shell session={session.data} />;
  if (session.isError && !isSessionError(session.error)) {
    return <FullPageError error={session.error} onRetry={() => void session.refetch()} />;
  }
  return <PageLoader />;
}

function Shell({ session }: { session: SessionReply }) {
  const { t } = useTranslation();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const landed = useLandedPath();
  // The same query as BlockedNotice's: the menu shows a feature's pages only while it is on.
  const settings = useMemberSettings();
  const entries = navEntries(session.user, enabledFeatures(settings.data));
  const hasNav = entries.length > 0;
  const canSearch = hasRole(session.user, 'board');
  // Below sm the top bar has no room for quick search: it moves into the phone menu.
  const phone = useIsPhone();
  const [pageShown, setPageShown] = useState(false);
  const searchReady = useAfterFirstData(pageShown);
  useUserLocale(session.persistent_data[PD_LOCALE]);

  return (
    <SessionProvider session={session}>
      <AppShell
        header={{ height: 64 }}
        navbar={hasNav ? { width: 260, breakpoint: 'lg', collapsed: { mobile: !navOpened, desktop: true } } : undefined}
        padding="lg"
      >
        <SkipLink />
        <AppShell.Header>
          <Group h="100%" px="lg" justify="space-between" wrap="nowrap" gap="md">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {hasNav ? (
                <Burger
                  opened={navOpened}
                  onClick={toggleNav}
                  hiddenFrom="lg"
                  size="sm"
                  aria-label={t('layout.toggle_navigation')}
                  aria-expanded={navOpened}
                  aria-controls="main-nav-mobile"
                />
              ) : null}
              <Anchor
                component={Link}
                to="/"
                className={classes.siteName}
                underline="hover"
                aria-label={t('layout.home_link', { name: session.customer_name })}
              >
                {session.customer_name}
              </Anchor>
            </Group>
            {hasNav ? <MainNav entries={entries} direction="row" visibleFrom="lg" /> : null}
            <Group gap="sm" wrap="nowrap">
              {/* Supersearch for those who may read the register. */}
              {canSearch ? (
                <Box role="search" visibleFrom="sm">
                  {searchReady ? (
                    <ChunkSuspense chunks={SuperSearch} fallback={searchPlaceholder}>
                      <SuperSearch />
                    </ChunkSuspense>
                  ) : (
                    searchPlaceholder
                  )}
                </Box>
              ) : null}
              <UserMenu user={session.user} />
            </Group>
          </Group>
        </AppShell.Header>
        {hasNav ? (
          // A collapsed navbar is only moved off screen; inert keeps its links out of the tab order.
          <AppShell.Navbar p="md" id="main-nav-mobile" hiddenFrom="lg" inert={!navOpened}>
            {canSearch && phone && navOpened ? (
              <Box role="search" mb="md">
                <ChunkSuspense chunks={SuperSearch} fallback={null}>
                  <SuperSearch inMenu onNavigate={closeNav} />
                </ChunkSuspense>
              </Box>
            ) : null}
            <MainNav entries={entries} direction="column" onNavigate={closeNav} />
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <Container size="xl" px={0}>
            <BlockedNotice />
            <PaymentNotice />
            {/* A page's chunk loads inside the frame: the header and menu stay mounted meanwhile. */}
            <PageBoundary>
              <Outlet />
              <PageFocus landed={landed} onShown={setPageShown} />
            </PageBoundary>
          </Container>
        </AppShell.Main>
      </AppShell>
    </SessionProvider>
  );
}

/**
 * Moves focus to a new page's heading, and tells the frame a page is there. Inside the page's
 * Suspense boundary, so its effects run when the page has rendered, not while its chunk is
 * still loading.
 */
function PageFocus({ landed, onShown }: { landed: MutableRefObject<string>; onShown: (shown: true) => void }) {
  useFocusOnNavigation(landed);
  useEffect(() => onShown(true), [onShown]);
  return null;
}

/** The user's chosen UI language (persistent data `locale`); Finnish otherwise. */
function useUserLocale(locale: unknown): void {
  useEffect(() => {
    const wanted = isLocale(locale) ? locale : 'fi';
    void switchLanguage(wanted);
  }, [locale]);
}
