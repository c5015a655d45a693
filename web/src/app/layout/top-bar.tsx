import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuMenu } from 'react-icons/lu';

import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useToastArea, useToastShowing } from '@/components/ui/toaster';
import { STATUS_AREA_HEIGHT, TOP_BAR_HEIGHT } from '@/config/layout';
import { AnnouncementsPopover } from '@/features/announcements/components/announcements-popover';
import type { AuthUser } from '@/features/auth/types';
import { TicketNotifications } from '@/features/tickets/components/ticket-notifications';
import { VolumeControl } from '@/features/tickets/components/volume-control';

import { UserMenu } from './user-menu';

type TopBarProps = {
  user: AuthUser;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
};

export function TopBar({ user, menuOpen, onToggleMenu, onLogout }: TopBarProps) {
  const { t } = useTranslation();
  const toastArea = useToastArea<HTMLDivElement>();
  const toastShowing = useToastShowing();

  function handleToggleMenu() {
    onToggleMenu();
  }

  return (
    <Flex
      as="header"
      data-testid="top-bar"
      align="center"
      columnGap="3"
      // A phone's bar is its buttons: the status area (greeting or toast) takes a row of its own below them.
      wrap={{ base: 'wrap', md: 'nowrap' }}
      minH={TOP_BAR_HEIGHT}
      h={{ base: 'auto', md: TOP_BAR_HEIGHT }}
      pb={{ base: '1', md: '0' }}
      px="3"
      bg="brand.solid"
      color="brand.contrast"
      position="sticky"
      top="0"
      zIndex="docked"
      flexShrink={0}
      // On the teal bar a ring of the page's teal would not show: the bar's rings are its text colour.
      css={{ '& :focus-visible': { outlineColor: 'brand.contrast' } }}
    >
      <IconButton
        aria-label={t('layout.toggleMenu')}
        aria-expanded={menuOpen}
        variant="ghost"
        color="inherit"
        _hover={{ bg: 'whiteAlpha.200' }}
        size="sm"
        onClick={handleToggleMenu}
        data-testid="menu-toggle"
      >
        <LuMenu />
      </IconButton>
      {/* The status area: the greeting, or in its place the toast on screen (decision 0048). */}
      <Flex
        ref={toastArea}
        flex="1"
        minW="0"
        order={{ base: 3, md: 0 }}
        flexBasis={{ base: '100%', md: '0' }}
        h={{ base: STATUS_AREA_HEIGHT.base, md: STATUS_AREA_HEIGHT.md }}
        align="center"
        data-testid="toast-area"
      >
        <Text
          lineClamp={2}
          lineHeight="short"
          overflowWrap="anywhere"
          fontSize={{ base: 'sm', md: 'md' }}
          visibility={toastShowing ? 'hidden' : undefined}
          data-testid="welcome-text"
        >
          <Box as="span" hideFrom="md">
            {t('layout.welcomeShort', { name: user.name })}
          </Box>
          <Box as="span" hideBelow="md">
            {t('layout.welcome', { name: user.name })}
          </Box>
        </Text>
      </Flex>
      <HStack gap="1" ml="auto" color="inherit" css={{ '& button': { color: 'inherit' } }}>
        <LanguageSwitcher onBrand />
        <ThemeToggle />
        <TicketNotifications user={user} />
        <VolumeControl />
        <AnnouncementsPopover />
        <UserMenu user={user} onLogout={onLogout} />
      </HStack>
    </Flex>
  );
}
