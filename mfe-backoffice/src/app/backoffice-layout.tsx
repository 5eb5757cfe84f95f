import { Anchor, AppShell, Badge, Burger, Button, Group, Image, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { daysLeft } from '@incontra/contracts/api/subscription';
import { LAYOUT } from '@incontra/contracts/constants';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { can } from '@incontra/contracts/permissions';
import { offerStaffLine } from '@incontra/contracts/realtime/staff-line';
import { isOwnedBy, ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useLogout } from '../features/auth/api/logout';
import { displayName, useRequiredUser } from '../features/auth/hooks/use-required-user';
import { UnsavedChangesProvider, useConfirmLeave } from '../features/company/unsaved/unsaved-changes';
import { useStaffLobby } from '../features/live-queue/hooks/use-staff-lobby';
import { useWaitingCount } from '../features/live-queue/hooks/use-waiting-count';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { BillingOnlyNotice } from './lockout/billing-only-notice';
import { openWhenBillingOnly, useBillingOnly } from './lockout/billing-only';
import { useSubscriptionForLimits } from './management/plan-usage';
import { sectionsFor } from './sections';
import { SkipLink } from './skip-link';
import { useSectionLink } from './use-section-link';

const MAIN_ID = 'backoffice-main';

/** How many visitors wait in the live queue, beside its section. */
function WaitingBadge({ count }: { count: number }) {
  return (
    <>
      <Badge size="sm" circle aria-hidden data-testid="queue-count">
        {count}
      </Badge>
      <VisuallyHidden>{IT_LOBBY.staff.waitingCount(count)}</VisuallyHidden>
    </>
  );
}

/** The live queue's waiting count beside its section (the lobby line and its polling live only while this shows). */
function LiveQueueBadge({ polling }: { polling: boolean }) {
  const waiting = useWaitingCount(polling);
  return waiting ? <WaitingBadge count={waiting} /> : null;
}

/** An admin's trial: the days left, a link to the subscription page (the shared read of GET /api/subscription). */
function TrialBadge() {
  const { data } = useSubscriptionForLimits();
  const sectionLink = useSectionLink();
  const days = data?.status === 'trialing' ? daysLeft(data.trialEndsAt) : 0;
  if (days <= 0) return null;
  return (
    <Anchor {...sectionLink(ROUTES.billing)} underline="never" style={{ flexShrink: 0 }} data-testid="trial-badge">
      {/* Shorter on a phone, so that «Esci» stays on screen at 320 px. */}
      <Badge variant="light" size="md" style={{ cursor: 'pointer' }} visibleFrom="xs">
        {IT_BILLING_PAGES.headerTrial(days)}
      </Badge>
      <Badge variant="light" size="sm" style={{ cursor: 'pointer' }} hiddenFrom="xs">
        {IT_BILLING_PAGES.headerTrialShort(days)}
      </Badge>
      <VisuallyHidden>{IT_BILLING_PAGES.headerTrialMore}</VisuallyHidden>
    </Anchor>
  );
}

/**
 * The signed-in frame: company and user in the header, the sections in the navbar. Texts with
 * unsaved changes anywhere in it are asked about before any way out, «Esci» included.
 */
export function BackofficeLayout() {
  return (
    <UnsavedChangesProvider>
      <LayoutFrame />
    </UnsavedChangesProvider>
  );
}

function LayoutFrame() {
  const { company, theme, notify } = useMfeProps();
  const user = useRequiredUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sectionLink = useSectionLink();
  const [menuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  // Open only for billing (the subscription ended): the navigation offers what stays open, any other page says why.
  const billingOnly = useBillingOnly(user.role);
  const sections = sectionsFor(user.role).filter((section) => !billingOnly || openWhenBillingOnly(user.role, section.path));
  const lockedOut = billingOnly && !openWhenBillingOnly(user.role, pathname);
  const lobby = useStaffLobby();
  // The tab's one lobby socket, for the billing remote's pages framed here too (the point of sale's live list).
  useEffect(() => offerStaffLine(lobby), [lobby]);
  const confirmLeave = useConfirmLeave();

  function onLogout() {
    confirmLeave(() =>
      logout.mutate(undefined, {
        onSuccess: () => navigate(ROUTES.login, { replace: true }),
        onError: (error) => notify.show({ kind: 'error', message: apiErrorMessage(error) }),
      }),
    );
  }

  return (
    <>
      <SkipLink target={MAIN_ID} />
      <AppShell header={{ height: LAYOUT.headerPx }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }} padding="lg">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            {/* The brand side gives way so that 'Esci' stays on screen at 320 px: on a phone a smaller
                logo, and the name wraps onto a second line (cut only past that) instead of «D…». */}
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
              <Burger opened={menuOpen} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label={IT_BACKOFFICE.openMenu} />
              <Image src={theme.logoUrl} alt="" h={{ base: 28, xs: 36 }} w="auto" maw={{ base: 56, xs: 120 }} fit="contain" style={{ flexShrink: 0 }} />
              <Text fw={700} lh={1.2} lineClamp={2} miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="company-name">
                {company.name}
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
              {can(user.role, 'manageSubscription') && <TrialBadge />}
              <Text size="sm" visibleFrom="xs" truncate maw={180}>
                {displayName(user)}
              </Text>
              <Button variant="default" size="sm" onClick={onLogout} loading={logout.isPending}>
                {IT_BACKOFFICE.logout}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        {/* The navbar is fixed to the window's height: its own scroll keeps every section reachable
            on a short window (an admin's 17 sections at 1280×720 pass its bottom). */}
        <AppShell.Navbar p="sm" component="nav" aria-label={IT_BACKOFFICE.navLabel} style={{ overflowY: 'auto' }}>
          {sections.map((section) => {
            const active = pathname === section.path || (section.path !== ROUTES.admin && pathname.startsWith(`${section.path}/`));
            return (
              <NavLink
                key={section.path}
                component="a"
                {...sectionLink(section.path)}
                label={section.label}
                rightSection={section.path === ROUTES.liveQueue ? <LiveQueueBadge polling={pathname !== ROUTES.liveQueue} /> : undefined}
                active={active}
                variant="filled"
                aria-current={active ? 'page' : undefined}
                onClickCapture={closeMenu}
              />
            );
          })}
        </AppShell.Navbar>
        {/* Around another remote's page (the subscription, FRAMES) that page is the main landmark: one per page
            (the lockout's notice, shown instead of it, is ours). */}
        <AppShell.Main component={lockedOut || isOwnedBy('backoffice', pathname) ? 'main' : 'div'} id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
          {lockedOut ? <BillingOnlyNotice role={user.role} /> : <Outlet />}
        </AppShell.Main>
      </AppShell>
    </>
  );
}
