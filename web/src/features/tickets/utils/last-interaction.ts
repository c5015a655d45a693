/** Spec 1 section 9: the label is recomputed every 30 s. */
export const LAST_INTERACTION_REFRESH_MS = 30_000;

export type LastInteractionColor = 'green' | 'orange' | 'red';

export type LastInteraction = { unit: 'minutes' | 'hours' | 'days'; value: number; color: LastInteractionColor } | null;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The last-interaction label of a list item (spec 1 section 4): 3 to 10 minutes green, 30 to 59
 * minutes orange, from 60 minutes and under 24 h in hours red, 24 h or more in days red; nothing
 * in the gaps (under 3 minutes, 11 to 29 minutes).
 */
export function getLastInteraction(updatedAt: string | Date | null | undefined, now: Date): LastInteraction {
  if (!updatedAt) return null;
  const date = updatedAt instanceof Date ? updatedAt : new Date(updatedAt);
  if (Number.isNaN(date.getTime())) return null;
  const elapsed = now.getTime() - date.getTime();
  const minutes = Math.floor(elapsed / MINUTE);
  const hours = Math.floor(elapsed / HOUR);
  if (minutes >= 3 && minutes <= 10) return { unit: 'minutes', value: minutes, color: 'green' };
  if (minutes >= 30 && minutes < 60) return { unit: 'minutes', value: minutes, color: 'orange' };
  if (minutes >= 60 && hours < 24) return { unit: 'hours', value: hours, color: 'red' };
  if (hours >= 24) return { unit: 'days', value: Math.floor(hours / 24), color: 'red' };
  return null;
}
