import { format } from 'date-fns';
import { parseApiDate } from '@/lib/dates';

/** A card's last update, dd/MM/yy HH:mm (spec section 2); empty when the date is missing or invalid. */
export function formatLastUpdate(value: unknown): string {
  const date = parseApiDate(value);
  return date ? format(date, 'dd/MM/yy HH:mm') : '';
}
