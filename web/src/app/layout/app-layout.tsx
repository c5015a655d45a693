import { Box, chakra, CloseButton, Drawer, Flex, Portal, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { useQueuesRealtime } from '@/api/get-queues';
import { LiveRegion } from '@/components/ui/live-region';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DelayedMessagesBanner } from '@/features/health/components/delayed-messages-banner';
import { InternalLogo } from '@/features/logos/components/internal-logo';
import { focusTicketList } from '@/features/tickets/utils/chat-focus';
import { useMediaQuery } from '@/hooks/use-media-query';

import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** Spec section 2: open by default above 1200 px; a temporary drawer below 600 px. */
export const WIDE_QUERY = '(min-width: 1201px)';
export const NARROW_QUERY = '(max-width: 599px)';
const MENU_WIDTH = '240px';
const MENU_COLLAPSED_WIDTH = '64px';
/** The page's own content, where the skip link leads off Atendimentos. */
const MAIN_ID = 'main-content';

/** The signed-in shell: top bar, side menu and the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const onTickets = location.pathname === paths.tickets || location.pathname.startsWith(`${paths.tickets}/`);
  const isWide = useMediaQuery(WIDE_QUERY);
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const [menuOpen, setMenuOpen] = useState(isWide);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useQueuesRealtime(user?.companyId);

  // Crossing the 1200 px line resets the permanent menu to that width's default.
  useEffect(() => {
    setMenuOpen(isWide);
  }, [isWide]);

  useEffect(() => {
    if (!isNarrow) setDrawerOpen(false);
  }, [isNarrow]);

  if (!user) return null;

  function handleToggleMenu() {
    if (isNarrow) setDrawerOpen((open) => !open);
    else setMenuOpen((open) => !open);
  }

  function handleCloseDrawer() {
    setDrawerOpen(false);
  }

  /** The skip link: past the bar and the menu, to the ticket list on Atendimentos, else to the page. */
  function handleSkip(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (onTickets && focusTicketList()) return;
    document.getElementById(MAIN_ID)?.focus();
  }

  async function handleLogout() {
    await logout();
    void navigate(paths.login, { replace: true });
  }

  return (
    <Flex direction="column" h="100vh" overflow="hidden">
      <chakra.a
        href={`#${MAIN_ID}`}
        onClick={handleSkip}
        data-testid="skip-link"
        position="absolute"
        top="2"
        left="2"
        zIndex="skipNav"
        px="4"
        py="2"
        borderRadius="md"
        bg="bg.panel"
        color="fg"
        fontWeight="semibold"
        shadow="md"
        // Out of sight until the keyboard reaches it: the first Tab stop of every signed-in page. It opens
        // over the teal top bar, where the page's teal ring had 1.1:1: its ring is the bar's, its text colour.
        transform="translateY(-200%)"
        _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'brand.contrast', outlineOffset: '2px' }}
      >
        {onTickets ? t('layout.skipToTickets') : t('layout.skipToContent')}
      </chakra.a>
      <LiveRegion />
      <TopBar user={user} menuOpen={isNarrow ? drawerOpen : menuOpen} onToggleMenu={handleToggleMenu} onLogout={handleLogout} />
      <DelayedMessagesBanner />
      <Flex flex="1" minH="0">
        {!isNarrow && (
          <Box
            as="nav"
            data-testid="side-menu"
            data-state={menuOpen ? 'open' : 'collapsed'}
            aria-label={t('layout.mainMenu')}
            w={menuOpen ? MENU_WIDTH : MENU_COLLAPSED_WIDTH}
            flexShrink={0}
            borderRightWidth="1px"
            bg="bg.panel"
            transition="width 0.2s"
            overflowY="auto"
            overflowX="hidden"
          >
            {menuOpen && (
              <Box pt="3" px="2">
                <InternalLogo />
              </Box>
            )}
            <SideMenu user={user} collapsed={!menuOpen} />
          </Box>
        )}
        <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" flex="1" minW="0" overflowY="auto" p={{ base: '3', md: '6' }}>
          <Outlet />
        </Box>
      </Flex>

      {isNarrow && (
        <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW={MENU_WIDTH} data-testid="side-menu" aria-label={t('layout.mainMenu')}>
                <Drawer.Header>
                  <Drawer.Title>
                    <Text>{t('app.name')}</Text>
                  </Drawer.Title>
                </Drawer.Header>
                <Drawer.Body px="0">
                  <SideMenu user={user} onNavigate={handleCloseDrawer} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.close')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
    </Flex>
  );
}
