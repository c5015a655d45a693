import { Box, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import type { AuthUser } from '@/features/auth/types';
import { isAdmin } from '@/features/auth/utils/roles';
import { VersionLabel } from '@/features/version/components/version-label';

import { getVisibleMenuEntries } from './menu-entries';

type SideMenuProps = {
  user: AuthUser;
  /** Icons only (the narrow permanent variant). */
  collapsed?: boolean;
  /** Called after an entry is chosen (the temporary drawer closes). */
  onNavigate?: () => void;
};

export function SideMenu({ user, collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const entries = getVisibleMenuEntries(user, user.company?.plan);

  function handleNavigate() {
    onNavigate?.();
  }

  return (
    <Flex direction="column" h="full" justify="space-between" py="3">
      <Stack as="ul" gap="1" px="2" listStyleType="none" m="0">
        {entries.map((entry) => {
          const label = t(entry.labelKey);
          return (
            <Box as="li" key={entry.key}>
              <NavLink to={entry.path} onClick={handleNavigate} title={collapsed ? label : undefined}>
                {({ isActive }) => (
                  <Flex
                    align="center"
                    gap="3"
                    px="3"
                    py="2"
                    borderRadius="md"
                    justify={collapsed ? 'center' : 'flex-start'}
                    bg={isActive ? 'brand.subtle' : undefined}
                    color={isActive ? 'brand.fg' : 'fg'}
                    fontWeight={isActive ? 'semibold' : 'normal'}
                    _hover={{ bg: isActive ? 'brand.muted' : 'bg.muted' }}
                    data-testid={`menu-item-${entry.key}`}
                    aria-current={isActive ? 'page' : undefined}
                  >
                    <Icon as={entry.icon} boxSize="5" aria-hidden />
                    {collapsed ? (
                      <Text srOnly>{label}</Text>
                    ) : (
                      <Text as="span" truncate>
                        {label}
                      </Text>
                    )}
                    {entry.badge && <entry.badge companyId={user.companyId} />}
                  </Flex>
                )}
              </NavLink>
            </Box>
          );
        })}
      </Stack>
      {isAdmin(user) && !collapsed && (
        <Box px="2" pt="3">
          <VersionLabel />
        </Box>
      )}
    </Flex>
  );
}
