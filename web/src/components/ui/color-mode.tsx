import { ThemeProvider, useTheme } from 'next-themes';
import { type ReactNode, useState } from 'react';

import { STORAGE_KEYS } from '@/config/storage-keys';
import { type ColorMode, getInitialColorMode, isColorMode, toggleColorMode } from '@/lib/theme-preference';

type ColorModeProviderProps = {
  children: ReactNode;
};

/**
 * Light and dark modes through next-themes: the `<html>` element gets class `light` or `dark` (which
 * Chakra's `_dark` condition reads) and the choice is kept in localStorage `preferredTheme`. Without a
 * stored choice the system's dark preference decides.
 */
export function ColorModeProvider({ children }: ColorModeProviderProps) {
  const [defaultTheme] = useState(getInitialColorMode);
  return (
    <ThemeProvider
      attribute="class"
      storageKey={STORAGE_KEYS.preferredTheme}
      themes={['light', 'dark']}
      defaultTheme={defaultTheme}
      enableSystem={false}
      enableColorScheme
      disableTransitionOnChange
      // next-themes' pre-paint script only matters for server rendering; index.html does that job
      // here. As a data block React does not warn about it.
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}

export function useColorMode() {
  const { resolvedTheme, theme, setTheme } = useTheme();
  const current = resolvedTheme ?? theme;
  const colorMode: ColorMode = isColorMode(current) ? current : 'light';
  return {
    colorMode,
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(toggleColorMode(colorMode)),
  };
}
