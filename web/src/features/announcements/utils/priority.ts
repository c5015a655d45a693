import { ANNOUNCEMENT_MEDIA_EXTENSIONS } from '../types';

/** Spec 2 section 3: 1 high (red), 2 medium (orange), 3 low (grey). */
export function priorityColor(priority: number): 'red' | 'orange' | 'gray' {
  if (priority === 1) return 'red';
  if (priority === 2) return 'orange';
  return 'gray';
}

/** An announcement attachment must be .png, .jpg or .jpeg. */
export function isAllowedAttachment(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ANNOUNCEMENT_MEDIA_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
