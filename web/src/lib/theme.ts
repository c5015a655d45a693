import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { dialogAnatomy, drawerAnatomy } from '@chakra-ui/react/anatomy';

/**
 * In the signed-in shell a dialog or drawer opens below the top bar's status area (whose bottom the
 * bar publishes as `--toast-area-bottom`), so a toast, which stands in that area above every layer,
 * never lies over a dialog's controls; without the shell the variable is unset and they take the window.
 */
/**
 * A solid button's hover (and open menu) colour: its palette's solid mixed with black, so it darkens
 * in light and dark mode. Chakra's default is the solid at 90% opacity, which over a light page
 * lightens it and lowers the contrast of its white text (the brand's 5.2:1 fell under 4.5:1).
 */
const SOLID_DARKER = 'color-mix(in srgb, {colors.colorPalette.solid} 85%, black)';

const belowTheToastArea = {
  top: 'var(--toast-area-bottom, 0px)',
  height: 'calc(100dvh - var(--toast-area-bottom, 0px))',
} as const;

/**
 * The Chakra UI v3 system: the default config plus a WhatsApp-green brand palette. Colours meet
 * WCAG 2.1 AA (issue 29): text on a solid colour has 4.5:1 (the brand's `solid` is a darker teal
 * than its 600, so white text on buttons, badges and the top bar reads, in light and dark mode), and
 * a focus ring has 3:1 against what is around it (the default grey 400 ring had 2.6:1).
 */
const config = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    body: { bg: 'bg.subtle', color: 'fg' },
    // Whatever takes focus without a recipe's ring of its own (rows, lists, scrolling boxes) shows one.
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
  theme: {
    recipes: {
      button: { variants: { variant: { solid: { _hover: { bg: SOLID_DARKER }, _expanded: { bg: SOLID_DARKER } } } } },
    },
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
          /** The teal text sits on: white on it is 5.2:1 (on the 600, 4.1:1). */
          650: { value: '#0e7a6d' },
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
          solid: { value: { _light: '{colors.brand.650}', _dark: '{colors.brand.700}' } },
          contrast: { value: { _light: 'white', _dark: 'white' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
        },
        // Chakra's default rings (grey 400, green 500) have under 3:1 on a light page.
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
        // White text on Chakra's green 600 is 3.3:1: the solid green (Accept, unread badges) is the 700.
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
          focusRing: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
