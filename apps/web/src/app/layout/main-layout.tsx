// Mantine's component styles come with the signed-in layout; the public screens load a part (main.tsx).
import './mantine-styles.ts';
import { Alert, AppShell, Button, Container } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { StatusPage } from '../../components/status-page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import type { RouteHandle } from '../../lib/area.ts';
import { canOpen, useMe } from '../../lib/session.ts';
import { useUiState } from '../ui-state.tsx';
import { AppBreadcrumbs } from './app-breadcrumbs.tsx';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { SignInAgain } from './sign-in-again.tsx';
import { useDialogFocusReturn } from './use-dialog-focus-return.ts';
import { useFocusOnNavigation } from './use-focus-on-navigation.ts';

/**
 * The guarded main layout: header, hideable sidebar, breadcrumb, then the
 * screen. Confirm dialogs are the screens' own (`components/confirm-modal.tsx`,
 * loaded on first open): no modals provider, so no modal code on first paint.
 */
export function MainLayout() {
  const { sidebarShow, toggleSidebar } = useUiState();
  // On a phone the sidebar overlays the screen, so it starts closed and closes after
  // each navigation; `sidebarShow` (the spec's state, default true) governs wider screens.
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [mobileOpen, mobileNav] = useDisclosure(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => mobileNav.close(), [pathname]);
  // The open sidebar covers a phone's screen: Escape closes it, as it closes a dialog.
  useHotkeys(isMobile && mobileOpen ? [['Escape', mobileNav.close]] : []);
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  useDialogFocusReturn();
  return (
    <>
      {/* First in the tab order: past the header and sidebar in one key press. */}
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: 248,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpen, desktop: !sidebarShow },
        }}
        padding="lg"
      >
        <AppShell.Header>
          <AppHeader
            navOpen={isMobile ? mobileOpen : sidebarShow}
            onToggleNav={isMobile ? mobileNav.toggle : toggleSidebar}
          />
        </AppShell.Header>
        {/* Scrolls when its links pass the window's height (a short laptop screen). */}
        <AppShell.Navbar p="sm" aria-label="Main navigation" style={{ overflowY: 'auto' }}>
          <AppSidebar />
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0" id="main-content" ref={main} tabIndex={-1}>
          <Container size="xl" px={0}>
            <AppBreadcrumbs />
            <GuardedScreen />
          </Container>
        </AppShell.Main>
      </AppShell>
      <SignInAgain />
    </>
  );
}

/**
 * Checks the screen's `access` against the signed-in admin before showing it,
 * so a typed URL shows a clear refusal rather than a screen of failed calls.
 */
function GuardedScreen() {
  const me = useMe();
  const matches = useMatches();
  // The deepest route that states an access rule decides.
  const access = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.access)
    .findLast((a) => a !== undefined);

  if (me.isPending) return <PageLoader label="Loading your account" />;
  if (me.isError) {
    return (
      <Alert color="red" title="Could not load your account" maw={560}>
        {errorMessage(me.error)}
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => me.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (access && !canOpen(me.data, access)) {
    return (
      <StatusPage code="403" title="No access">
        Your account does not include this area. Ask a super admin if you need it.
      </StatusPage>
    );
  }
  return <Outlet />;
}
