/** The phone display is shared with the contacts table: it lives in lib. */
export { formatPhone } from '@/lib/format-phone';
