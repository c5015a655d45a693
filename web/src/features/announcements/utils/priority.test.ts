import { describe, expect, it } from 'vitest';

import { isAllowedAttachment, priorityColor } from '@/features/announcements/utils/priority';
import { isAllowedLogoFile } from '@/features/logos/utils/logo-file';

describe('announcements', () => {
  it('priority 1 is red, 2 orange, 3 grey', () => {
    expect(priorityColor(1)).toBe('red');
    expect(priorityColor(2)).toBe('orange');
    expect(priorityColor(3)).toBe('gray');
  });

  it('attachments are .png, .jpg or .jpeg only', () => {
    expect(isAllowedAttachment('aviso.PNG')).toBe(true);
    expect(isAllowedAttachment('foto.jpeg')).toBe(true);
    expect(isAllowedAttachment('foto.jpg')).toBe(true);
    expect(isAllowedAttachment('doc.pdf')).toBe(false);
    expect(isAllowedAttachment('image.png.exe')).toBe(false);
  });
});

describe('logos', () => {
  it('logos and icons are PNG, ICO or SVG only', () => {
    expect(isAllowedLogoFile('logo.png')).toBe(true);
    expect(isAllowedLogoFile('favicon.ICO')).toBe(true);
    expect(isAllowedLogoFile('logo.svg')).toBe(true);
    expect(isAllowedLogoFile('logo.jpg')).toBe(false);
  });
});
