import type { TFunction } from 'i18next';

import { parseLocation } from './location';
import { parseVCard } from './vcard';

const MAPS_LINK = /^https:\/\/maps\.google\.com\/maps\?q=/;

/**
 * What the ticket list and notifications show for a last message: a contact card and a location by
 * what they are ('Contato: Maria', 'Localização: Padaria'), not by their raw vCard or
 * 'thumbnail|link|description' text; anything else as it is.
 */
export function lastMessagePreview(text: string, t: TFunction): string {
  if (/^BEGIN:VCARD/i.test(text.trimStart())) {
    const { name } = parseVCard(text);
    return name ? `${t('tickets.chat.contact')}: ${name}` : t('tickets.chat.contact');
  }
  const { link, description: rawDescription } = parseLocation(text);
  if (MAPS_LINK.test(link)) {
    const description = rawDescription.trim();
    return description ? `${t('tickets.chat.location')}: ${description}` : t('tickets.chat.location');
  }
  return text;
}
