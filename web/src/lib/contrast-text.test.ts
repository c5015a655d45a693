import { describe, expect, it } from 'vitest';

import { contrastText, DARK_TEXT, LIGHT_TEXT } from '@/lib/contrast-text';

describe('chip text colour from the background', () => {
  it('light colours get dark text, dark colours white text', () => {
    expect(contrastText('#A4CCCC')).toBe(DARK_TEXT); // the default tag colour
    expect(contrastText('#a4cccc')).toBe(DARK_TEXT);
    expect(contrastText('#ffff00')).toBe(DARK_TEXT);
    expect(contrastText('#fff')).toBe(DARK_TEXT);
    expect(contrastText('#2576d2')).toBe(LIGHT_TEXT);
    expect(contrastText('#000000')).toBe(LIGHT_TEXT);
    expect(contrastText('#595959')).toBe(LIGHT_TEXT);
    expect(contrastText('#c00')).toBe(LIGHT_TEXT);
  });

  it('reads the short and alpha hex forms, ignoring the alpha', () => {
    expect(contrastText('#A4CCCC80')).toBe(DARK_TEXT);
    expect(contrastText('#2576d2ff')).toBe(LIGHT_TEXT);
    expect(contrastText('#fff8')).toBe(DARK_TEXT);
    expect(contrastText(' #2576d2 ')).toBe(LIGHT_TEXT);
  });

  it('a colour that is not hex keeps the chip’s own text colour', () => {
    for (const invalid of ['', 'red', '#12', '#12345', '#gggggg', 'rgb(0,0,0)', null, undefined]) {
      expect(contrastText(invalid)).toBeUndefined();
    }
  });
});
