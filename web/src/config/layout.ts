/** The top bar's height from 768 px; a phone's bar adds a row for its status area. */
export const TOP_BAR_HEIGHT = '3.5rem';

/**
 * The top bar's status area, where the greeting stands and a toast takes its place (decision 0048):
 * a fixed height, two lines of text, so a toast changes neither the bar's height nor the page's.
 */
export const STATUS_AREA_HEIGHT = { base: '2.5rem', md: '3rem' } as const;
