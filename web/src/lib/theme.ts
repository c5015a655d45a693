import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { dialogAnatomy, drawerAnatomy } from '@chakra-ui/react/anatomy';

/**
 * In the signed-in shell a dialog or drawer opens below the top bar's status area (whose bottom the
 * bar publishes as `--toast-area-bottom`), so a toast, which stands in that area above every layer,
 * never lies over a dialog's controls; without the shell the variable is unset and they take the window.
 */
const belowTheToastArea = {
  top: 'var(--toast-area-bottom, 0px)',
  height: 'calc(100dvh - var(--toast-area-bottom, 0px))',
} as const;

/** The Chakra UI v3 system: the default config plus a WhatsApp-green brand palette. */
const config = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    body: { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    // Dialogs and drawers open below the status area where toasts stand (decision 0048).
    slotRecipes: {
      dialog: { slots: dialogAnatomy.keys(), base: { positioner: belowTheToastArea } },
      drawer: { slots: drawerAnatomy.keys(), base: { positioner: belowTheToastArea } },
    },
    tokens: {
      colors: {
        brand: {
          50: { value: '#e7f7f4' },
          100: { value: '#c2ebe3' },
          200: { value: '#98ddd0' },
          300: { value: '#6ccfbd' },
          400: { value: '#45c1ab' },
          500: { value: '#25a38f' },
          600: { value: '#128c7e' },
          700: { value: '#0c7065' },
          800: { value: '#075e54' },
          900: { value: '#043f38' },
          950: { value: '#02241f' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.500}' } },
          contrast: { value: { _light: 'white', _dark: 'white' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
