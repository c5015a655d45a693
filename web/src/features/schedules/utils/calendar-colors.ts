/** Spec 2: the calendars' preset palette of 15 colours; a new calendar is #3498db. */
export const CALENDAR_COLORS = [
  '#3498db',
  '#e74c3c',
  '#2ecc71',
  '#f39c12',
  '#9b59b6',
  '#1abc9c',
  '#e67e22',
  '#34495e',
  '#f1c40f',
  '#e91e63',
  '#00bcd4',
  '#8bc34a',
  '#ff5722',
  '#795548',
  '#607d8b',
] as const;
export const DEFAULT_CALENDAR_COLOR = '#3498db';
/** Spec 2 section 9: a block is #ff5722 unless told. */
export const DEFAULT_BLOCK_COLOR = '#ff5722';
