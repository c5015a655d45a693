import { LOGO_EXTENSIONS } from '../types';

/** Logos and icons must be PNG, ICO or SVG files. */
export function isAllowedLogoFile(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return LOGO_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
