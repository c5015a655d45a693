import { parseVCard as parseContactCard } from '@app/contracts';

/**
 * The name and WhatsApp number of a shared contact card (a vCard body), read by the same parser as
 * the server's (folded lines, `item1.TEL;waid=...`): the first phone's WhatsApp id, else its digits.
 */
export function parseVCard(body: string): { name: string; number: string } {
  const card = parseContactCard(body);
  if (!card) return { name: '', number: '' };
  const phone = card.phones[0];
  return { name: card.name, number: phone ? (phone.waid ?? phone.number.replace(/\D/g, '')) : '' };
}
