import { IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleUser, LuLogOut } from 'react-icons/lu';

import type { AuthUser } from '@/features/auth/types';

type UserMenuProps = {
  user: AuthUser;
  onLogout: () => void;
};

export function UserMenu({ user, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const loggingOut = useRef(false);

  // Bound to both the menu's selection (keyboard, pointer) and the click itself; runs once.
  function handleLogout() {
    if (loggingOut.current) return;
    loggingOut.current = true;
    onLogout();
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={t('layout.profile')} title={t('layout.profile')} variant="ghost" size="sm" data-testid="user-menu-button">
          <LuCircleUser />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text truncate>{user.name}</Text>
                <Text fontSize="xs" color="fg.muted" fontWeight="normal" truncate>
                  {user.email}
                </Text>
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={handleLogout} onClick={handleLogout} data-testid="logout-item">
              <LuLogOut />
              {t('layout.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
