import { describe, expect, it } from 'vitest';

import { system } from '@/lib/theme';

describe('the theme (issue 29: WCAG 2.1 AA)', () => {
  it('a solid button darkens on hover and while its menu is open, in light and dark mode alike', () => {
    const solid = system.getRecipe('button').variants?.variant?.solid as Record<string, { bg?: string } | undefined>;
    // The palette's solid mixed with black (one value for both modes), never faded toward the page.
    const darker = 'color-mix(in srgb, var(--chakra-colors-color-palette-solid) 85%, black)';
    for (const state of ['_hover', '_expanded']) {
      expect(system.css({ bg: solid[state]?.bg }), state).toMatchObject({ background: darker });
    }
  });
});
