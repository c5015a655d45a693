import { describe, expect, it } from 'vitest';

import { resolveInitialColorMode, toggleColorMode } from '@/lib/theme-preference';

describe('theme preference', () => {
  it('without a stored choice, follows the system dark preference', () => {
    expect(resolveInitialColorMode(null, true)).toBe('dark');
    expect(resolveInitialColorMode(null, false)).toBe('light');
  });

  it('a stored choice wins over the system preference', () => {
    expect(resolveInitialColorMode('light', true)).toBe('light');
    expect(resolveInitialColorMode('dark', false)).toBe('dark');
  });

  it('an unknown stored value is ignored', () => {
    expect(resolveInitialColorMode('system', true)).toBe('dark');
    expect(resolveInitialColorMode('purple', false)).toBe('light');
  });

  it('toggling switches between the two modes', () => {
    expect(toggleColorMode('light')).toBe('dark');
    expect(toggleColorMode('dark')).toBe('light');
  });
});
