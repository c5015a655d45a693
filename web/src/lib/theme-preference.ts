import { STORAGE_KEYS } from '@/config/storage-keys';

export type ColorMode = 'light' | 'dark';

export const COLOR_MODES: readonly ColorMode[] = ['light', 'dark'];

export function isColorMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark';
}

/** The mode to start with: the stored choice, else the system's dark preference, else light. */
export function resolveInitialColorMode(stored: string | null | undefined, systemPrefersDark: boolean): ColorMode {
  if (isColorMode(stored)) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

export function toggleColorMode(mode: ColorMode): ColorMode {
  return mode === 'dark' ? 'light' : 'dark';
}

export function readStoredColorMode(): ColorMode | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.preferredTheme);
    return isColorMode(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** The initial mode in this browser (read once, when the theme provider mounts). */
export function getInitialColorMode(): ColorMode {
  return resolveInitialColorMode(readStoredColorMode(), systemPrefersDark());
}
