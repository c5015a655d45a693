import { IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useColorMode } from '@/components/ui/color-mode';
import { MoonIcon, SunIcon } from '@/components/ui/shell-icons';

/** Switches between light and dark; the icon shows the mode a click leads to. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { colorMode, toggleColorMode } = useColorMode();

  function handleClick() {
    toggleColorMode();
  }

  return (
    <IconButton
      aria-label={t('layout.toggleTheme')}
      title={t('layout.toggleTheme')}
      data-testid="theme-toggle"
      data-color-mode={colorMode}
      variant="ghost"
      size="sm"
      onClick={handleClick}
    >
      {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
