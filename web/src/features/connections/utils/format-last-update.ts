/** A card's last update, dd/MM/yy HH:mm (spec section 2); empty when the date is missing or invalid. */
export { formatShortDateTime as formatLastUpdate } from '@/lib/format';
