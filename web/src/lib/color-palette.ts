/**
 * Colours offered to a new queue or tag, in order (the queue modal's palette); a company's queue
 * colours are unique (ERR_QUEUE_COLOR_ALREADY_EXISTS).
 */
export const QUEUE_COLORS = [
  '#2576d2',
  '#e91e63',
  '#4caf50',
  '#ff9800',
  '#9c27b0',
  '#00bcd4',
  '#f44336',
  '#3f51b5',
  '#8bc34a',
  '#795548',
  '#009688',
  '#ffc107',
  '#673ab7',
  '#03a9f4',
  '#cddc39',
  '#ff5722',
  '#607d8b',
  '#1b5e20',
  '#880e4f',
  '#0d47a1',
] as const;

/** The first palette colour not used yet, so a new queue or tag does not collide by default. */
export function nextQueueColor(usedColors: readonly string[]): string {
  const used = new Set(usedColors.map((color) => color.toLowerCase()));
  const free = QUEUE_COLORS.find((color) => !used.has(color));
  if (free) return free;
  // Past the palette: distinct generated colours (the step is odd), one of the first used.size + 1 is free.
  for (let step = 0; step < used.size; step++) {
    const color = `#${((0x000080 + step * 0x010203) % 0x1000000).toString(16).padStart(6, '0')}`;
    if (!used.has(color)) return color;
  }
  return `#${((0x000080 + used.size * 0x010203) % 0x1000000).toString(16).padStart(6, '0')}`;
}
