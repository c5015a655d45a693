/** Dark text for light chips (Chakra's gray.900). */
export const DARK_TEXT = '#18181b';
/** Light text for dark chips. */
export const LIGHT_TEXT = '#ffffff';

const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The red, green and blue (0–255) of `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (alpha ignored), else null. */
function parseHex(colour: string): [number, number, number] | null {
  const value = colour.trim();
  if (!HEX_COLOUR.test(value)) return null;
  const digits = value.slice(1);
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour (0 black … 1 white). */
function relativeLuminance([red, green, blue]: [number, number, number]): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

function contrastRatio(first: number, second: number): number {
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

const DARK_LUMINANCE = relativeLuminance(parseHex(DARK_TEXT)!);
const LIGHT_LUMINANCE = relativeLuminance(parseHex(LIGHT_TEXT)!);

/**
 * The text colour for a chip drawn on a user-chosen colour (tags, queues): whichever of dark or white
 * text has the higher WCAG contrast with it. A colour that is not hex (the chip's background is then
 * dropped by the browser) gives undefined, so the chip keeps its own theme text colour.
 */
export function contrastText(background: string | null | undefined): string | undefined {
  const rgb = background ? parseHex(background) : null;
  if (!rgb) return undefined;
  const luminance = relativeLuminance(rgb);
  return contrastRatio(luminance, DARK_LUMINANCE) > contrastRatio(luminance, LIGHT_LUMINANCE) ? DARK_TEXT : LIGHT_TEXT;
}
